import type { ComponentProps, ReactNode } from 'react';
import { ShareAppDialog } from '../../features/sharing-app/ShareAppDialog.tsx';
import { MobileNavDrawer } from '../layout/MobileNavDrawer.tsx';
import { IslandProviders } from './providers.tsx';
import { PageToaster } from './toaster.tsx';

/** The side menu, with the query cache and links it uses (its sign-out is for signed-in people). */
export function PageDrawer(props: ComponentProps<typeof MobileNavDrawer>) {
  return (
    <IslandProviders>
      <MobileNavDrawer {...props} />
    </IslandProviders>
  );
}

/** The "Tell others" dialog, with the toaster that says "Link copied!". */
export function PageShareDialog({ children, defaultOpen }: { children: ReactNode; defaultOpen?: boolean }) {
  return (
    <>
      <ShareAppDialog defaultOpen={defaultOpen}>{children}</ShareAppDialog>
      <PageToaster />
    </>
  );
}

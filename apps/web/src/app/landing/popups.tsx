import type { ComponentProps, ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ShareAppDialog } from '../../features/sharing-app/ShareAppDialog.tsx';
import { ThemeProvider } from '../../features/theme/ThemeProvider.tsx';
import { useTheme } from '../../features/theme/theme-context.ts';
import { TOAST_DURATION_MS } from '../../lib/constants.ts';
import { MobileNavDrawer } from '../layout/MobileNavDrawer.tsx';
import { IslandProviders } from './providers.tsx';

/** The side menu, with the query cache and links it uses (its sign-out is for signed-in people). */
export function LandingDrawer(props: ComponentProps<typeof MobileNavDrawer>) {
  return (
    <IslandProviders>
      <MobileNavDrawer {...props} />
    </IslandProviders>
  );
}

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // One toast at a time (spec §9), as app/providers.tsx.
  return <Toaster theme={resolvedTheme} visibleToasts={1} duration={TOAST_DURATION_MS.default} closeButton />;
}

/** The "Tell others" dialog, with the toaster that says "Link copied!". */
export function LandingShareDialog({
  children,
  defaultOpen,
}: {
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  return (
    <>
      <ShareAppDialog defaultOpen={defaultOpen}>{children}</ShareAppDialog>
      <ThemeProvider>
        <ThemedToaster />
      </ThemeProvider>
    </>
  );
}

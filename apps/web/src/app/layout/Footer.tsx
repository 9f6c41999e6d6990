import { APP_NAME } from '@daybook/shared';
import { type ComponentProps, type ComponentType, lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { DeferredPopup } from '../../components/ui/deferred-popup.tsx';
import { Island } from '../../components/ui/island.tsx';
import { Logo } from './Logo.tsx';

const loadShareAppDialog = () => import('../../features/sharing-app/ShareAppDialog.tsx');
const ShareAppDialog = lazy(async () => ({ default: (await loadShareAppDialog()).ShareAppDialog }));

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/cookies', label: 'Cookies' },
  { to: '/help-contact#contact', label: 'Help & Contact' },
] as const;

const linkClass = 'rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

function TellOthersButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="link" className="text-sm font-semibold" {...props}>
      Tell others
    </Button>
  );
}

/**
 * "Tell others" and its dialog, whose code loads on first use (ADR 020). `Dialog` is that dialog; the
 * prerendered landing page passes one that brings a toaster with it (ADR 045).
 */
export function TellOthers({
  Dialog = ShareAppDialog,
}: {
  Dialog?: ComponentType<{ children: ReactNode; defaultOpen?: boolean }>;
}) {
  return (
    <DeferredPopup
      preload={() => loadShareAppDialog().catch(() => undefined)}
      trigger={(standIn) => <TellOthersButton aria-haspopup="dialog" {...standIn} />}
    >
      <Dialog defaultOpen>
        <TellOthersButton />
      </Dialog>
    </DeferredPopup>
  );
}

export function Footer() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="page-container grid gap-8 py-10 md:grid-cols-[1fr_auto] md:gap-16">
        <div className="flex flex-col gap-3">
          <Logo className="self-start" />
          <p className="max-w-sm text-sm text-muted-foreground">
            A private journal for your days. Your words are encrypted in your browser before they are stored.
          </p>
          <p className="text-sm">
            Enjoying {APP_NAME}?{' '}
            <Island name="tell-others">
              <TellOthers />
            </Island>{' '}
            or{' '}
            <Link
              to="/contact"
              className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
            >
              tell the team
            </Link>
            .
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-2 text-sm sm:grid-cols-3 md:grid-cols-2">
            {FOOTER_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className={linkClass}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="page-container py-5 text-sm text-muted-foreground">
          © {new Date().getFullYear()} {APP_NAME}. Your words are yours.
        </p>
      </div>
    </footer>
  );
}

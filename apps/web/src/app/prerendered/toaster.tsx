import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { ThemeProvider } from '../../features/theme/ThemeProvider.tsx';
import { useTheme } from '../../features/theme/theme-context.ts';
import { TOAST_DURATION_MS } from '../../lib/constants.ts';

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // One toast at a time (docs/product/shell.md#shell-timings), as app/providers.tsx.
  return <Toaster theme={resolvedTheme} visibleToasts={1} duration={TOAST_DURATION_MS.default} closeButton />;
}

/** The toaster of a prerendered page (ADR 045, 049), in the theme this browser chose. */
export function PageToaster() {
  return (
    <ThemeProvider>
      <ThemedToaster />
    </ThemeProvider>
  );
}

/**
 * Gives a prerendered page its toaster in a root of its own at the end of the body: it is no part of the page's
 * HTML, and a toast raised before it mounts is shown when it does (sonner replays active toasts).
 */
export function mountPageToaster(): void {
  const element = document.createElement('div');
  document.body.append(element);
  createRoot(element).render(
    <StrictMode>
      <PageToaster />
    </StrictMode>,
  );
}

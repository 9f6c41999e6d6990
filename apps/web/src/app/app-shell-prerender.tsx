import { FIRST_SCREEN_SLOTS } from '@daybook/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { WelcomeCard } from '../features/billing/components/WelcomeCard.tsx';
import { DashboardLayout } from '../features/dashboard/components/DashboardLayout.tsx';
import { ThemeContext } from '../features/theme/theme-context.ts';
import { SiteFrame } from './layout/AppLayout.tsx';

/** Renders a tree as the app would, with nothing fetched (queries stay pending) and no timer left running. */
function renderStatic(tree: ReactNode): string {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { enabled: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const html = renderToString(
    <MemoryRouter initialEntries={['/']}>
      <QueryClientProvider client={queryClient}>
        <ThemeContext value={{ theme: 'system', resolvedTheme: 'light', setTheme: () => undefined }}>
          {tree}
        </ThemeContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  queryClient.clear();
  return html;
}

const EMPTY_MAIN = /(<main id="main-content"[^>]*>)(<\/main>)/;

/**
 * What the app draws before it knows anything, as HTML in index.html (vite.config.ts `appDocument`, ADR 050):
 * the header as it is while the session is asked for (neither "Log In" nor the avatar) above an empty page. The
 * browser paints it as soon as the stylesheet is in, instead of a blank screen until the app's code has run; the
 * app's first render then takes its place with the page itself. No skeleton and no footer: a page shorter than
 * the screen would pull the footer up into view (a layout shift, ADR 045). Its <main> holds the mark where the
 * server puts a signed-in person's first screen (ADR 051).
 */
export function renderAppShell(): string {
  const html = renderStatic(<SiteFrame hasFooter={false} />);
  if (!EMPTY_MAIN.test(html)) throw new Error('The app shell has no empty <main id="main-content">');
  return html.replace(EMPTY_MAIN, `$1${FIRST_SCREEN_SLOTS.page}$2`);
}

/**
 * The top of the dashboard as its first render draws it, for the server to send as HTML (ADR 051): the greeting
 * and the welcome card, which is often the largest text on the screen. Inert: a click or a screen reader waits
 * for the app's render, which replaces it with the same page, working. The layout is the one with a sidebar
 * (which the app draws from 768 px): below that width the two are drawn alike, so the server need not know the
 * screen's width. The welcome card carries the mark by which app/first-paint.ts hides it in a browser that rules
 * it out.
 */
export function renderDashboardFirstScreen(): { layout: string; welcomeCard: string } {
  const layout = renderStatic(
    <div inert>
      <DashboardLayout heading={FIRST_SCREEN_SLOTS.greeting} sidebar={<span hidden />}>
        {FIRST_SCREEN_SLOTS.content}
      </DashboardLayout>
    </div>,
  );
  const welcomeCard = renderStatic(
    <div data-first-screen-welcome-card="">
      <WelcomeCard onDismiss={() => undefined} />
    </div>,
  );
  return { layout, welcomeCard };
}

import { TEST_TOOLS_META } from '@daybook/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteErrorScreen } from './ErrorScreen.tsx';
import { GuestOnly } from './GuestOnly.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteSkeleton } from './RouteSkeleton.tsx';

type PageModule = { default: ComponentType };

/** A route whose page code loads on first visit, with a skeleton meanwhile. */
function lazyPage(path: string | null, load: () => Promise<PageModule>): RouteObject {
  return {
    ...(path === null ? { index: true } : { path }),
    lazy: async () => ({ Component: (await load()).default }),
    hydrateFallbackElement: <RouteSkeleton />,
  };
}

const loadExportPage = () => import('./pages/ExportRoute.tsx');

/**
 * Test accounts (docs/product/plans-billing.md#plans-test-tools: registered only in a non-production or test environment). The same build serves
 * development, the end-to-end runs and production, so the server says which it is: its document carries
 * TEST_TOOLS_META when its test tools are on (TEST_TOOLS, refused in production). Vite's development server
 * always has them (the API still decides what they may do). Elsewhere the page is no route at all (ADR 057).
 */
function hasTestTools(): boolean {
  if (import.meta.env.DEV) return true;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${TEST_TOOLS_META.name}"]`);
  return meta?.content === TEST_TOOLS_META.content;
}

const testToolPages: RouteObject[] = [
  lazyPage('test-accounts', () => import('../features/billing/pages/TestAccountsPage.tsx')),
];

/** The app's routes, with the test-tool pages when the server has test tools on. */
export function createRoutes({ testTools }: { testTools: boolean }): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          // Page errors render inside the shell, so the header and footer stay usable.
          errorElement: <RouteErrorScreen />,
          children: [
            lazyPage(null, () => import('../features/marketing/pages/LandingPage.tsx')),
            lazyPage('pricing', () => import('../features/marketing/pages/PricingPage.tsx')),

            lazyPage('about', () => import('../features/info/pages/AboutPage.tsx')),
            lazyPage('features', () => import('../features/info/pages/FeaturesPage.tsx')),
            lazyPage('terms', () => import('../features/info/pages/TermsPage.tsx')),
            lazyPage('privacy', () => import('../features/info/pages/PrivacyPage.tsx')),
            lazyPage('cookies', () => import('../features/info/pages/CookiesPage.tsx')),

            lazyPage('contact', () => import('../features/contact/pages/ContactPage.tsx')),
            lazyPage('help-contact', () => import('../features/contact/pages/HelpContactPage.tsx')),
            lazyPage('contact-thank-you', () => import('../features/contact/pages/ContactThankYouPage.tsx')),

            {
              // Visitors only: a signed-in person is sent on to the dashboard.
              element: <GuestOnly />,
              children: [
                lazyPage('login', () => import('../features/auth/pages/LoginPage.tsx')),
                lazyPage('register', () => import('../features/auth/pages/RegisterPage.tsx')),
              ],
            },
            lazyPage('reset-password', () => import('../features/auth/pages/ResetPasswordPage.tsx')),
            ...(testTools ? testToolPages : []),
            lazyPage('share/:token', () => import('../features/sharing/pages/SharedEntryPage.tsx')),
            lazyPage(
              'reminders/unsubscribe',
              () => import('../features/reminders/pages/UnsubscribePage.tsx'),
            ),

            {
              // Signed-in pages: a visitor is sent to /login?redirect=<the address they asked for>.
              element: <RequireAuth />,
              children: [
                lazyPage('dashboard', () => import('./pages/DashboardPage.tsx')),
                lazyPage('new-entry', () => import('./pages/NewEntryPage.tsx')),
                lazyPage('edit-entry/:id', () => import('./pages/EditEntryRoute.tsx')),
                lazyPage('entry/:source/:ref', () => import('./pages/ImportedEntryRoute.tsx')),
                lazyPage('past-entries', () => import('./pages/PastEntriesPage.tsx')),
                lazyPage('search', () => import('./pages/SearchPage.tsx')),
                lazyPage('profile', () => import('./pages/ProfileRoute.tsx')),
                lazyPage(
                  'private-mode/set-up',
                  () => import('../features/private-mode/pages/SetUpPrivateModePage.tsx'),
                ),
                lazyPage(
                  'me-ahead',
                  () => import('../features/future-messages/pages/FutureMessagesPage.tsx'),
                ),
                lazyPage('analytics', () => import('../features/analytics/pages/AnalyticsPage.tsx')),
                lazyPage('export', loadExportPage),
                lazyPage('data-export', loadExportPage),
                lazyPage(
                  'notifications',
                  () => import('../features/notifications/pages/NotificationsPage.tsx'),
                ),
                lazyPage('shared', () => import('../features/sharing/pages/SharedWithMePage.tsx')),
                lazyPage('ai-features', () => import('../features/ai/pages/AiFeaturesPage.tsx')),
                lazyPage('coach', () => import('../features/ai/pages/CoachPage.tsx')),
                lazyPage('admin', () => import('../features/admin/pages/AdminPage.tsx')),
                lazyPage(
                  'checkout/:sessionId',
                  () => import('../features/billing/pages/LocalCheckoutPage.tsx'),
                ),
              ],
            },

            lazyPage('*', () => import('./NotFoundPage.tsx')),
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = createRoutes({ testTools: hasTestTools() });

/**
 * Loads the code of the page the address opens before the router is made, so that the first render is the page
 * itself and not its skeleton (ADR 045, `/login`): the page's chunks are already on their way (`routePreload`
 * in vite.config.ts), and a skeleton a screen tall swapped for a shorter page moved the footer (a layout shift).
 * A page whose code fails to load stays lazy: the router then tries again and shows its error screen as before.
 */
export async function loadOpeningPage(list: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(list, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        const resolved = await route.lazy();
        Object.assign(route, resolved, { lazy: undefined });
      } catch {
        // Left lazy on purpose (see above).
      }
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}

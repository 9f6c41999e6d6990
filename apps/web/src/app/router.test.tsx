import { APP_ROUTE_PATHS, SIGNED_IN_ROUTE_PATHS, TEST_TOOL_ROUTE_PATHS } from '@daybook/shared';
import { screen, waitFor } from '@testing-library/react';
import { isValidElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { FEATURE_UNAVAILABLE_MESSAGE } from '../components/ui/feature-unavailable.tsx';
import { json, signedInHandlers, stubApi } from '../test/api.ts';
import { renderRoutes } from '../test/render.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { createRoutes, loadOpeningPage, routes } from './router.tsx';

function renderAt(path: string) {
  return renderRoutes(createMemoryRouter(routes, { initialEntries: [path] }));
}

/** Every page path the router registers, joined from its nested routes (layouts and the `*` catch-all excluded). */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own =
      route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const here = route.index || (route.path !== undefined && !route.children) ? [own || '/'] : [];
    return [...here, ...pagePaths(route.children ?? [], own)].filter((path) => !path.endsWith('*'));
  });
}

describe('routes', () => {
  it('registers exactly the shared list of pages, which the server uses to tell a page from a 404', () => {
    expect(pagePaths(createRoutes({ testTools: false })).sort()).toEqual([...APP_ROUTE_PATHS].sort());
    expect(pagePaths(createRoutes({ testTools: true })).sort()).toEqual(
      [...APP_ROUTE_PATHS, ...TEST_TOOL_ROUTE_PATHS].sort(),
    );
    // Unit tests run a development build (Vite's server), which has the test tools.
    expect(pagePaths(routes).sort()).toEqual([...APP_ROUTE_PATHS, ...TEST_TOOL_ROUTE_PATHS].sort());
  });

  it('without test tools (production), /test-accounts is no page: the 404 page', async () => {
    renderRoutes(
      createMemoryRouter(createRoutes({ testTools: false }), { initialEntries: ['/test-accounts'] }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Test Accounts' })).toBeNull();
  });

  it("guards exactly the shared list of signed-in pages, which the build bundles apart from visitors' pages", () => {
    const guarded = (list: RouteObject[]): RouteObject[] =>
      list.flatMap((route) =>
        isValidElement(route.element) && route.element.type === RequireAuth
          ? (route.children ?? [])
          : guarded(route.children ?? []),
      );
    const paths = guarded(routes).map((route) => `/${route.path}`);
    expect(paths.sort()).toEqual([...SIGNED_IN_ROUTE_PATHS].sort());
  });

  beforeEach(() => {
    stubApi({ 'GET /api/auth/session': json({ user: null }) });
  });

  it('shows the 404 page for an unknown path, with a way home and its own title', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found · Daybook'));
  });

  it('renders the shell around every page: skip link, header, main and footer', async () => {
    renderAt('/no-such-page');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    expect(screen.getAllByRole('link', { name: 'Sign Up' })[0]?.getAttribute('href')).toBe('/register');
    expect(screen.getByRole('button', { name: 'Tell others' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help & Contact' }).getAttribute('href')).toBe(
      '/help-contact#contact',
    );
  });

  it.each(['/export', '/data-export'])(
    '%s is the export and import page (the same page at both addresses)',
    async (path) => {
      stubApi(signedInHandlers());
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Data & Export' })).toBeTruthy();
      expect(screen.queryByText(FEATURE_UNAVAILABLE_MESSAGE)).toBeNull();
      await waitFor(() => expect(document.title).toBe('Data & Export · Daybook'));
    },
  );

  it.each([['/test-accounts', 'Test Accounts']])(
    '%s says honestly that its feature is not on this server yet',
    async (path, title) => {
      stubApi(signedInHandlers());
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(FEATURE_UNAVAILABLE_MESSAGE)).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(`${title} · Daybook`));
    },
  );
});

describe('loadOpeningPage', () => {
  beforeEach(() => {
    stubApi({ 'GET /api/auth/session': json({ user: null }) });
  });

  it('loads the opened page before the router is made, so its first render is the page and not the skeleton', async () => {
    await loadOpeningPage(routes, '/login');
    renderAt('/login');
    // getBy, not findBy: the page is there on the first render, without waiting for its code.
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByText('Loading page…')).toBeNull();
  });

  it('loads only the pages the address matches, and leaves a page whose code fails to load lazy', async () => {
    const loaded: string[] = [];
    const list: RouteObject[] = [
      {
        path: '/',
        children: [
          {
            path: 'login',
            lazy: async () => {
              loaded.push('login');
              return { Component: () => null };
            },
          },
          {
            path: 'register',
            lazy: async () => {
              loaded.push('register');
              return { Component: () => null };
            },
          },
          {
            path: 'broken',
            lazy: () => Promise.reject(new Error('chunk missing')),
          },
        ],
      },
    ];
    await loadOpeningPage(list, '/login');
    await loadOpeningPage(list, '/broken');
    expect(loaded).toEqual(['login']);
    const [login, register, broken] = list[0]?.children ?? [];
    expect(login?.lazy).toBeUndefined();
    expect(login?.Component).toBeTypeOf('function');
    expect(register?.lazy).toBeTypeOf('function');
    expect(broken?.lazy).toBeTypeOf('function');
  });
});

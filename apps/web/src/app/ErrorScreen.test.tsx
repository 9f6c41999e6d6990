import { MESSAGES } from '@daybook/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { allowConsoleOutput } from '../test/console.ts';
import { renderRoutes } from '../test/render.tsx';
import { AppErrorBoundary, isPageCodeLoadError, RouteErrorScreen } from './ErrorScreen.tsx';

let shouldFail = true;
function Fragile() {
  if (shouldFail) throw new Error('Kaboom');
  return <h1>Recovered</h1>;
}

describe('error screen', () => {
  beforeEach(() => {
    shouldFail = true;
    allowConsoleOutput(/Kaboom/);
  });

  it('shows the spec wording, the error details, and "Try Again" re-runs the route', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: <Outlet />,
        children: [{ index: true, element: <Fragile />, errorElement: <RouteErrorScreen /> }],
      },
    ]);
    renderRoutes(router);

    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.errorTitle })).toBeTruthy();
    expect(screen.getByText(MESSAGES.errorBody)).toBeTruthy();
    expect(screen.getByText('Error details').closest('details')?.textContent).toContain('Error: Kaboom');
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();

    shouldFail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeTruthy();
  });

  it('catches failures outside the router too, and "Try Again" renders again', async () => {
    render(
      <AppErrorBoundary>
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: MESSAGES.errorTitle })).toBeTruthy();

    shouldFail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeTruthy();
  });
});

describe('isPageCodeLoadError', () => {
  it('recognises a failed page download in Chrome and Safari wording only', () => {
    expect(
      isPageCodeLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isPageCodeLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isPageCodeLoadError(new TypeError('x is not a function'))).toBe(false);
    expect(isPageCodeLoadError(new Error('Failed to fetch dynamically imported module'))).toBe(false);
  });
});

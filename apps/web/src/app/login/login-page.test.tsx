import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ISLAND_TAG, islandIdentifierPrefix } from '../../components/ui/island.tsx';
import { hydrateIsland } from '../prerendered/mount-islands.tsx';
import { fillHydratedIslands } from '../prerendered/render-page.tsx';
import { LoginFormIsland } from './form-island.tsx';
import { renderPage } from './prerender.tsx';

/** The prerendered login page in the document, as the browser has it before the page's script runs. */
function openPrerenderedPage() {
  const { html, title } = renderPage();
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return { html, title };
}

const formIsland = () => document.querySelector<HTMLElement>(`${ISLAND_TAG}[data-island="login-form"]`);

describe('the prerendered login page (ADR 049)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is the page a visitor sees, with its title, its islands and the form rendered apart', () => {
    const { html, title } = openPrerenderedPage();
    expect(title).toBe('Log In · Daybook');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
    const islands = [...document.querySelectorAll<HTMLElement>(ISLAND_TAG)].map((e) => e.dataset.island);
    expect(islands).toEqual(['theme-toggle', 'mobile-nav', 'login-form', 'login-helper', 'tell-others']);
    // The form's ids come from its own render, prefixed as the browser's hydration will prefix them.
    const email = screen.getByLabelText('Email');
    expect(email.id.startsWith(`_${islandIdentifierPrefix('login-form')}`)).toBe(true);
    // Until its script has run, the form cannot be sent (a GET with the password in the address).
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log In' }).disabled).toBe(true);
    expect(html).not.toContain('hydrated-island:');
  });

  it('hydrates the form without a mismatch, keeping what was typed before', async () => {
    openPrerenderedPage();
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    fireEvent.input(email, { target: { value: 'ada@example.com' } });
    const errors = vi.fn();
    window.addEventListener('error', errors);
    await act(async () => hydrateIsland(<LoginFormIsland />)(formIsland() as HTMLElement, 'login-form'));
    window.removeEventListener('error', errors);
    expect(errors).not.toHaveBeenCalled();
    // The same nodes, now live.
    expect(screen.getByLabelText('Email')).toBe(email);
    expect(email.value).toBe('ada@example.com');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log In' }).disabled).toBe(false);
  });
});

describe('fillHydratedIslands', () => {
  it("puts each island's HTML in its slot, as it is", () => {
    const page = '<main><daybook-island><!--hydrated-island:form--></daybook-island></main>';
    expect(fillHydratedIslands(page, new Map([['form', '<form>$&$1</form>']]))).toBe(
      '<main><daybook-island><form>$&$1</form></daybook-island></main>',
    );
  });

  it('refuses an island without exactly one slot', () => {
    expect(() => fillHydratedIslands('<main></main>', new Map([['form', '<form></form>']]))).toThrow(/form/);
    const twice = '<!--hydrated-island:form--><!--hydrated-island:form-->';
    expect(() => fillHydratedIslands(twice, new Map([['form', '']]))).toThrow(/form/);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UserMenu } from './UserMenu.tsx';

describe('UserMenu', () => {
  it('opens from the keyboard once its code has loaded, and gives focus back to its button on Escape', async () => {
    renderWithProviders(<UserMenu user={sessionUser} />);
    const standIn = screen.getByRole('button', { name: 'Account menu' });
    expect(standIn.getAttribute('aria-haspopup')).toBe('menu');

    // The menu's code (Radix) loads on this first use (ADR 076); the menu then opens by itself.
    standIn.focus();
    fireEvent.keyDown(standIn, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(sessionUser.email)).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile Settings' })).toBeTruthy();
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});

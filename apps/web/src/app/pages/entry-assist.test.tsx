import { randomKeyBytes } from '@daybook/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { renderAiAssist } from './entry-assist.tsx';

afterEach(() => forgetAccountKeys());

describe('AI Assist in the entry boxes', () => {
  it('is offered for a version-1 account, and not while private mode is unlocked (no consent yet, ADR 094)', async () => {
    stubApi(signedInHandlers());
    const { unmount } = renderWithProviders(<>{renderAiAssist('A walk by the river', () => {})}</>, {
      path: '/dashboard',
    });
    expect(await screen.findByRole('button', { name: /AI Assist/ })).toBeTruthy();
    unmount();

    keepAccountKey(sessionUser.id, randomKeyBytes());
    renderWithProviders(<>{renderAiAssist('A walk by the river', () => {})}</>, { path: '/dashboard' });
    // The session resolves first; the button never appears.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /AI Assist/ })).toBeNull();
  });
});

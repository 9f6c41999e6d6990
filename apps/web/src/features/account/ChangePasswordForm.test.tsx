import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChangePasswordForm } from './components/ChangePasswordForm.tsx';

const CHANGE = 'POST /api/me/password';

async function submit(options: { keepOtherSessions: boolean }) {
  const fetchMock = stubApi({
    ...signedInHandlers(),
    [CHANGE]: json({ ok: true, message: 'Password changed' }),
  });
  renderWithProviders(<ChangePasswordForm />, { path: '/profile' });
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Quiet-River-42' } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Fresh-Meadow-9' } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Fresh-Meadow-9' } });
  const signOutOthers = screen.getByRole('checkbox', { name: /Sign out of my other sessions/ });
  expect((signOutOthers as HTMLInputElement).checked).toBe(true);
  if (options.keepOtherSessions) fireEvent.click(signOutOthers);
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(callsTo(fetchMock, CHANGE)).toHaveLength(1));
  return callsTo(fetchMock, CHANGE)[0];
}

describe('ChangePasswordForm', () => {
  it('signs the other sessions out with the change unless the person keeps them (ADR 073)', async () => {
    expect(await submit({ keepOtherSessions: false })).toMatchObject({
      currentPassword: 'Quiet-River-42',
      newPassword: 'Fresh-Meadow-9',
      signOutOtherSessions: true,
    });
  });

  it('keeps them when the box is cleared', async () => {
    expect(await submit({ keepOtherSessions: true })).toMatchObject({ signOutOtherSessions: false });
  });
});

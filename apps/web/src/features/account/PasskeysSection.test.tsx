import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PasskeysSection } from './components/PasskeysSection.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const LAPTOP = {
  id: '6f1c3c2e-8f0b-4e57-9a53-0c6a2b1d4e01',
  name: 'Laptop',
  createdAt: '2026-11-20T10:00:00Z',
  lastUsedAt: '2026-11-28T09:00:00Z',
  isSynced: true,
};
const PHONE = {
  id: '6f1c3c2e-8f0b-4e57-9a53-0c6a2b1d4e02',
  name: 'Phone',
  createdAt: '2026-11-21T10:00:00Z',
  lastUsedAt: null,
  isSynced: false,
};

function render(handlers: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({ ...signedInHandlers(), ...handlers });
  renderWithProviders(<PasskeysSection />, { path: '/profile' });
  return fetchMock;
}

describe('PasskeysSection', () => {
  it('lists the passkeys with when each was added and last used', async () => {
    render({ 'GET /api/me/passkeys': json({ passkeys: [LAPTOP, PHONE] }) });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [laptop, phone] = within(list).getAllByRole('listitem');
    expect(laptop!.textContent).toMatch(/Laptop.*Synced.*Added .*2026 · Last used .*2026/);
    expect(phone!.textContent).toMatch(/Phone.*Added .*2026 · Not used yet/);
  });

  it('says when there are none, and asks for a name before adding one', async () => {
    const fetchMock = render({ 'GET /api/me/passkeys': json({ passkeys: [] }) });
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Give the passkey a name, like "Laptop" or "Phone"')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/me/passkeys/options')).toEqual([]);
  });

  it('says so when the browser cannot make a passkey', async () => {
    render({
      'GET /api/me/passkeys': json({ passkeys: [] }),
      'POST /api/me/passkeys/options': json({ challenge: 'abc', rp: { id: 'localhost', name: 'Daybook' } }),
    });
    fireEvent.change(await screen.findByLabelText('Name of the new passkey'), {
      target: { value: 'Laptop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The passkey could not be added', {
        description: 'This browser cannot use passkeys on this address.',
      }),
    );
  });

  it('renames one, and removes one after a confirmation', async () => {
    const fetchMock = render({
      'GET /api/me/passkeys': json({ passkeys: [LAPTOP] }),
      [`PATCH /api/me/passkeys/${LAPTOP.id}`]: json({ ...LAPTOP, name: 'Work laptop' }),
      [`DELETE /api/me/passkeys/${LAPTOP.id}`]: json({ ok: true, message: 'Passkey removed.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    const field = screen.getByLabelText('New name');
    fireEvent.change(field, { target: { value: '  Work laptop ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/me/passkeys/${LAPTOP.id}`)).toEqual([{ name: 'Work laptop' }]),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey "Laptop"?' });
    expect(callsTo(fetchMock, `DELETE /api/me/passkeys/${LAPTOP.id}`)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Passkey removed.'));
    expect(callsTo(fetchMock, `DELETE /api/me/passkeys/${LAPTOP.id}`)).toHaveLength(1);
  });
});

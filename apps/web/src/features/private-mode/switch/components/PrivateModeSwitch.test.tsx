import { api, PRIVATE_SWITCH_MESSAGES, randomKeyBytes } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../../../lib/private-keys/session-key.ts';
import { callsTo, sessionUser, signedInHandlers, stubApi } from '../../../../test/api.ts';
import { storeTestEntryKey, testEntryKey } from '../../../../test/entries.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { readableRows, switchServer } from '../test-server.ts';
import { PrivateModeSwitch } from './PrivateModeSwitch.tsx';

/*
 * The profile's switch (ADR 097) as a person meets it: the count of entries still readable with "Continue", the run
 * ending in its message, a locked journal told to unlock first, switching off's warning, and a switch off left
 * halfway offered to continue or to stay private. The runner's own tests: ../switch.test.ts.
 */

/** The switch's stand-in, with the signed-in shell's endpoints beside it. */
async function serve(count: number, mode: 'private' | 'switching-off' | 'standard' = 'private') {
  const { key } = await testEntryKey();
  const server = switchServer(await readableRows(key, count), mode);
  const handlers = signedInHandlers();
  const switchFetch = server.fetchMock.getMockImplementation();
  const fetchMock = stubApi(handlers);
  const shell = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    return path.startsWith('/api/me/private-mode') ? switchFetch!(input, init) : shell!(input, init);
  });
  return { ...server, fetchMock };
}

const region = () => screen.findByRole('region', { name: 'Your entries in private mode' });

describe('the private-mode switch on the profile', () => {
  beforeEach(async () => {
    forgetAccountKeys();
    await storeTestEntryKey();
  });

  it('shows nothing for an account without private mode', async () => {
    const server = await serve(2, 'standard');
    renderWithProviders(<PrivateModeSwitch />, { path: '/profile' });
    await waitFor(() =>
      expect(callsTo(server.fetchMock, `GET ${api.privateMode.switchStatus.path}`)).toHaveLength(1),
    );
    expect(screen.queryByRole('region', { name: 'Your entries in private mode' })).toBeNull();
  });

  it('counts the entries the server can still read, and "Continue" makes them private', async () => {
    keepAccountKey(sessionUser.id, randomKeyBytes());
    const server = await serve(3);
    renderWithProviders(<PrivateModeSwitch />, { path: '/profile' });
    const section = await region();
    expect(within(section).getByText(PRIVATE_SWITCH_MESSAGES.readableByServer(3))).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByText(PRIVATE_SWITCH_MESSAGES.switchedOn)).toBeTruthy();
    expect(server.status()).toMatchObject({ readableEntries: 0, privateEntries: 3 });
    // The count is asked again after the run: nothing readable is left to offer.
    expect(await within(section).findByText(/Every entry is private/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('asks to unlock first when this browser does not hold the key, and sends nothing', async () => {
    const server = await serve(2);
    renderWithProviders(<PrivateModeSwitch />, { path: '/profile' });
    const section = await region();
    fireEvent.click(within(section).getByRole('button', { name: 'Continue' }));
    expect((await within(section).findByRole('alert')).textContent).toContain(
      PRIVATE_SWITCH_MESSAGES.needsUnlock,
    );
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.reEncrypt.path}`)).toEqual([]);
  });

  it('says what switching off gives up, and offers a switch off left halfway to continue or stay private', async () => {
    keepAccountKey(sessionUser.id, randomKeyBytes());
    const server = await serve(0);
    const first = renderWithProviders(<PrivateModeSwitch />, { path: '/profile' });
    const section = await region();
    expect(within(section).getByText(PRIVATE_SWITCH_MESSAGES.offWarning)).toBeTruthy();
    first.unmount();

    // Another visit, after a switch off was left with two entries still private.
    const [a, b] = await readableRows((await testEntryKey()).key, 2);
    for (const row of [a!, b!]) server.rows.set(row.id, { ...row, encryptionVersion: 2 });
    server.setMode('switching-off');
    renderWithProviders(<PrivateModeSwitch />, { path: '/profile' });
    const halfway = await region();
    expect(within(halfway).getByText(/2 entries are still private/)).toBeTruthy();
    fireEvent.click(within(halfway).getByRole('button', { name: 'Keep private mode' }));
    expect(await within(halfway).findByText(PRIVATE_SWITCH_MESSAGES.cancelledOff)).toBeTruthy();
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.cancelSwitchOff.path}`)).toHaveLength(1);
  });
});

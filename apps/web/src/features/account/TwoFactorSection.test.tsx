import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TwoFactorSection } from './components/TwoFactorSection.tsx';

const OFF = { isEnabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON = { isEnabled: true, enabledAt: '2026-11-29T10:00:00Z', recoveryCodesLeft: 9 };
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri:
    'otpauth://totp/Daybook:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Daybook',
};
const CODES = Array.from({ length: 10 }, (_, i) =>
  `abcde-fgh${String.fromCharCode(106 + i)}${(i % 8) + 2}`.slice(0, 11),
);

function render(handlers: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({ ...signedInHandlers(), ...handlers });
  renderWithProviders(<TwoFactorSection email="ada@example.com" />, { path: '/profile' });
  return fetchMock;
}

describe('TwoFactorSection', () => {
  it('turns two-step sign-in on with the password, the QR code or key, and a code; then shows the recovery codes once', async () => {
    const fetchMock = render({
      'GET /api/me/two-factor': json(OFF),
      'POST /api/me/two-factor/setup': json(SETUP),
      'POST /api/me/two-factor/enable': json({ recoveryCodes: CODES, revokedSessions: 2 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'Quiet-River-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // The QR code (its encoder loaded now) and the key as text, in groups of four.
    const qr = await screen.findByRole('img', { name: /QR code to add Daybook \(ada@example.com\)/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The button that led here is gone: focus starts at the set-up's steps.
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Set-up steps' }));
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/me/two-factor/setup')).toEqual([{ password: 'Quiet-River-42' }]);

    const signOutOthers = screen.getByRole('checkbox', { name: /Sign out of my other sessions/ });
    expect((signOutOthers as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(callsTo(fetchMock, 'POST /api/me/two-factor/enable')).toEqual([
      { code: '123456', signOutOtherSessions: true },
    ]);
    expect(screen.getByRole('button', { name: 'Download as .txt' })).toBeTruthy();
    expect(screen.getByText(/shown only this once/)).toBeTruthy();

    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const copied = (writeText.mock.calls[0] as unknown as [string])[0];
    for (const code of CODES) expect(copied).toContain(code);
  });

  it('keeps the other sessions when the box is cleared, and shows a wrong code under the field', async () => {
    const fetchMock = render({
      'GET /api/me/two-factor': json(OFF),
      'POST /api/me/two-factor/setup': json(SETUP),
      'POST /api/me/two-factor/enable': apiError(400, 'TWO_FACTOR_CODE_INVALID', 'That code is not right.', {
        fields: { code: 'That code is not right.' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'Quiet-River-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Sign out of my other sessions/ }));
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(screen.getByLabelText('6-digit code').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/me/two-factor/enable')).toEqual([
      { code: '654321', signOutOtherSessions: false },
    ]);
  });

  it('turns it off with a code from the app or a recovery code', async () => {
    const fetchMock = render({
      'GET /api/me/two-factor': json(ON),
      'POST /api/me/two-factor/disable': json({ ok: true, message: 'Two-step sign-in is off.' }),
    });
    expect(await screen.findByText(/Two-step sign-in is on since .* 9 recovery codes left\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    const field = screen.getByLabelText('Code from your app, or a recovery code');

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText('Enter a code from your authenticator app or a recovery code'),
    ).toBeTruthy();

    fireEvent.change(field, { target: { value: 'ABCDE-FGHJK' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/me/two-factor/disable')).toHaveLength(1));

    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/me/two-factor/disable')).toEqual([
        { recoveryCode: 'ABCDE-FGHJK' },
        { code: '123456' },
      ]),
    );
  });

  it('makes new recovery codes with a code, then shows them once in place of the old', async () => {
    const fetchMock = render({
      'GET /api/me/two-factor': json(ON),
      'POST /api/me/two-factor/recovery-codes': json({ recoveryCodes: CODES }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    expect(
      screen.getByText(/Your old recovery codes stop working once the new ones are made\./),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from your app, or a recovery code'), {
      target: { value: '123 456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Make new codes' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(callsTo(fetchMock, 'POST /api/me/two-factor/recovery-codes')).toEqual([{ code: '123456' }]);
    expect(screen.getByRole('button', { name: 'Download as .txt' })).toBeTruthy();
  });
});

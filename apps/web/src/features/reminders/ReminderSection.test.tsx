import { REMINDER_MESSAGES, type ReminderSettings } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ReminderSection, { PUSH_NOT_TURNED_ON } from './components/ReminderSection.tsx';
import { PUSH_MESSAGES } from './push.ts';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.warning).mockClear();
});

const OFF: ReminderSettings = {
  enabled: false,
  time: '20:00',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  channels: { email: true, inApp: true, push: false },
  timezone: 'Europe/London',
  nextAt: null,
  push: { available: false, publicKey: null },
};

function renderSection(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...signedInHandlers(), 'GET /api/reminders': json(OFF), ...handlers });
  renderWithProviders(<ReminderSection />, { path: '/profile' });
  return fetchMock;
}

describe('the Daily reminder section', () => {
  it('turns on, toggles days with pressed buttons, and saves what was chosen with a confirmation', async () => {
    const fetchMock = renderSection({
      'PUT /api/reminders': ({ body }) =>
        json({ ...OFF, ...(body as object), nextAt: '2026-11-23T07:45:00.000Z' })({} as never),
    });
    const region = await screen.findByRole('region', { name: 'Daily reminder' });
    fireEvent.click(await within(region).findByRole('switch', { name: 'Remind me to write' }));
    fireEvent.change(within(region).getByLabelText('Time'), { target: { value: '07:45' } });
    const saturday = within(region).getByRole('button', { name: 'Saturday' });
    expect(saturday.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(saturday);
    fireEvent.click(within(region).getByRole('button', { name: 'Sunday' }));
    expect(saturday.getAttribute('aria-pressed')).toBe('false');
    expect(within(region).getByText('Weekdays')).toBeTruthy();
    // No VAPID keys on this server: push is not offered.
    expect(within(region).queryByRole('checkbox', { name: /Push notification/ })).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Save reminder' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/reminders')).toEqual([
        {
          enabled: true,
          time: '07:45',
          weekdays: [0, 1, 2, 3, 4],
          channels: { email: true, inApp: true, push: false },
        },
      ]),
    );
    expect(
      await within(region).findByText(/^Saved\. Next reminder: Monday, November 23 at 7:45 AM\.$/),
    ).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(REMINDER_MESSAGES.saved, expect.anything());
  });

  it('shows the server’s field message when saving is refused', async () => {
    renderSection({
      'PUT /api/reminders': apiError(400, 'VALIDATION_FAILED', REMINDER_MESSAGES.noWeekday, {
        fields: { weekdays: REMINDER_MESSAGES.noWeekday },
      }),
    });
    const region = await screen.findByRole('region', { name: 'Daily reminder' });
    fireEvent.click(await within(region).findByRole('switch', { name: 'Remind me to write' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Save reminder' }));
    expect(await within(region).findByText(REMINDER_MESSAGES.noWeekday)).toBeTruthy();
    expect(toast.error).toHaveBeenCalled();
  });

  it('says when the settings could not be loaded, and retries', async () => {
    renderSection({ 'GET /api/reminders': apiError(500, 'INTERNAL', 'Something went wrong') });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Your reminder settings could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the Daily reminder section: push that cannot be turned on', () => {
  const PUSH_OFFERED: ReminderSettings = {
    ...OFF,
    push: {
      available: true,
      publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    },
  };

  /** A browser that can do push, whose person answers the permission prompt with `permission`. */
  function fakePushBrowser(permission: NotificationPermission) {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: vi.fn(async () => undefined) },
      configurable: true,
    });
    return () => {
      vi.unstubAllGlobals();
      Object.defineProperty(window, 'isSecureContext', { value: undefined, configurable: true });
      Reflect.deleteProperty(navigator, 'serviceWorker');
    };
  }

  it('saves the e-mail and in-app choices with push off, and says push could not be turned on', async () => {
    const restore = fakePushBrowser('denied');
    try {
      const fetchMock = renderSection({
        'GET /api/reminders': json(PUSH_OFFERED),
        'PUT /api/reminders': ({ body }) =>
          json({ ...PUSH_OFFERED, ...(body as object), nextAt: '2026-11-23T07:45:00.000Z' })({} as never),
      });
      const region = await screen.findByRole('region', { name: 'Daily reminder' });
      fireEvent.click(await within(region).findByRole('switch', { name: 'Remind me to write' }));
      fireEvent.click(within(region).getByRole('checkbox', { name: /In-app notification/ }));
      fireEvent.click(within(region).getByRole('checkbox', { name: /Push notification/ }));
      fireEvent.click(within(region).getByRole('button', { name: 'Save reminder' }));

      await waitFor(() =>
        expect(callsTo(fetchMock, 'PUT /api/reminders')).toEqual([
          {
            enabled: true,
            time: '20:00',
            weekdays: [0, 1, 2, 3, 4, 5, 6],
            channels: { email: true, inApp: false, push: false },
          },
        ]),
      );
      expect(callsTo(fetchMock, 'POST /api/reminders/push-subscriptions')).toHaveLength(0);
      expect(await within(region).findByText(`${PUSH_NOT_TURNED_ON}. ${PUSH_MESSAGES.denied}`)).toBeTruthy();
      expect(within(region).getByRole('checkbox', { name: /Push notification/ })).toHaveProperty(
        'checked',
        false,
      );
      expect(within(region).getByText(/^Saved\. Next reminder:/)).toBeTruthy();
      expect(toast.warning).toHaveBeenCalledWith(`${REMINDER_MESSAGES.saved}, without push notifications`, {
        description: `${PUSH_NOT_TURNED_ON}. ${PUSH_MESSAGES.denied}`,
      });
      expect(toast.success).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it('saves nothing when push was the only way chosen, and says why', async () => {
    const restore = fakePushBrowser('denied');
    try {
      const fetchMock = renderSection({ 'GET /api/reminders': json(PUSH_OFFERED) });
      const region = await screen.findByRole('region', { name: 'Daily reminder' });
      fireEvent.click(await within(region).findByRole('switch', { name: 'Remind me to write' }));
      fireEvent.click(within(region).getByRole('checkbox', { name: /E-mail/ }));
      fireEvent.click(within(region).getByRole('checkbox', { name: /In-app notification/ }));
      fireEvent.click(within(region).getByRole('checkbox', { name: /Push notification/ }));
      fireEvent.click(within(region).getByRole('button', { name: 'Save reminder' }));
      expect(await within(region).findByText(`${PUSH_NOT_TURNED_ON}. ${PUSH_MESSAGES.denied}`)).toBeTruthy();
      expect(callsTo(fetchMock, 'PUT /api/reminders')).toHaveLength(0);
      expect(toast.error).toHaveBeenCalledWith(PUSH_NOT_TURNED_ON, { description: PUSH_MESSAGES.denied });
    } finally {
      restore();
    }
  });
});

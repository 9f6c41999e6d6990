import { REMINDER_MESSAGES, type ReminderSettings } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ReminderSection from './components/ReminderSection.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
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
      await within(region).findByText(/^Saved\. Next reminder: Monday 23 November at 07:45\.$/),
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

import {
  computeStreak,
  type LoginStatus,
  localDate,
  type PlanFeatures,
  type Profile,
  type SessionUser,
} from '@daybook/shared';
import { vi } from 'vitest';
import { FREE_SUBSCRIPTION_STATUS } from '../lib/billing.ts';
import { jsonResponse } from './render.tsx';

type StubRequest = { url: URL; method: string; body: unknown; init: RequestInit | undefined };
type Handler = (request: StubRequest) => Response | Promise<Response>;

/**
 * Stubs `fetch` with one handler per "METHOD /path" (query string ignored). Anything unlisted
 * answers 404, so a test sees at once which call it did not expect.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse({ code: 'NOT_FOUND', message: `No stub for ${method} ${url}` }, 404);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    return handler({ url, method, body, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one endpoint, as "METHOD /path" → parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}` === key;
    })
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}

export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    jsonResponse(body, status);

export const apiError =
  (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Handler =>
  () =>
    jsonResponse({ code, message, ...extra }, status);

export const sessionUser: SessionUser = {
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  avatarUrl: null,
  role: 'user',
  // The test machine's own zone, so pages do not write a new one unless a test asks for it.
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  emailVerified: true,
};

export const profile: Profile = {
  id: sessionUser.id,
  email: sessionUser.email,
  fullName: sessionUser.fullName,
  avatarUrl: null,
  timezone: sessionUser.timezone,
  role: 'user',
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00Z',
  plan: { id: 'free', name: 'Free' },
  subscriptionIntent: null,
  billingCyclePreference: 'month',
  hasEntries: true,
  isPrivateMode: false,
  isPrivateModeChosen: false,
};

export const notScheduled = {
  isScheduled: false,
  deletionDate: null,
  requestedDate: null,
  reason: null,
  daysRemaining: 0,
};

export function loginStatus(overrides: Partial<LoginStatus> = {}): LoginStatus {
  return {
    isLockedOut: false,
    failedAttempts: 0,
    maxAttempts: 5,
    remainingAttempts: 5,
    lockoutDurationMinutes: 15,
    ...overrides,
  };
}

/** The Free plan's flags (docs/product/plans-billing.md#plans-features): text and images, no audio, video, sharing or future messages. */
export const freePlanFeatures: PlanFeatures = {
  text_entries: true,
  image_entries: true,
  audio_entries: false,
  video_entries: false,
  daily_entry_limit: 3,
  ai_insights_limit: 2,
  ai_coaching_limit: 1,
  ai_future_chat_limit: 1,
  can_share_entries: false,
  can_send_future_messages: false,
};

/** The salt the stubbed server hands out (32 bytes of 7s, base64). */
export const TEST_SALT = 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=';

/** What every signed-in page asks for besides its own data; the dashboard's journal starts empty. */
export function signedInHandlers(user: SessionUser = sessionUser): Record<string, Handler> {
  return {
    'GET /api/auth/session': json({ user }),
    'GET /api/me/deletion': json(notScheduled),
    'GET /api/me': json({ ...profile, fullName: user.fullName, timezone: user.timezone }),
    'PATCH /api/me': ({ body }) => jsonResponse({ ...profile, ...(body as object) }),
    'GET /api/encryption/salt': json({ salt: TEST_SALT }),
    'GET /api/me/plan-features': json(freePlanFeatures),
    'GET /api/billing/subscription': json(FREE_SUBSCRIPTION_STATUS),
    'GET /api/entries': json({ entries: [], total: 0, page: 1, pageSize: 5 }),
    'GET /api/entries/search-candidates': json({ entries: [], next: null }),
    'GET /api/entries/calendar': ({ url }) =>
      jsonResponse({ month: url.searchParams.get('month'), dates: [] }),
    // The header's bells.
    'GET /api/notifications/summary': json({ latest: [], unreadCount: 0 }),
    'GET /api/shares/received': json({ items: [], total: 0, unviewed: 0 }),
    // The dashboard's companions: no streak, no moods, nothing on this day.
    'GET /api/streak': () => jsonResponse(computeStreak([], localDate(new Date(), user.timezone))),
    'GET /api/moods/ring': json({ moods: [] }),
    'GET /api/moods/current': json({ moodTag: null }),
    'GET /api/entries/on-this-day': json({ entries: [] }),
    // A standard account: its AI features ask no consent first (ADR 104).
    'GET /api/ai/consents': json({ isRequired: false, providerHost: null, items: [] }),
  };
}

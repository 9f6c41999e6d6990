import { AUTH_MESSAGES, FREE_PLAN_FEATURES } from '@daybook/shared';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  accountDeletionAudit,
  emailOutbox,
  entries,
  loginAttempts,
  notifications,
  sessions,
  users,
} from '../src/db/schema/index.ts';
import { purgeDueAccounts } from '../src/modules/account/deletion.ts';
import { useTestApp } from './support/app.ts';
import {
  changePassword,
  createSignedInUser,
  latestMailTo,
  pathOf,
  STRONG_PASSWORD,
  sessionCookie,
  signIn,
  uniqueEmail,
} from './support/factories.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('profile', () => {
  const ctx = useTestApp();
  const as = (cookie: string) => ({ cookie });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['GET', '/api/me/sessions'],
      ['GET', '/api/me/deletion'],
      ['POST', '/api/me/deletion'],
      ['GET', '/api/me/plan-features'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.notAuthenticated });
    }
  });

  it('reads and updates the name and time zone, refusing unknown zones', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: as(cookie) });
    expect(me.json()).toMatchObject({
      email: user.email,
      fullName: 'Ada Lovelace',
      timezone: 'UTC',
      plan: { id: 'free', name: 'Free' },
    });
    const updated = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: as(cookie),
      payload: { fullName: '  Ada King ', timezone: 'Asia/Tokyo' },
    });
    expect(updated.json()).toMatchObject({ fullName: 'Ada King', timezone: 'Asia/Tokyo' });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: as(cookie),
      payload: { timezone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.timezone).toBe('Unknown time zone');
  });

  it('resizes an uploaded avatar to a 256 px WebP and serves it', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f6b5f' } })
      .png()
      .toBuffer();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...as(cookie), 'content-type': 'image/png' },
      payload: png,
    });
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json();
    expect(avatarUrl).toMatch(new RegExp(`^/api/avatars/${user.id}\\?v=[0-9a-f]{12}$`));
    const image = await ctx.app.inject({ method: 'GET', url: avatarUrl });
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: as(cookie) });
    expect(me.json().avatarUrl).toBe(avatarUrl);
  });

  it('refuses avatars that are not images, too large, or of another type', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const fake = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...as(cookie), 'content-type': 'image/png' },
      payload: Buffer.from('this is not a png at all'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(AUTH_MESSAGES.avatarNotImage);
    const huge = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...as(cookie), 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    expect(huge.statusCode).toBe(413);
    const text = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...as(cookie), 'content-type': 'text/html' },
      payload: '<svg onload=alert(1)>',
    });
    expect(text.statusCode).toBe(415);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: as(cookie) });
    expect(me.json().avatarUrl).toBeNull();
  });

  it('returns the Free plan features by default', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/plan-features',
      headers: as(cookie),
    });
    expect(response.json()).toEqual(FREE_PLAN_FEATURES);
  });
});

describe('password, e-mail and sessions', () => {
  const ctx = useTestApp();

  it('changes the password with the current one and ends the other sessions', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const other = sessionCookie(
      (await signIn(ctx, user.email, STRONG_PASSWORD, 'Other browser')).headers['set-cookie'],
    );
    const wrong = await changePassword(ctx, cookie, 'Not-It-123', 'Fresh-Meadow-9');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: AUTH_MESSAGES.currentPasswordWrong,
    });
    const ok = await changePassword(ctx, cookie, STRONG_PASSWORD, 'Fresh-Meadow-9');
    expect(ok.statusCode).toBe(200);
    const current = sessionCookie(ok.headers['set-cookie']);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: current } })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other } })).statusCode,
    ).toBe(401);
    expect((await signIn(ctx, user.email, 'Fresh-Meadow-9')).statusCode).toBe(200);
  });

  it('changes the e-mail only through a link sent to the new address, after checking the password', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const taken = await createSignedInUser(ctx);
    const newEmail = uniqueEmail('new');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email',
      headers: { cookie },
      payload: { newEmail, password: 'Nope-1234' },
    });
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    const inUse = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email',
      headers: { cookie },
      payload: { newEmail: taken.user.email, password: STRONG_PASSWORD },
    });
    expect(inUse.statusCode).toBe(409);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email',
      headers: { cookie },
      payload: { newEmail, password: STRONG_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const [unchanged] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged?.email).toBe(user.email);
    const mail = await latestMailTo(ctx, newEmail);
    expect(mail?.link).toBeTruthy();
    const confirm = await ctx.app.inject({ method: 'GET', url: pathOf(mail!.link!), headers: { cookie } });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/profile?emailChanged=1');
    const [changed] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(changed?.email).toBe(newEmail);
  });

  it('lists sessions, signs out one or all others, and never touches another user', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await signIn(ctx, user.email, STRONG_PASSWORD, 'Phone');
    await signIn(ctx, user.email, STRONG_PASSWORD, 'Tablet');
    const stranger = await createSignedInUser(ctx);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } });
    const own = list.json().sessions;
    expect(own).toHaveLength(3);
    expect(own[0].isCurrent).toBe(true);

    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { cookie: stranger.cookie },
    });
    const strangerSessionId = theirs.json().sessions[0].id;
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${strangerSessionId}`,
      headers: { cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(200);

    const phone = own.find((s: { userAgent: string }) => s.userAgent === 'Phone');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phone.id}`, headers: { cookie } }))
        .statusCode,
    ).toBe(204);
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/sessions/revoke-others',
      headers: { cookie },
    });
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});

describe('account deletion', () => {
  const ctx = useTestApp();

  it('schedules deletion 30 days ahead with a notification and an e-mail, and cancels it', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie },
      payload: { reason: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    const scheduled = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie },
      payload: { reason: 'Taking a break' },
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({
      isScheduled: true,
      daysRemaining: 30,
      reason: 'Taking a break',
    });
    expect(new Date(scheduled.json().deletionDate).getTime() - ctx.clock.now().getTime()).toBe(30 * DAY);
    const [note] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({ type: 'account', title: 'Account deletion scheduled' });
    expect((await latestMailTo(ctx, user.email))?.subject).toContain('will be deleted on');

    ctx.clock.advance(DAY + 1000);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/me/deletion', headers: { cookie } });
    expect(status.json().daysRemaining).toBe(29);

    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me/deletion',
      headers: { cookie },
    });
    expect(cancelled.json()).toEqual({
      status: { isScheduled: false, deletionDate: null, requestedDate: null, reason: null, daysRemaining: 0 },
    });
    expect((await latestMailTo(ctx, user.email))?.subject).toContain('will not be deleted');
  });

  it('purges everything the user owns once the date passes, keeping only an anonymised audit row', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const bystander = await createSignedInUser(ctx);
    await ctx.database.db.insert(entries).values({
      userId: user.id,
      encryptedContent: 'ciphertext',
      entryDate: '2026-11-21',
      metadata: { encryption_iv: 'iv' },
    });
    await ctx.app.inject({ method: 'POST', url: '/api/me/deletion', headers: { cookie }, payload: {} });

    ctx.clock.advance(29 * DAY);
    expect(await purgeDueAccounts(ctx.database.db, ctx.clock, 'audit-secret')).toBe(0);
    ctx.clock.advance(DAY + 1000);
    expect(await purgeDueAccounts(ctx.database.db, ctx.clock, 'audit-secret')).toBe(1);

    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await ctx.database.db.select().from(entries).where(eq(entries.userId, user.id))).toEqual([]);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, user.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email)),
    ).toEqual([]);
    const [audit] = await ctx.database.db.select().from(accountDeletionAudit);
    expect(audit).toMatchObject({ entriesDeleted: 1, hadSubscription: false });
    expect(JSON.stringify(audit)).not.toContain(user.id);
    expect(JSON.stringify(audit)).not.toContain(user.email);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
    expect(await ctx.database.db.select().from(users).where(eq(users.id, bystander.user.id))).toHaveLength(1);
    const [{ n }] = (await ctx.database.db.select({ n: count() }).from(emailOutbox)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});

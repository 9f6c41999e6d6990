import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@daybook/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  emailOutbox,
  sessions,
  sharedEntries,
  shareReports,
  users,
} from '../src/db/schema/index.ts';
import { deliverDueMail, enqueueMail, OUTBOX_MAX_ATTEMPTS } from '../src/infra/mail/outbox.ts';
import type { MailTransport } from '../src/infra/mail/transport.ts';
import { startScheduler } from '../src/jobs/scheduler.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { SESSION_SEEN_EVERY_MS } from '../src/modules/auth/sessions.ts';
import { premiumUser, shareEntry, writeEntry } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser, signIn, uniqueEmail } from './support/factories.ts';

const SECRET_TEXT = 'The thing I never told anyone about the lighthouse.';

/** A transport for an SMTP server that is down: the outside world, faked at its edge. */
const downTransport: MailTransport = {
  send: async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:25');
  },
  close: () => undefined,
} as unknown as MailTransport;

describe('admin area', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: clientAddress(),
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function signedInAdmin() {
    const admin = await createSignedInUser(ctx, { fullName: 'Ada Admin', email: uniqueEmail('admin') });
    await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    return admin;
  }

  async function auditRows(target?: string) {
    const rows = await ctx.database.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.seq));
    return target ? rows.filter((row) => row.target === target) : rows;
  }

  /** A share from a Premium sender to a registered recipient, reported by the recipient. */
  async function reportedShare() {
    const sender = await premiumUser(ctx, { fullName: 'Sam Sender', email: uniqueEmail('sender') });
    const recipient = await createSignedInUser(ctx, { fullName: 'Rae Recipient' });
    const entry = await writeEntry(ctx, sender.cookie, sender.user.id, SECRET_TEXT);
    const created = await shareEntry(ctx, sender.cookie, entry.id, [recipient.user.email]);
    expect(created.statusCode, created.body).toBe(201);
    const share = created.json().shares[0] as { id: string };
    const reported = await call('POST', `/api/shares/${share.id}/report`, recipient.cookie, {
      reason: 'harassment',
      details: 'Unkind words',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    return { sender, recipient, share, reportId: reported.json().id as string };
  }

  it('answers 404 on every admin endpoint to a signed-out visitor and to a signed-in non-admin', async () => {
    // Walk the API document, so that an endpoint added later is checked without anyone remembering to.
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const endpoints = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST',
          url: path.replace(/\{[^}]+\}/g, randomUUID()),
        })),
      );
    expect(endpoints.length).toBeGreaterThanOrEqual(13);
    const someone = await createSignedInUser(ctx);
    const unknown = await call('GET', '/api/admin/no-such-thing', someone.cookie);
    expect(unknown.statusCode).toBe(404);

    for (const { method, url } of endpoints) {
      for (const cookie of [undefined, someone.cookie]) {
        // Even an invalid body is not looked at: the answer is the one an unknown path gets.
        const response = await call(
          method,
          url,
          cookie,
          method === 'POST' ? { role: 'nonsense' } : undefined,
        );
        expect(response.statusCode, `${method} ${url} ${cookie ? 'as a user' : 'signed out'}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: `No API route ${method} ${url}` });
      }
    }
    // A user who was an admin and is no longer one loses the area at once.
    const former = await signedInAdmin();
    expect((await call('GET', '/api/admin/users', former.cookie)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ role: 'user' }).where(eq(users.id, former.user.id));
    expect((await call('GET', '/api/admin/users', former.cookie)).statusCode).toBe(404);
  });

  it('lists and searches people by e-mail or name, with plan, state and dates, and never their entries', async () => {
    const admin = await signedInAdmin();
    const writer = await createSignedInUser(ctx, {
      fullName: 'Zelda Quillfeather',
      email: uniqueEmail('zelda'),
    });
    await writeEntry(ctx, writer.cookie, writer.user.id, SECRET_TEXT);

    const byName = await call('GET', '/api/admin/users?q=quillfeather', admin.cookie);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().total).toBe(1);
    const [shown] = byName.json().items;
    expect(Object.keys(shown).sort()).toEqual(
      ['createdAt', 'email', 'id', 'lastSeenAt', 'name', 'plan', 'role', 'state'].sort(),
    );
    expect(shown).toMatchObject({
      id: writer.user.id,
      email: writer.user.email,
      plan: 'free',
      state: 'active',
      role: 'user',
    });
    expect(shown.lastSeenAt).not.toBeNull();

    const byEmail = await call(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(writer.user.email.toUpperCase())}`,
      admin.cookie,
    );
    expect(byEmail.json().items.map((u: { id: string }) => u.id)).toEqual([writer.user.id]);
    // LIKE's wildcards are searched for literally.
    expect((await call('GET', '/api/admin/users?q=%25', admin.cookie)).json().total).toBe(0);

    const all = await call('GET', '/api/admin/users?pageSize=100', admin.cookie);
    expect(all.body).not.toContain('lighthouse');
    expect(all.body).not.toMatch(/encrypted|ciphertext|mood/i);
    const paged = await call('GET', '/api/admin/users?pageSize=1&page=1', admin.cookie);
    expect(paged.json().items).toHaveLength(1);
    expect((await call('GET', '/api/admin/users?pageSize=1000', admin.cookie)).statusCode).toBe(400);
  });

  it('disables a user: sessions end, sign-in is refused with the spec message; enabling lets them back', async () => {
    const admin = await signedInAdmin();
    const person = await createSignedInUser(ctx);
    expect((await call('GET', '/api/me', person.cookie)).statusCode).toBe(200);

    const disabled = await call('POST', `/api/admin/users/${person.user.id}/disable`, admin.cookie);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ id: person.user.id, state: 'disabled' });
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual(
      [],
    );
    expect((await call('GET', '/api/me', person.cookie)).statusCode).toBe(401);
    const refused = await signIn(ctx, person.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: AUTH_MESSAGES.accountDisabled,
    });

    const enabled = await call('POST', `/api/admin/users/${person.user.id}/enable`, admin.cookie);
    expect(enabled.json()).toMatchObject({ state: 'active' });
    expect((await signIn(ctx, person.user.email)).statusCode).toBe(200);

    const rows = await auditRows(person.user.email);
    expect(rows.map((row) => row.action)).toEqual(['user.enable', 'user.disable']);
    for (const row of rows) {
      expect(row).toMatchObject({ actor: admin.user.email, actorUserId: admin.user.id });
      expect(row.details).toMatchObject({ userId: person.user.id });
    }
    // An admin cannot lock themselves out from the page.
    const self = await call('POST', `/api/admin/users/${admin.user.id}/disable`, admin.cookie);
    expect(self.statusCode).toBe(409);
    expect((await call('POST', `/api/admin/users/${randomUUID()}/disable`, admin.cookie)).statusCode).toBe(
      404,
    );
  });

  it('changes plans and grants and revokes the admin role, each in the audit log', async () => {
    const admin = await signedInAdmin();
    const person = await createSignedInUser(ctx);
    const base = `/api/admin/users/${person.user.id}`;

    expect((await call('POST', `${base}/plan`, admin.cookie, { plan: 'basic' })).json()).toMatchObject({
      plan: 'basic',
    });
    expect((await call('GET', '/api/me', person.cookie)).json().plan.id).toBe('basic');
    expect((await call('POST', `${base}/plan`, admin.cookie, { plan: 'gold' })).statusCode).toBe(400);

    expect((await call('POST', `${base}/role`, admin.cookie, { role: 'admin' })).json().role).toBe('admin');
    expect((await call('GET', '/api/admin/audit', person.cookie)).statusCode).toBe(200);
    expect((await call('POST', `${base}/role`, admin.cookie, { role: 'user' })).json().role).toBe('user');
    expect((await call('GET', '/api/admin/audit', person.cookie)).statusCode).toBe(404);

    const rows = await auditRows(person.user.email);
    expect(rows.map((row) => [row.action, row.actor])).toEqual([
      ['user.revoke_admin', admin.user.email],
      ['user.grant_admin', admin.user.email],
      ['user.change_plan', admin.user.email],
    ]);
    expect(rows[2]!.details).toMatchObject({ plan: 'basic' });

    // The page shows the same log, newest first, paginated.
    const page = await call('GET', '/api/admin/audit?pageSize=2', admin.cookie);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items).toHaveLength(2);
    expect(page.json().items[0]).toMatchObject({ action: 'user.revoke_admin', actor: admin.user.email });
  });

  it('lists reports without the entry, and dismisses one', async () => {
    const admin = await signedInAdmin();
    const { share, sender, reportId } = await reportedShare();

    const queue = await call('GET', '/api/admin/reports', admin.cookie);
    expect(queue.statusCode, queue.body).toBe(200);
    const shown = queue.json().items.find((r: { id: string }) => r.id === reportId);
    expect(shown).toMatchObject({
      reason: 'harassment',
      details: 'Unkind words',
      status: 'open',
      share: { id: share.id, status: 'active' },
      sender: { id: sender.user.id, email: sender.user.email, isDisabled: false },
    });
    expect(queue.body).not.toContain('lighthouse');

    const dismissed = await call('POST', `/api/admin/reports/${reportId}/dismiss`, admin.cookie);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', share: { status: 'active' } });
    expect(dismissed.json().resolvedAt).not.toBeNull();
    // A resolved report is not resolved twice, and leaves the open queue.
    expect((await call('POST', `/api/admin/reports/${reportId}/dismiss`, admin.cookie)).statusCode).toBe(409);
    const open = (await call('GET', '/api/admin/reports?status=open', admin.cookie)).json();
    expect(open.items.map((r: { id: string }) => r.id)).not.toContain(reportId);
    expect((await call('POST', `/api/admin/reports/${randomUUID()}/dismiss`, admin.cookie)).statusCode).toBe(
      404,
    );

    const [row] = await auditRows(`report ${reportId}`);
    expect(row).toMatchObject({ action: 'report.dismiss', actor: admin.user.email });
    const [stored] = await ctx.database.db.select().from(shareReports).where(eq(shareReports.id, reportId));
    expect(stored).toMatchObject({ status: 'dismissed', resolvedBy: admin.user.id });
  });

  it('revokes a reported share: the recipient can no longer open it', async () => {
    const admin = await signedInAdmin();
    const { share, recipient, reportId } = await reportedShare();
    expect((await call('GET', `/api/shares/${share.id}/view`, recipient.cookie)).statusCode).toBe(200);

    const revoked = await call('POST', `/api/admin/reports/${reportId}/revoke-share`, admin.cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'share_revoked', share: { status: 'revoked' } });
    const [stored] = await ctx.database.db.select().from(sharedEntries).where(eq(sharedEntries.id, share.id));
    expect(stored!.status).toBe('revoked');
    expect((await call('GET', `/api/shares/${share.id}/view`, recipient.cookie)).json().status).not.toBe(
      'active',
    );

    const [row] = await auditRows(`share ${share.id}`);
    expect(row).toMatchObject({ action: 'report.revoke_share', actor: admin.user.email });
    expect(row!.details).toMatchObject({ reportId, wasActive: true });
  });

  it('disables the sender of a reported share', async () => {
    const admin = await signedInAdmin();
    const { sender, reportId } = await reportedShare();

    const done = await call('POST', `/api/admin/reports/${reportId}/disable-sender`, admin.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'sender_disabled', sender: { isDisabled: true } });
    expect((await call('GET', '/api/me', sender.cookie)).statusCode).toBe(401);
    expect((await signIn(ctx, sender.user.email)).json().code).toBe('ACCOUNT_DISABLED');

    const [row] = await auditRows(sender.user.email);
    expect(row).toMatchObject({ action: 'report.disable_sender', actor: admin.user.email });
    expect(row!.details).toMatchObject({ reportId, userId: sender.user.id });
  });

  it('reads contact messages and marks one handled', async () => {
    const admin = await signedInAdmin();
    const subject = `Question ${randomUUID().slice(0, 6)}`;
    const sent = await call('POST', '/api/contact', undefined, {
      name: 'Curious Cat',
      email: 'cat@example.com',
      topic: 'support',
      subject,
      message: 'How do I export my entries?',
    });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json();

    const inbox = (await call('GET', '/api/admin/contact', admin.cookie)).json();
    expect(inbox.items.find((m: { id: string }) => m.id === id)).toMatchObject({
      subject,
      message: 'How do I export my entries?',
      email: 'cat@example.com',
      handledAt: null,
    });
    const handled = await call('POST', `/api/admin/contact/${id}/handled`, admin.cookie);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().handledAt).not.toBeNull();
    // Again: nothing changes and no second audit row.
    expect((await call('POST', `/api/admin/contact/${id}/handled`, admin.cookie)).statusCode).toBe(200);
    const open = (await call('GET', '/api/admin/contact?status=open', admin.cookie)).json();
    expect(open.items.map((m: { id: string }) => m.id)).not.toContain(id);
    const closed = (await call('GET', '/api/admin/contact?status=handled', admin.cookie)).json();
    expect(closed.items.map((m: { id: string }) => m.id)).toContain(id);

    const rows = await auditRows('cat@example.com');
    expect(rows.filter((row) => (row.details as { messageId?: string }).messageId === id)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'contact.mark_handled', actor: admin.user.email });
  });

  it('shows the outbox and jobs health, and retries a failed mail', async () => {
    const admin = await signedInAdmin();
    const to = uniqueEmail('bounce');
    const { id } = await enqueueMail(
      ctx.database.db,
      { to, subject: 'Hello', html: '<p>Hello</p>', text: 'Hello', template: 'contact-message' },
      ctx.clock.now(),
    );
    await ctx.database.db
      .update(emailOutbox)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    await deliverDueMail(ctx.database.db, downTransport, ctx.clock, 500);

    // A job that fails, run by the real scheduler: its error shows beside the outbox.
    const scheduler = startScheduler(
      [
        {
          name: 'always-fails',
          everyMs: 3_600_000,
          run: async () => {
            throw new Error('the disk is full');
          },
        },
      ],
      ctx.app.log,
      ctx.app.services.jobRuns,
    );
    await scheduler.stop();

    const health = await call('GET', '/api/admin/operations', admin.cookie);
    expect(health.statusCode, health.body).toBe(200);
    const failed = health.json().failedMail.find((m: { id: string }) => m.id === id);
    expect(failed).toMatchObject({ to, status: 'failed', canRetry: true });
    expect(failed.lastError).toContain('ECONNREFUSED');
    expect(health.json().outbox.failed).toBeGreaterThanOrEqual(1);
    expect(health.body).not.toContain('<p>Hello</p>');
    expect(health.json().jobs.find((j: { name: string }) => j.name === 'always-fails')).toMatchObject({
      lastError: 'the disk is full',
      lastSucceededAt: null,
    });

    const retried = await call('POST', `/api/admin/mail/${id}/retry`, admin.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, subject: 'Hello' });
    expect((await call('POST', `/api/admin/mail/${id}/retry`, admin.cookie)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/mail/${randomUUID()}/retry`, admin.cookie)).statusCode).toBe(404);

    const [audit] = await auditRows(to);
    expect(audit).toMatchObject({ action: 'mail.retry', actor: admin.user.email });
    expect(audit!.details).toMatchObject({ mailId: id });
  });

  it('writes audit rows for the CLI with the operator as actor, through the same actions', async () => {
    const person = await createSignedInUser(ctx);
    const cli = createAdminService({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    const email = person.user.email;

    for (const request of [
      { command: 'disable', email, operator: 'alice' },
      { command: 'enable', email, operator: 'alice' },
      { command: 'grant', email, operator: 'alice' },
      { command: 'revoke', email, operator: 'alice' },
      { command: 'plan', email, plan: 'premium', operator: 'alice' },
      { command: 'confirm', email, operator: 'alice' },
    ] as const) {
      expect((await cli.run(request)).ok).toBe(true);
    }
    const rows = await auditRows(email);
    expect(rows.map((row) => row.action).reverse()).toEqual([
      'user.disable',
      'user.enable',
      'user.grant_admin',
      'user.revoke_admin',
      'user.change_plan',
      'user.confirm_email',
    ]);
    for (const row of rows) expect(row).toMatchObject({ actor: 'cli:alice', actorUserId: null });

    // A command for no account changes nothing and records nothing.
    const before = (await auditRows()).length;
    expect((await cli.run({ command: 'disable', email: 'nobody@example.com', operator: 'alice' })).ok).toBe(
      false,
    );
    expect(await auditRows()).toHaveLength(before);
  });
});

describe('admin area: last seen', () => {
  const ctx = useTestApp();

  it('"Last seen" follows use, not only the sign-in, written at most once per 5 minutes per session', async () => {
    const admin = await createSignedInUser(ctx, { email: uniqueEmail('admin') });
    await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const person = await createSignedInUser(ctx, { email: uniqueEmail('seen') });
    const use = async () =>
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } }))
          .statusCode,
      ).toBe(200);
    const lastSeen = async () => {
      const listed = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/users?q=${encodeURIComponent(person.user.email)}`,
        headers: { cookie: admin.cookie },
      });
      return listed.json().items[0].lastSeenAt as string;
    };
    // Signed in at the clock's now.
    const signedInAt = ctx.clock.now();
    await ctx.database.db
      .update(sessions)
      .set({ updatedAt: signedInAt })
      .where(eq(sessions.userId, person.user.id));

    ctx.clock.advance(SESSION_SEEN_EVERY_MS - 60_000);
    await use();
    expect(await lastSeen()).toBe(signedInAt.toISOString());

    ctx.clock.advance(2 * 60_000);
    const usedAt = ctx.clock.now();
    await use();
    expect(await lastSeen()).toBe(usedAt.toISOString());

    // The next few minutes of use write nothing more.
    ctx.clock.advance(60_000);
    await use();
    await use();
    expect(await lastSeen()).toBe(usedAt.toISOString());
  });
});

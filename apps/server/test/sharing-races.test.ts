import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedEntries, shareEvents } from '../src/db/schema/index.ts';
import { premiumUser, shareEntry, tokenIn, useSmtp, viewLink, writeEntry } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { uniqueEmail } from './support/factories.ts';

const TEXT = `A whole entry, ${'word '.repeat(200)}end.`;

describe('sharing under concurrency', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  const mail = useSmtp(ctx);

  async function shareWithNewcomer() {
    const sender = await premiumUser(ctx);
    const entry = await writeEntry(ctx, sender.cookie, sender.user.id, TEXT);
    const email = uniqueEmail('race');
    const created = await shareEntry(ctx, sender.cookie, entry.id, [email]);
    expect(created.statusCode, created.body).toBe(201);
    return {
      sender,
      email,
      share: created.json().shares[0] as { id: string },
      token: tokenIn((await mail.mailsTo(email))[0]!),
    };
  }

  it('10 parallel resends send exactly 3 e-mails', async () => {
    const { sender, email, share } = await shareWithNewcomer();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/shares/${share.id}/resend`,
          headers: { cookie: sender.cookie },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    const mails = await mail.mailsTo(email);
    expect(mails).toHaveLength(1 + 3);
    const [row] = await ctx.database.db.select().from(sharedEntries).where(eq(sharedEntries.id, share.id));
    expect(row!.resendCount).toBe(3);
    const events = await ctx.database.db.select().from(shareEvents).where(eq(shareEvents.shareId, share.id));
    expect(events.filter((e) => e.eventType === 'resent')).toHaveLength(3);
    // Only the last link works: each resend rotated the token.
    const working = await Promise.all(mails.map(async (m) => (await viewLink(ctx, tokenIn(m))).statusCode));
    expect(working.filter((s) => s === 200)).toHaveLength(1);
  });

  it('a view racing a revoke sees the revoked share or the whole entry, never a mix', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const { sender, share, token } = await shareWithNewcomer();
      const [view, revoke] = await Promise.all([
        viewLink(ctx, token),
        ctx.app.inject({
          method: 'POST',
          url: `/api/shares/${share.id}/revoke`,
          headers: { cookie: sender.cookie },
        }),
      ]);
      expect(revoke.statusCode).toBe(200);
      expect(view.statusCode).toBe(200);
      const body = view.json();
      if (body.status === 'revoked') {
        expect(body.entry).toBeNull();
        expect(body.canRespond).toBe(false);
      } else {
        expect(body.status).toBe('active');
        expect(body.entry.text).toBe(TEXT);
      }
      seen.add(body.status);
      // After the revoke has answered, every view sees it revoked.
      expect((await viewLink(ctx, token)).json()).toMatchObject({ status: 'revoked', entry: null });
    }
    expect([...seen].every((s) => s === 'active' || s === 'revoked')).toBe(true);
  });
});

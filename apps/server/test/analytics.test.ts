import { ANALYTICS_PAGE_SIZE, type AnalyticsEntriesPage, type AnalyticsMoods } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { entries } from '../src/db/schema/index.ts';
import { useTestApp } from './support/app.ts';
import { browserEncrypt, createSignedInUser } from './support/factories.ts';

describe('GET /api/entries/analytics', () => {
  const ctx = useTestApp();

  const get = async (cookie: string, query = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/entries/analytics${query}`,
      headers: { cookie },
    });
    return { status: response.statusCode, body: response.json() as AnalyticsEntriesPage, response };
  };

  it('returns only the owner visible entries, with only what the charts need', async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const sealed = await browserEncrypt(ctx, owner.cookie, owner.user.id, 'A calm day #garden');
    const base = {
      userId: owner.user.id,
      encryptedContent: sealed.encryptedContent,
      metadata: { encryption_iv: sealed.encryptionIv },
    };
    await ctx.database.db.insert(entries).values([
      {
        ...base,
        entryDate: '2026-03-01',
        moodTag: 'Calm',
        title: 'T',
        category: 'C',
        createdAt: new Date('2026-03-01T09:00:00Z'),
      },
      { ...base, entryDate: '2026-03-02', createdAt: new Date('2026-03-02T09:00:00Z') },
      {
        ...base,
        entryDate: '2026-03-03',
        deletedAt: new Date(),
        createdAt: new Date('2026-03-03T09:00:00Z'),
      },
      {
        ...base,
        entryDate: '2026-03-04',
        sourceType: 'future_me',
        createdAt: new Date('2026-03-04T09:00:00Z'),
      },
    ]);

    const mine = await get(owner.cookie);
    expect(mine.status).toBe(200);
    expect(mine.response.headers['cache-control']).toBe('no-store');
    expect(mine.body.nextCursor).toBeNull();
    expect(mine.body.total).toBe(2);
    expect(mine.body.entries.map((e) => e.entryDate)).toEqual(['2026-03-01', '2026-03-02']);
    expect(mine.body.entries[0]).toEqual({
      id: expect.any(String),
      createdAt: '2026-03-01T09:00:00.000Z',
      entryDate: '2026-03-01',
      moodTag: 'Calm',
      title: 'T',
      category: 'C',
      encryptedContent: sealed.encryptedContent,
      encryptionIv: sealed.encryptionIv,
      encryptionVersion: 1,
      encryptedMood: null,
    });

    const theirs = await get(other.cookie);
    expect(theirs.body).toEqual({ entries: [], nextCursor: null, total: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/entries/analytics' })).statusCode).toBe(401);
  });

  it('bounds by local date, both ends included, and refuses bad input', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await ctx.database.db.insert(entries).values(
      ['2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01'].map((entryDate) => ({
        userId: user.id,
        entryDate,
        createdAt: new Date(`${entryDate}T12:00:00Z`),
      })),
    );
    const feb = await get(cookie, '?from=2026-02-01&to=2026-02-28');
    expect(feb.body.entries.map((e) => e.entryDate)).toEqual(['2026-02-01', '2026-02-28']);
    expect(feb.body.total).toBe(2);
    expect((await get(cookie, '?from=2026-02-30')).status).toBe(400);
    expect((await get(cookie, '?cursor=nonsense')).status).toBe(400);
  });

  it('pages 1,000 at a time by a cursor that loses no microsecond and repeats nothing', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const total = ANALYTICS_PAGE_SIZE + 5;
    // Several entries share a millisecond and differ only in microseconds: a cursor rounded to JavaScript's
    // millisecond would skip or repeat them.
    await ctx.database.query(
      `insert into entries (user_id, entry_date, created_at, updated_at)
       select $1, '2026-05-01', t, t
       from (select timestamptz '2026-05-01 10:00:00+00' + (n / 3) * interval '1 millisecond'
                    + (n % 3) * interval '1 microsecond' as t
             from generate_series(0, $2 - 1) n) s`,
      [user.id, total],
    );
    const first = await get(cookie);
    expect(first.body.entries).toHaveLength(ANALYTICS_PAGE_SIZE);
    expect(first.body.total).toBe(total);
    expect(first.body.nextCursor).toMatch(/^2026-05-01T10:00:00\.\d{6}Z_/);
    const second = await get(cookie, `?cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body.entries).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.total).toBeNull();
    const ids = [...first.body.entries, ...second.body.entries].map((e) => e.id);
    expect(new Set(ids).size).toBe(total);
    // Another user's session with the owner's cursor still sees nothing of the owner.
    const theirs = await get(other.cookie, `?cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(theirs.body.entries).toEqual([]);
  });
});

describe('GET /api/entries/analytics/moods', () => {
  const ctx = useTestApp();

  const get = async (cookie: string | null, query = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/entries/analytics/moods${query}`,
      headers: cookie ? { cookie } : {},
    });
    return { status: response.statusCode, body: response.json() as AnalyticsMoods, response };
  };

  it('answers the owner visible entries in one go, column by column, oldest first, without any ciphertext', async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const sealed = await browserEncrypt(ctx, owner.cookie, owner.user.id, 'A calm day #garden');
    const base = {
      userId: owner.user.id,
      encryptedContent: sealed.encryptedContent,
      metadata: { encryption_iv: sealed.encryptionIv },
    };
    await ctx.database.db.insert(entries).values([
      // Inserted newest first: the answer is ordered by creation, not by insertion.
      { ...base, entryDate: '2026-03-02', createdAt: new Date('2026-03-02T23:30:00.123Z') },
      { ...base, entryDate: '2026-03-01', moodTag: 'Calm', createdAt: new Date('2026-03-01T09:00:00Z') },
      {
        ...base,
        entryDate: '2026-03-03',
        deletedAt: new Date(),
        createdAt: new Date('2026-03-03T09:00:00Z'),
      },
      {
        ...base,
        entryDate: '2026-03-04',
        sourceType: 'future_me',
        createdAt: new Date('2026-03-04T09:00:00Z'),
      },
      { ...base, userId: other.user.id, entryDate: '2026-03-05', moodTag: 'Sad', createdAt: new Date() },
    ]);

    const mine = await get(owner.cookie);
    expect(mine.status).toBe(200);
    expect(mine.response.headers['cache-control']).toBe('no-store');
    expect(mine.body).toEqual({
      createdAt: ['2026-03-01T09:00:00.000Z', '2026-03-02T23:30:00.123Z'],
      entryDate: ['2026-03-01', '2026-03-02'],
      moodTag: ['Calm', null],
    });
    expect(mine.response.body).not.toContain(sealed.encryptedContent);

    expect((await get(other.cookie)).body).toEqual({
      createdAt: [expect.any(String)],
      entryDate: ['2026-03-05'],
      moodTag: ['Sad'],
    });
    expect((await get(null)).status).toBe(401);
  });

  it('bounds by local date, both ends included, and refuses bad input', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await ctx.database.db.insert(entries).values(
      ['2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01'].map((entryDate) => ({
        userId: user.id,
        entryDate,
        createdAt: new Date(`${entryDate}T12:00:00Z`),
      })),
    );
    expect((await get(cookie, '?from=2026-02-01&to=2026-02-28')).body.entryDate).toEqual([
      '2026-02-01',
      '2026-02-28',
    ]);
    expect((await get(cookie, '?to=2026-01-31')).body.entryDate).toEqual(['2026-01-31']);
    expect((await get(cookie, '?from=2026-02-30')).status).toBe(400);
  });
});

import { addDays, type Streak } from '@daybook/shared';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { streakQuery } from '../src/modules/entries/repository.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { createEntry, createSignedInUser } from './support/factories.ts';

const isPostgres = Boolean(process.env.DATABASE_URL);

type Seeded = {
  entryDate: string;
  createdAt?: string;
  moodTag?: string | null;
  deleted?: boolean;
  sourceType?: 'journal' | 'future_me';
};

/** Entries written straight into the table with the dates given (the API dates entries by the clock). */
async function seed(ctx: TestContext, userId: string, rows: Seeded[]) {
  for (const row of rows) {
    const createdAt = row.createdAt ?? `${row.entryDate}T12:00:00Z`;
    await ctx.database.query(
      `insert into entries (user_id, encrypted_content, metadata, mood_tag, source_type, entry_date, created_at,
         updated_at, deleted_at)
       values ($1, 'c2VlZA==', '{"encryption_iv":"AAAAAAAAAAAAAAAA"}', $2, $3, $4, $5, $5, $6)`,
      [
        userId,
        row.moodTag ?? null,
        row.sourceType ?? 'journal',
        row.entryDate,
        createdAt,
        row.deleted ? createdAt : null,
      ],
    );
  }
}

const get = async (ctx: TestContext, cookie: string | undefined, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('streak', () => {
  const ctx = useTestApp();

  it('answers 401 without a session', async () => {
    for (const url of [
      '/api/streak',
      '/api/moods/ring',
      '/api/moods/current',
      '/api/entries/on-this-day?date=2026-11-22',
    ]) {
      expect((await get(ctx, undefined, url)).statusCode).toBe(401);
    }
  });

  it('counts entries written at 23:30 UTC on the next day in Tokyo, and on the same day in London', async () => {
    const tokyo = await createSignedInUser(ctx, { timezone: 'Asia/Tokyo' });
    const london = await createSignedInUser(ctx, { timezone: 'Europe/London' });
    // Friday 20 and Saturday 21 November 2026, 23:30 UTC: Saturday 21 and Sunday 22, 08:30, in Tokyo.
    for (const instant of ['2026-11-20T23:30:00Z', '2026-11-21T23:30:00Z']) {
      ctx.clock.set(new Date(instant));
      for (const { user, cookie } of [tokyo, london]) {
        expect((await createEntry(ctx, cookie, user.id, 'Late evening', 'Calm')).statusCode).toBe(201);
      }
    }
    // Sunday 22 November, 20:00 UTC: Monday 23 at 05:00 in Tokyo, still Sunday evening in London.
    ctx.clock.set(new Date('2026-11-22T20:00:00Z'));
    const inTokyo = (await get(ctx, tokyo.cookie, '/api/streak')).json() as Streak;
    expect(inTokyo).toMatchObject({
      currentStreak: 2,
      lastStreak: 0,
      bestStreak: 2,
      thisWeek: 0, // Monday 23 has begun in Tokyo, with no entry yet
      goal: 7,
      milestone: null,
      message: "You're building momentum!",
    });
    // The row is Tokyo's new week, Monday first (ADR 062): today, then six days to come.
    expect(inTokyo.weekDays.map((d) => [d.date, d.dayName, d.hasEntry, d.isUpcoming])).toEqual([
      ['2026-11-23', 'Mon', false, false],
      ['2026-11-24', 'Tue', false, true],
      ['2026-11-25', 'Wed', false, true],
      ['2026-11-26', 'Thu', false, true],
      ['2026-11-27', 'Fri', false, true],
      ['2026-11-28', 'Sat', false, true],
      ['2026-11-29', 'Sun', false, true],
    ]);
    const inLondon = (await get(ctx, london.cookie, '/api/streak')).json() as Streak;
    expect(inLondon).toMatchObject({ currentStreak: 2, thisWeek: 2 });
    expect(inLondon.weekDays.at(-1)).toEqual({
      date: '2026-11-22',
      dayName: 'Sun',
      hasEntry: false,
      isUpcoming: false,
    });
    expect(inLondon.weekDays.filter((d) => d.hasEntry).map((d) => d.date)).toEqual([
      '2026-11-20',
      '2026-11-21',
    ]);
  });

  it('gives each user their own streak only, without deleted entries or Future Me messages', async () => {
    const owner = await createSignedInUser(ctx, { timezone: 'UTC' });
    const other = await createSignedInUser(ctx, { timezone: 'UTC' });
    const today = '2026-11-22';
    ctx.clock.set(new Date(`${today}T15:00:00Z`));
    const run = (last: string, days: number) =>
      Array.from({ length: days }, (_, i) => ({ entryDate: addDays(last, -i) }));
    await seed(ctx, owner.user.id, [
      ...run(today, 7),
      { entryDate: today }, // a second entry on one day counts once
      ...run('2026-11-10', 20),
      // Not counted: these would join the two runs into one of 28 days.
      { entryDate: '2026-11-15', deleted: true },
      { entryDate: '2026-11-14', sourceType: 'future_me' },
    ]);
    const own = (await get(ctx, owner.cookie, '/api/streak')).json() as Streak;
    expect(own).toMatchObject({
      currentStreak: 7,
      lastStreak: 20,
      bestStreak: 20,
      thisWeek: 7,
      milestone: 7,
      message: 'One week strong!',
    });
    const others = (await get(ctx, other.cookie, '/api/streak')).json() as Streak;
    expect(others).toMatchObject({
      currentStreak: 0,
      lastStreak: 0,
      bestStreak: 0,
      thisWeek: 0,
      milestone: null,
      message: 'Start your streak today!',
    });
    expect(others.weekDays.some((d) => d.hasEntry)).toBe(false);

    // Two days later the run is broken: the last streak is the one that ended, the best the longest ever.
    ctx.clock.set(new Date('2026-11-24T15:00:00Z'));
    expect((await get(ctx, owner.cookie, '/api/streak')).json()).toMatchObject({
      currentStreak: 0,
      lastStreak: 7,
      bestStreak: 20,
      message: 'Your last streak was 7 days. Start a new one!',
    });
  });

  it('keeps a long current streak and the best run of all history', async () => {
    const { user, cookie } = await createSignedInUser(ctx, { timezone: 'UTC' });
    const today = '2026-11-22';
    ctx.clock.set(new Date(`${today}T08:00:00Z`));
    const rows: Seeded[] = [];
    for (let i = 1; i <= 120; i += 1) rows.push({ entryDate: addDays(today, -i) }); // up to yesterday
    for (let i = 0; i < 150; i += 1) rows.push({ entryDate: addDays('2024-06-30', -i) });
    for (let i = 0; i < 30; i += 3) rows.push({ entryDate: addDays('2025-03-01', i) }); // single days
    await seed(ctx, user.id, rows);
    expect((await get(ctx, cookie, '/api/streak')).json()).toMatchObject({
      currentStreak: 120,
      lastStreak: 1,
      bestStreak: 150,
      milestone: 100,
      message: 'Legendary streak!',
    });
  });
});

describe('mood ring and current mood', () => {
  const ctx = useTestApp();

  it("shows the last 7 local days' tagged moods, newest first, and today's latest mood, in the user's zone", async () => {
    const tokyo = await createSignedInUser(ctx, { timezone: 'Asia/Tokyo' });
    const other = await createSignedInUser(ctx, { timezone: 'Asia/Tokyo' });
    await seed(ctx, tokyo.user.id, [
      { entryDate: '2026-11-15', createdAt: '2026-11-15T01:00:00Z', moodTag: 'Sad' }, // 8 days before: out
      { entryDate: '2026-11-16', createdAt: '2026-11-16T01:00:00Z', moodTag: 'Happy' },
      { entryDate: '2026-11-20', createdAt: '2026-11-20T01:00:00Z', moodTag: null },
      { entryDate: '2026-11-21', createdAt: '2026-11-21T01:00:00Z', moodTag: 'Angry', deleted: true },
      {
        entryDate: '2026-11-21',
        createdAt: '2026-11-21T02:00:00Z',
        moodTag: 'Proud',
        sourceType: 'future_me',
      },
      { entryDate: '2026-11-22', createdAt: '2026-11-21T23:00:00Z', moodTag: 'Tired' },
    ]);
    await seed(ctx, other.user.id, [{ entryDate: '2026-11-22', moodTag: 'Anxious' }]);
    // 22 November, 08:30 in Tokyo.
    ctx.clock.set(new Date('2026-11-21T23:30:00Z'));
    expect((await get(ctx, tokyo.cookie, '/api/moods/ring')).json()).toEqual({
      moods: [
        { moodTag: 'Tired', entryDate: '2026-11-22' },
        { moodTag: 'Happy', entryDate: '2026-11-16' },
      ],
      sealed: [],
    });
    expect((await get(ctx, tokyo.cookie, '/api/moods/current')).json()).toEqual({
      moodTag: 'Tired',
      sealed: [],
    });

    // Written now through the API: today's latest, until an untagged entry, which does not replace it.
    expect(
      (await createEntry(ctx, tokyo.cookie, tokyo.user.id, 'Morning coffee', 'Grateful')).statusCode,
    ).toBe(201);
    ctx.clock.advance(60_000);
    expect((await createEntry(ctx, tokyo.cookie, tokyo.user.id, 'No mood')).statusCode).toBe(201);
    expect((await get(ctx, tokyo.cookie, '/api/moods/current')).json()).toEqual({
      moodTag: 'Grateful',
      sealed: [],
    });
    expect(
      ((await get(ctx, tokyo.cookie, '/api/moods/ring')).json() as { moods: unknown[] }).moods,
    ).toHaveLength(3);

    // The other user sees only their own.
    expect((await get(ctx, other.cookie, '/api/moods/ring')).json()).toEqual({
      moods: [{ moodTag: 'Anxious', entryDate: '2026-11-22' }],
      sealed: [],
    });
    expect((await get(ctx, other.cookie, '/api/moods/current')).json()).toEqual({
      moodTag: 'Anxious',
      sealed: [],
    });

    // 15:30 UTC on the 22nd is the 23rd in Tokyo: nothing today yet, and the 16th has left the ring.
    ctx.clock.set(new Date('2026-11-22T15:30:00Z'));
    expect((await get(ctx, tokyo.cookie, '/api/moods/current')).json()).toEqual({
      moodTag: null,
      sealed: [],
    });
    const ring = (await get(ctx, tokyo.cookie, '/api/moods/ring')).json() as {
      moods: { entryDate: string }[];
    };
    expect(ring.moods.map((m) => m.entryDate)).toEqual(['2026-11-22', '2026-11-22']);
  });
});

describe('On This Day', () => {
  const ctx = useTestApp();

  it('returns entries of this month and day in earlier years and of a month ago, newest first, owner only', async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    await seed(ctx, owner.user.id, [
      { entryDate: '2025-11-22', moodTag: 'Happy' },
      { entryDate: '2023-11-22' },
      { entryDate: '2026-10-22' },
      { entryDate: '2026-11-22' }, // today itself: not "on this day"
      { entryDate: '2026-11-15' },
      { entryDate: '2025-11-23' },
      { entryDate: '2024-11-22', deleted: true },
      { entryDate: '2024-11-22', sourceType: 'future_me' },
    ]);
    await seed(ctx, other.user.id, [{ entryDate: '2025-11-22' }]);
    const response = await get(ctx, owner.cookie, '/api/entries/on-this-day?date=2026-11-22');
    expect(response.statusCode).toBe(200);
    const { entries } = response.json() as {
      entries: { entryDate: string; encryptedContent: string; moodTag: string | null; isShared: boolean }[];
    };
    expect(entries.map((e) => e.entryDate)).toEqual(['2026-10-22', '2025-11-22', '2023-11-22']);
    expect(entries[1]).toMatchObject({ moodTag: 'Happy', encryptedContent: 'c2VlZA==', isShared: false });

    const others = (await get(ctx, other.cookie, '/api/entries/on-this-day?date=2026-11-22')).json();
    expect(others.entries.map((e: { entryDate: string }) => e.entryDate)).toEqual(['2025-11-22']);
  });

  it('falls back to the last day of shorter months and refuses a bad date', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await seed(ctx, user.id, [
      { entryDate: '2027-02-28' },
      { entryDate: '2027-03-31' },
      { entryDate: '2025-02-28' },
    ]);
    // 31 March 2028: a month before is 29 February 2028 (none); a year before is 31 March 2027.
    const march = (await get(ctx, cookie, '/api/entries/on-this-day?date=2028-03-31')).json();
    expect(march.entries.map((e: { entryDate: string }) => e.entryDate)).toEqual(['2027-03-31']);
    // 29 February 2028: 28 February in the years without one.
    const leap = (await get(ctx, cookie, '/api/entries/on-this-day?date=2028-02-29')).json();
    expect(leap.entries.map((e: { entryDate: string }) => e.entryDate)).toEqual(['2027-02-28', '2025-02-28']);
    for (const date of ['2026-02-30', 'today', '']) {
      expect((await get(ctx, cookie, `/api/entries/on-this-day?date=${date}`)).statusCode).toBe(400);
    }
  });
});

/**
 * The streak statement's plan with 1,000,000 entries in the table: 20,000 of the user's own over eleven years and
 * 980,000 of 98 others. Seeding a million rows takes a few seconds on PostgreSQL and minutes on the in-memory
 * PGlite (single-threaded WASM), so this runs on PostgreSQL only (DATABASE_URL); the statement is the same.
 */
describe.runIf(isPostgres)('streak query plan at 1,000,000 entries (PostgreSQL, needs DATABASE_URL)', () => {
  const ctx = useTestApp();

  it('reads the dates from an index, never the whole table', { timeout: 600_000 }, async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    // Its own connection: the app's pool stops statements after a few seconds, and seeding takes longer.
    const client = new pg.Client({ connectionString: ctx.database.url! });
    await client.connect();
    try {
      await client.query(
        `insert into users (name, email, email_verified)
         select 'Crowd ' || n, 'crowd-' || n || '@daybook.local', true from generate_series(1, 98) n`,
      );
      await client.query(
        `insert into entries (user_id, encrypted_content, metadata, mood_tag, entry_date, created_at, updated_at)
         select u.id, 'c2VlZA==', '{}', 'Happy', d::date, d, d
         from (select id from users where email like 'crowd-%') u,
              lateral (select timestamptz '2026-11-22 12:00Z' - (n * interval '37 minutes') as d
                       from generate_series(1, 10000) n) s`,
      );
      await client.query(
        `insert into entries (user_id, encrypted_content, metadata, mood_tag, entry_date, created_at, updated_at)
         select $1, 'c2VlZA==', '{}', 'Calm', d::date, d, d
         from (select timestamptz '2026-11-22 12:00Z' - (n * interval '4 hours') as d
               from generate_series(0, 19999) n) s`,
        [user.id],
      );
      await client.query('vacuum analyze entries');
    } finally {
      await client.end();
    }
    const [{ n }] = (await ctx.database.query<{ n: number }>('select count(*)::int as n from entries')) as [
      { n: number },
    ];
    expect(n).toBe(1_000_000);

    const today = '2026-11-22';
    const { text, params } = streakQuery(user.id, today, addDays(today, -6));
    const literal = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`;
    const explained = await ctx.database.query<Record<string, string>>(
      `explain ${text.replace(/\$(\d+)/g, (_, i: string) => literal(params[Number(i) - 1]))}`,
    );
    const plan = explained.map((row) => Object.values(row)[0]!).join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using entries_user_entry_date_idx on entries/);
    expect(plan).not.toMatch(/Seq Scan on entries/);

    // And the answer: an entry every 4 hours for 3,334 days, up to today.
    ctx.clock.set(new Date(`${today}T18:00:00Z`));
    expect((await get(ctx, cookie, '/api/streak')).json()).toMatchObject({
      currentStreak: 3334,
      bestStreak: 3334,
      thisWeek: 7,
    });
  });
});

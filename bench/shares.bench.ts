import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { sharedEntryMail } from '../apps/server/src/infra/mail/templates.ts';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { compare, load } from './lib/load.ts';

/**
 * POST /api/entries/:id/shares with one recipient through the whole stack (session, validation, ownership and
 * plan checks, note moderation, token and hash, one transaction writing the share, its email_sent event and the
 * outbox e-mail) against the same three rows written by a bare node:http server in one statement with a bare
 * driver client (a fresh random token hashed per request there too).
 */
/** Enough senders and addresses for about 6,000 shares: a full run sends a few thousand. */
const SENDERS = 60;
const RECIPIENTS = 1_000;

export async function shareCreationBench(options: { seconds: number; connections: number }) {
  const bench = await openBenchDatabase();
  const { app, origin, config } = await startBenchApp(bench.database);
  // The daily sending caps (100 share e-mails per sender, 20 per recipient address: SENDING_LIMITS) hold in the
  // benchmark's server too, so the load is spread over enough senders and addresses that none is reached: the
  // figure measures share creation, not refusals (a refusal counts as an error below).
  const senders: (Awaited<ReturnType<typeof benchUser>> & { entryId: string })[] = [];
  for (let i = 0; i < SENDERS; i++) {
    const sender = await benchUser(app, bench.database);
    const created = await app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie: sender.cookie },
      payload: JSON.parse(sender.body),
    });
    senders.push({ ...sender, entryId: (created.json() as { entry: { id: string } }).entry.id });
  }
  const user = senders[0]!;
  const entryId = user.entryId;
  const note = 'Thought of you when I wrote this.';
  const recipient = 'friend@example.com';
  const shareBody = (index: number) =>
    JSON.stringify({
      recipients: [{ email: `friend-${index % RECIPIENTS}@example.com` }],
      note,
      includeMedia: true,
      consent: true,
    });
  const body = shareBody(0);

  const pool = bench.url ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
  // Dropping the benchmark database ends these connections; that is expected.
  pool?.on('error', () => {});
  const insert = `with s as (
      insert into shared_entries (entry_id, sender_id, recipient_email, token_hash, note, include_media, status, expires_at)
      values ($1, $2, $3, $4, $5, true, 'active', now() + interval '30 days') returning id),
    e as (insert into share_events (share_id, event_type, user_id) select id, 'email_sent', $2 from s),
    o as (insert into email_outbox (to_address, subject, html, text, template) values ($3, $6, $7, $8, 'share_created'))
    select id from s`;
  const bare = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const token = randomBytes(16).toString('base64url');
      const mail = sharedEntryMail({
        senderName: 'Bench User',
        note,
        url: `${config.appUrl}/share/${token}`,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
        isResend: false,
      });
      const params = [
        entryId,
        user.userId,
        recipient,
        createHash('sha256').update(token).digest('hex'),
        note,
        mail.subject,
        mail.html,
        mail.text,
      ];
      const query = pool ? pool.query(insert, params) : bench.database.query(insert, params);
      query.then(
        () => {
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end('{}');
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const post = {
    method: 'POST' as const,
    body,
    headers: { 'content-type': 'application/json', cookie: user.cookie },
  };
  const spread = (index: number) => {
    const sender = senders[index % senders.length]!;
    return {
      path: `/api/entries/${sender.entryId}/shares`,
      body: shareBody(index),
      headers: { 'content-type': 'application/json', cookie: sender.cookie },
    };
  };

  try {
    const result = await compare(
      () => load(`${origin}/api/entries/${entryId}/shares`, { ...options, ...post, requestAt: spread }),
      () => load(bareUrl, { ...options, ...post }),
    );
    return {
      name: 'POST /api/entries/:id/shares ÷ bare insert of the same rows',
      driver: bench.database.driver,
      ...result,
      goal: 'report',
    };
  } finally {
    await app.close();
    await new Promise((resolve) => bare.close(resolve));
    await pool?.end();
    await bench.drop();
  }
}

// `npx tsx bench/shares.bench.ts` runs this one alone (BENCH_SECONDS, BENCH_CONNECTIONS as for `npm run bench`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await shareCreationBench({
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  });
  console.info(
    `${result.name} (${result.driver}): ${result.a.requestsPerSecond.toFixed(0)} req/s (p99 ${result.a.p99Ms.toFixed(1)} ms, ${result.a.errors + result.a.non2xx} errors) ÷ ${result.b.requestsPerSecond.toFixed(0)} req/s = ${result.ratio.toFixed(2)}`,
  );
}

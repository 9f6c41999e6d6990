import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox } from '../src/db/schema/index.ts';
import { useTestApp } from './support/app.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com ',
  topic: 'feedback',
  subject: 'Lovely app',
  message: 'I have been writing every evening this week.',
};

describe('POST /api/contact', () => {
  const ctx = useTestApp({ CONTACT_EMAIL: 'team@daybook.test', RATE_LIMIT_PER_MINUTE: '1000' });
  const post = (payload: unknown, ip = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });
  const rows = async () => (await ctx.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

  it('stores a valid message and queues it for CONTACT_EMAIL in the same transaction', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [stored] = await ctx.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ id, email: 'ada@example.com', subject: 'Lovely app', topic: 'feedback' });
    const [queued] = await ctx.database.db.select().from(emailOutbox);
    expect(queued).toMatchObject({
      toAddress: 'team@daybook.test',
      replyTo: 'ada@example.com',
      status: 'pending',
    });
    expect(queued?.text).toContain('I have been writing every evening this week.');
  });

  it('rejects an invalid e-mail with a field error and stores nothing', async () => {
    const before = await rows();
    const response = await post({ ...valid, email: 'not-an-email' }, '10.0.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'Please enter a valid email address' },
    });
    expect(await rows()).toBe(before);
  });

  it.each([
    ['a missing name', { ...valid, name: '' }, 'name'],
    ['a too-short message', { ...valid, message: 'hi' }, 'message'],
    ['an over-long subject', { ...valid, subject: 'x'.repeat(151) }, 'subject'],
    ['an unknown topic', { ...valid, topic: 'gossip' }, 'topic'],
  ])('rejects %s', async (_label, payload, field) => {
    const response = await post(payload, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it('rejects malformed JSON and non-JSON bodies with a code', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: '10.0.0.4',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('INVALID_JSON');
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
      remoteAddress: '10.0.0.4',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('limits each client to 5 messages per 10 minutes, counted in the database', async () => {
    const ip = '10.0.0.99';
    for (let i = 0; i < 5; i++) expect((await post(valid, ip)).statusCode).toBe(201);
    const limited = await post(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await post(valid, '10.0.0.100')).statusCode).toBe(201);
  });
});

describe('RATE_LIMIT_SCALE', () => {
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '2' });

  it('multiplies per-route limits', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: valid,
        remoteAddress: '10.9.9.9',
      });
      codes.push(response.statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes[10]).toBe(429);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveMetrics } from '../src/infra/metrics/metrics.ts';
import { useTestApp } from './support/app.ts';
import { createEntry, createSignedInUser } from './support/factories.ts';

/*
 * Prometheus metrics (ADR 072): on the public port only for the token, on METRICS_PORT's own
 * listener for Prometheus; requests named by their route's pattern, never by an id.
 */

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';

describe('metrics', () => {
  describe('with METRICS_TOKEN', () => {
    const ctx = useTestApp({ METRICS_TOKEN: TOKEN });

    it('answers /metrics on the public port for the token only, with requests by route pattern', async () => {
      const person = await createSignedInUser(ctx);
      const created = await createEntry(ctx, person.cookie, person.user.id, 'Counted, never named');
      const id = created.json().entry.id as string;
      await ctx.app.inject({ method: 'GET', url: `/api/entries/${id}`, headers: { cookie: person.cookie } });
      await ctx.app.inject({ method: 'GET', url: '/api/health' });

      for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const refused = await ctx.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(refused.statusCode, authorization).toBe(401);
        expect(refused.body).not.toContain('daybook_');
      }

      const scraped = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.headers['content-type']).toContain('text/plain');
      const text = scraped.body;
      expect(text).toMatch(
        /daybook_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/,
      );
      expect(text).toContain('route="/api/entries/:id"');
      expect(text).toMatch(
        /daybook_http_request_duration_seconds_bucket\{le="0\.05",method="POST",route="\/api\/entries"/,
      );
      // Nothing a person can be found by: no entry id, no e-mail address, no session.
      expect(text).not.toContain(id);
      expect(text).not.toContain(person.user.email);
      expect(text).not.toContain(person.cookie.split('=')[1]!.slice(0, 20));
      for (const name of [
        'daybook_live_streams 0',
        'daybook_outbox_messages{state="queued"}',
        'daybook_outbox_oldest_queued_seconds',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_p99_seconds',
      ])
        expect(text, name).toContain(name);
      // The pool is PostgreSQL's; the embedded database has none to report.
      const poolLine = 'daybook_db_pool_connections{state="total"}';
      expect(text.includes(poolLine)).toBe(ctx.database.driver === 'postgres');
    });
  });

  describe('with METRICS_PORT', () => {
    const ctx = useTestApp();

    it('serves Prometheus on a listener of its own; the public port has no /metrics without a token', async () => {
      const publicPort = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(publicPort.statusCode).toBe(404);
      expect(publicPort.body).not.toContain('daybook_');

      await ctx.app.inject({ method: 'GET', url: '/api/health' });
      const listener = await serveMetrics(ctx.app.metrics.registry, { host: '127.0.0.1', port: 0 });
      try {
        const address = listener.server.address();
        if (!address || typeof address === 'string') throw new Error('no port');
        const base = `http://127.0.0.1:${address.port}`;
        const scraped = await fetch(`${base}/metrics`);
        expect(scraped.status).toBe(200);
        expect(await scraped.text()).toContain('route="/api/health"');
        expect((await fetch(`${base}/`)).status).toBe(404);
        expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
      } finally {
        await listener.close();
      }
    });
  });

  it('ships a Grafana dashboard that draws the metrics the server exposes', () => {
    const dashboard = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../../deploy/grafana-dashboard.json'), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const expressions = dashboard.panels
      .flatMap((panel) => panel.targets.map((target) => target.expr))
      .join('\n');
    for (const metric of [
      'daybook_http_requests_total',
      'daybook_http_request_duration_seconds_bucket',
      'daybook_db_pool_connections',
      'daybook_live_streams',
      'daybook_outbox_messages',
      'daybook_job_seconds_since_success',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ])
      expect(expressions, metric).toContain(metric);
  });
});

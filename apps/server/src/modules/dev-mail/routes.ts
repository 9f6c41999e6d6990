import { DevMailList } from '@daybook/shared';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../infra/mail/templates.ts';
import type { createDevMailService } from './service.ts';

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"')]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The local mailbox of the embedded default: `/dev/mail` (a page) and `/api/dev/mail` (JSON).
 * Registered only outside production; it shows every message the server has "sent".
 */
export function registerDevMailRoutes(
  app: FastifyInstance,
  mailbox: ReturnType<typeof createDevMailService>,
): void {
  app.get(
    '/api/dev/mail',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages in the local mailbox (not in production)',
        response: { 200: DevMailList },
      },
    },
    async () => ({
      messages: await mailbox.list(),
    }),
  );

  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await mailbox.list();
    const items = messages
      .map(
        (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.date).toLocaleString('en-GB'))}</p>
<pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox · Daybook</title><link rel="stylesheet" href="/api/dev/mail.css"></head>
<body><main><h1>Local mailbox</h1>
<p>Messages the server would have sent. This page exists only outside production; set <code>SMTP_URL</code> to send real mail.</p>
${items || '<p class="empty">No messages yet.</p>'}
</main></body></html>`;
    return reply.type('text/html').header('cache-control', 'no-store').send(html);
  });

  app.get('/api/dev/mail.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css')
      .send(
        `body{margin:0;background:#f6f3ee;color:#2b2620;font:16px/1.5 system-ui,sans-serif}main{max-width:760px;margin:0 auto;padding:32px 16px}article{background:#fff;border:1px solid #e4ddd2;border-radius:12px;padding:16px 20px;margin:16px 0}h1{font-size:28px}h2{font-size:18px;margin:0}.meta{color:#6b635a;font-size:14px;margin:4px 0 12px}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0}a{color:#2f6b5f}@media (prefers-color-scheme:dark){body{background:#1b1916;color:#eee8df}article{background:#24211d;border-color:#3a352e}a{color:#8fd3c1}.meta{color:#b3aaa0}}`,
      ),
  );
}

import { api } from '@daybook/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../infra/http/endpoint-route.ts';
import { localOnly } from '../../infra/http/local-only.ts';
import { escapeHtml } from '../../infra/mail/templates.ts';
import type { createDevMailService } from './service.ts';

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"')]+/g, (url) => `<a href="${url}">${url}</a>`);

type Mailbox = ReturnType<typeof createDevMailService>;

/**
 * The local mailbox's API, registered inside the `/api` scope: `/api/dev/mail` (JSON) and the page's style
 * sheet. Like the page, it exists only without SMTP_URL and outside production (app.ts), and answers only
 * direct requests from this machine (`localOnly`); anything else gets the API's own 404.
 */
export function devMailApiRoutes(mailbox: Mailbox) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRequest', localOnly);
    route(
      scope,
      api.devMail.list,
      {
        tags: ['development'],
        summary: 'Messages in the local mailbox (development only, from this machine only)',
      },
      async () => ({ messages: await mailbox.list() }),
    );
    // Left out of the API docs as before: @fastify/swagger's hidden tag.
    route(
      scope,
      api.devMail.styleSheet,
      { tags: ['X-HIDDEN'], summary: "The mailbox page's style sheet" },
      async (_request, reply) => reply.type('text/css').send(STYLE),
    );
  };
}

/** The local mailbox page, `/dev/mail`: every message the server has "sent", links clickable. Same rules as the API. */
export function devMailPage(mailbox: Mailbox) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', localOnly);
    // endpoint-rule: a page for the person at the machine, not an operation of the API.
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
<title>Local mailbox · Daybook</title><link rel="stylesheet" href="${api.devMail.styleSheet.path}"></head>
<body><main><h1>Local mailbox</h1>
<p>Messages the server would have sent. This mailbox answers only on this machine (a browser on the server itself, not through a proxy), exists only outside production and without <code>SMTP_URL</code>; set <code>SMTP_URL</code> to send real mail.</p>
${items || '<p class="empty">No messages yet.</p>'}
</main></body></html>`;
      return reply.type('text/html').header('cache-control', 'no-store').send(html);
    });
  };
}

const STYLE = `body{margin:0;background:#f6f3ee;color:#2b2620;font:16px/1.5 system-ui,sans-serif}main{max-width:760px;margin:0 auto;padding:32px 16px}article{background:#fff;border:1px solid #e4ddd2;border-radius:12px;padding:16px 20px;margin:16px 0}h1{font-size:28px}h2{font-size:18px;margin:0}.meta{color:#6b635a;font-size:14px;margin:4px 0 12px}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0}a{color:#2f6b5f}@media (prefers-color-scheme:dark){body{background:#1b1916;color:#eee8df}article{background:#24211d;border-color:#3a352e}a{color:#8fd3c1}.meta{color:#b3aaa0}}`;

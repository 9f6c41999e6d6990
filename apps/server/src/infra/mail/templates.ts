import { APP_NAME } from '@daybook/shared';

export type RenderedMail = { subject: string; html: string; text: string; template: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One layout for every e-mail: a plain, readable card that survives clients without CSS. */
function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f6f3ee;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#2b2620">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:600;font-size:18px">${APP_NAME}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr></table>
</td></tr></table></body></html>`;
}

export function contactMessageMail(input: {
  name: string;
  email: string;
  topic: string;
  subject: string;
  message: string;
}): RenderedMail {
  const subject = `[Contact · ${input.topic}] ${input.subject}`;
  const text = `New message from the ${APP_NAME} contact form\n\nFrom: ${input.name} <${input.email}>\nTopic: ${input.topic}\nSubject: ${input.subject}\n\n${input.message}\n`;
  const html = layout(
    'New contact message',
    `<p style="margin:0 0 8px"><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p>
<p style="margin:0 0 8px"><strong>Topic:</strong> ${escapeHtml(input.topic)}</p>
<p style="margin:0 0 16px"><strong>Subject:</strong> ${escapeHtml(input.subject)}</p>
<p style="margin:0;white-space:pre-wrap;line-height:1.5">${escapeHtml(input.message)}</p>`,
  );
  return { subject, html, text, template: 'contact_message' };
}

import { APP_NAME } from '@daybook/shared';

export type RenderedMail = { subject: string; html: string; text: string; template: string };

export const escapeHtml = (value: string) =>
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

function actionMail(options: {
  template: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}): RenderedMail {
  const { subject, greeting, paragraphs, action, footnote } = options;
  const text = `${greeting}\n\n${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\n${footnote}\n\n— ${APP_NAME}\n`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2f6b5f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b635a;line-height:1.5">If the button does not work, open this link: <a href="${escapeHtml(action.url)}" style="color:#2f6b5f">${escapeHtml(action.url)}</a></p>
<p style="margin:16px 0 0;font-size:13px;color:#6b635a;line-height:1.5">${escapeHtml(footnote)}</p>`,
  );
  return { subject, html, text, template: options.template };
}

const hello = (name: string) => `Hi ${name.trim().split(/\s+/)[0] || 'there'},`;

export function verificationMail(name: string, url: string): RenderedMail {
  return actionMail({
    template: 'verify_email',
    subject: `Confirm your e-mail for ${APP_NAME}`,
    greeting: hello(name),
    paragraphs: [
      'Confirm this address to finish setting up your journal. The link is valid for 1 hour. Opened in the browser you registered with, it signs you in; anywhere else it confirms the address and asks for your password there.',
    ],
    action: { label: 'Confirm e-mail', url },
    footnote: "If you didn't create an account, ignore this message and nothing will happen.",
  });
}

export function passwordResetMail(name: string, url: string): RenderedMail {
  return actionMail({
    template: 'reset_password',
    subject: `Reset your ${APP_NAME} password`,
    greeting: hello(name),
    paragraphs: [
      'Someone asked to reset the password of your account. The link is valid for 1 hour and works once.',
    ],
    action: { label: 'Choose a new password', url },
    footnote: "If it wasn't you, ignore this message: your password stays as it is.",
  });
}

export function deletionScheduledMail(name: string, dateLabel: string, url: string): RenderedMail {
  return actionMail({
    template: 'deletion_scheduled',
    subject: `Your ${APP_NAME} account will be deleted on ${dateLabel}`,
    greeting: hello(name),
    paragraphs: [
      `You asked us to delete your account. On ${dateLabel} we will delete your entries, media, shares, notifications and messages to your future self.`,
      'Until then you can cancel from your profile and everything stays as it is.',
    ],
    action: { label: 'Review or cancel', url },
    footnote: "If you didn't ask for this, sign in and cancel the deletion, then change your password.",
  });
}

export function deletionCancelledMail(name: string, url: string): RenderedMail {
  return actionMail({
    template: 'deletion_cancelled',
    subject: `Your ${APP_NAME} account will not be deleted`,
    greeting: hello(name),
    paragraphs: ['The deletion of your account was cancelled. Your account and data are safe.'],
    action: { label: 'Open Daybook', url },
    footnote: "If you didn't cancel it, sign in and review your account's sessions.",
  });
}

/** "29 November 2026, 01:23 UTC": when something happened to an account, in UTC (the reader's zone is not sent). */
const utcMomentLabel = (date: Date) =>
  `${date.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

/**
 * A sign-in from a browser the account had not used before (ADR 073): which browser, when, and where to end that
 * session. Nothing of the journal, and no address or location (none is looked up).
 */
export function newSignInMail(name: string, input: { device: string; at: Date }, url: string): RenderedMail {
  return actionMail({
    template: 'new_sign_in',
    subject: `New sign-in to your ${APP_NAME} account`,
    greeting: hello(name),
    paragraphs: [
      `Your account was signed in from a browser it had not used before: ${input.device}, on ${utcMomentLabel(input.at)}.`,
      'If this was you, there is nothing to do. If not, sign that session out from your profile and change your password.',
    ],
    action: { label: 'Review your sessions', url },
    footnote: 'We send this for every browser that signs in to your account for the first time.',
  });
}

/** The account's password was changed (ADR 073), with or without the other sessions ended with it. */
export function passwordChangedMail(
  name: string,
  at: Date,
  url: string,
  { otherSessionsEnded }: { otherSessionsEnded: boolean },
): RenderedMail {
  return actionMail({
    template: 'password_changed',
    subject: `Your ${APP_NAME} password was changed`,
    greeting: hello(name),
    paragraphs: [
      otherSessionsEnded
        ? `The password of your account was changed on ${utcMomentLabel(at)}, and every other session was signed out.`
        : `The password of your account was changed on ${utcMomentLabel(at)}. Your other sessions stayed signed in; you can end them from your profile.`,
      "If this wasn't you, reset your password now from the sign-in page: someone else may know it.",
    ],
    action: { label: 'Reset your password', url },
    footnote: 'We send this whenever the password of your account changes.',
  });
}

/**
 * Two-step sign-in was turned on (ADR 075): when, whether the other sessions were ended, and where to look if it
 * was not the owner. Nothing of the secret or the recovery codes is in it.
 */
export function twoFactorEnabledMail(
  name: string,
  at: Date,
  url: string,
  { otherSessionsEnded }: { otherSessionsEnded: boolean },
): RenderedMail {
  return actionMail({
    template: 'two_factor_enabled',
    subject: `Two-step sign-in is on for your ${APP_NAME} account`,
    greeting: hello(name),
    paragraphs: [
      `Two-step sign-in was turned on for your account on ${utcMomentLabel(at)}. From now on, signing in asks for a code from your authenticator app (or one of your recovery codes) after the password.`,
      otherSessionsEnded
        ? 'Every other session was signed out.'
        : 'Your other sessions stayed signed in; you can end them from your profile.',
      "If this wasn't you, someone else may know your password: change it now and review your sessions.",
    ],
    action: { label: 'Review your account', url },
    footnote: 'We send this whenever two-step sign-in is turned on or off for your account.',
  });
}

/** Two-step sign-in was turned off (ADR 075). */
export function twoFactorDisabledMail(name: string, at: Date, url: string): RenderedMail {
  return actionMail({
    template: 'two_factor_disabled',
    subject: `Two-step sign-in is off for your ${APP_NAME} account`,
    greeting: hello(name),
    paragraphs: [
      `Two-step sign-in was turned off for your account on ${utcMomentLabel(at)}. Signing in now asks for the password only, and your recovery codes no longer work.`,
      "If this wasn't you, change your password now, review your sessions and turn two-step sign-in on again.",
    ],
    action: { label: 'Review your account', url },
    footnote: 'We send this whenever two-step sign-in is turned on or off for your account.',
  });
}

/**
 * A passkey was added to the account (ADR 080): its name, when, and where to remove it if it was not the owner.
 * Nothing of the key is in it.
 */
export function passkeyAddedMail(
  name: string,
  passkey: { name: string; device: string; at: Date },
  url: string,
): RenderedMail {
  return actionMail({
    template: 'passkey_added',
    subject: `A passkey was added to your ${APP_NAME} account`,
    greeting: hello(name),
    paragraphs: [
      `A passkey named "${passkey.name}" was added to your account on ${utcMomentLabel(passkey.at)}, from ${passkey.device}. It can now sign in to your account without the password or a code.`,
      "If this wasn't you, remove the passkey from your profile, change your password and review your sessions.",
    ],
    action: { label: 'Review your passkeys', url },
    footnote: 'We send this whenever a passkey is added to your account.',
  });
}

/** What changed of private mode's key (ADR 089). */
export type PrivateKeyChange =
  | 'set-up'
  | 'passphrase'
  | 'recovery-key'
  | 'started-fresh'
  | 'switching-off'
  | 'switched-off';

/**
 * Private mode's key changed (ADR 089): set up, a new passphrase, a new recovery key, or removed to start fresh;
 * when, and what to do if it was not the owner. Nothing of the key, the passphrase or the recovery key is in it.
 */
export function privateKeyChangedMail(
  name: string,
  change: PrivateKeyChange,
  at: Date,
  url: string,
): RenderedMail {
  const when = utcMomentLabel(at);
  const what: Record<PrivateKeyChange, { subject: string; paragraph: string }> = {
    'set-up': {
      subject: `Private mode's key was set up for your ${APP_NAME} account`,
      paragraph: `A private-mode key, opened only by your passphrase or your recovery key, was set up for your account on ${when}.`,
    },
    passphrase: {
      subject: `Your ${APP_NAME} private-mode passphrase was changed`,
      paragraph: `The passphrase that opens your private-mode key was changed on ${when}. The old passphrase no longer opens it.`,
    },
    'recovery-key': {
      subject: `A new ${APP_NAME} recovery key was made`,
      paragraph: `A new recovery key for your private-mode key was made on ${when}. The old recovery key no longer opens it.`,
    },
    'started-fresh': {
      subject: `Your ${APP_NAME} private-mode key was removed`,
      paragraph: `Your private-mode key was removed on ${when}, to start fresh. What it encrypted can no longer be read by anyone.`,
    },
    // Switching off (ADR 097) gives the operator back what private mode kept from them: said at its start and end.
    'switching-off': {
      subject: `Private mode is being switched off for your ${APP_NAME} account`,
      paragraph: `On ${when} your account began switching private mode off: your entries are being re-encrypted with the key the server holds, so that the server can read them again.`,
    },
    'switched-off': {
      subject: `Private mode is off for your ${APP_NAME} account`,
      paragraph: `Private mode was switched off on ${when}: every entry is now encrypted with the key the server holds, and your private-mode key was removed. Your entries were kept.`,
    },
  };
  return actionMail({
    template: 'private_key_changed',
    subject: what[change].subject,
    greeting: hello(name),
    paragraphs: [
      what[change].paragraph,
      "If this wasn't you, someone else may know your password and hold a session: change your password now and review your sessions.",
    ],
    action: { label: 'Review your account', url },
    footnote: 'We send this whenever your private-mode key is set up, rewrapped or removed.',
  });
}

/** "22 December 2026": a share link's last day, in UTC (the recipient's zone is unknown). */
const utcDateLabel = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A shared entry's link. It says only what is true: who shared, their note, when the link stops working, and
 * on a resend that the earlier link no longer works (the token was rotated). The entry text is never in it.
 */
export function sharedEntryMail(input: {
  senderName: string;
  note: string | null;
  url: string;
  expiresAt: Date;
  isResend: boolean;
}): RenderedMail {
  const sender = input.senderName.trim() || 'Someone';
  const expiry = input.isResend
    ? `The link works until ${utcDateLabel(input.expiresAt)} (UTC). It replaces the link sent earlier, which no longer works.`
    : `The link expires in 30 days, on ${utcDateLabel(input.expiresAt)} (UTC).`;
  return actionMail({
    template: input.isResend ? 'share_resent' : 'share_created',
    subject: `${sender} shared a journal entry with you on ${APP_NAME}`,
    greeting: 'Hi,',
    paragraphs: [
      `${sender} shared an entry from their ${APP_NAME} journal with you.`,
      ...(input.note ? [`Their note: “${input.note}”`] : []),
      expiry,
    ],
    action: { label: 'Read the entry', url: input.url },
    footnote:
      'Anyone with this link can read the entry until it expires, is revoked or is replaced by a new link, so keep it to yourself.',
  });
}

/**
 * A message the user wrote to their future self, e-mailed at the time they chose. It carries the message itself:
 * that is what the user asked for, and the footnote says so plainly (a mailbox is not the encrypted journal).
 */
export function futureMessageMail(input: {
  name: string;
  subject: string;
  message: string;
  writtenOn: string;
  url: string;
  /**
   * A private letter whose writer ticked "Include the message in the e-mail" (ADR 098): the footnote says that the
   * server read this one message to send it.
   */
  isPrivateByConsent?: boolean;
}): RenderedMail {
  // One line: a subject typed with line breaks must not spill into the mail's headers.
  const subject = `A message from your past self: ${input.subject.replace(/\s+/g, ' ').trim()}`;
  const intro = `On ${input.writtenOn} you wrote this message and asked ${APP_NAME} to send it to you today.`;
  const footnote = input.isPrivateByConsent
    ? `This e-mail holds your message in readable form, as you asked when you wrote it: ${APP_NAME}'s server read this one message to send it. In ${APP_NAME} it stays sealed with your private key; a copy in your mailbox is as private as your mailbox.`
    : `This e-mail holds your message in readable form, as you asked. In ${APP_NAME} it stays encrypted; a copy in your mailbox is as private as your mailbox.`;
  const text = `${hello(input.name)}\n\n${intro}\n\n${input.subject}\n\n${input.message}\n\nAll your messages: ${input.url}\n\n${footnote}\n\n— ${APP_NAME}\n`;
  const html = layout(
    'A message from your past self',
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(hello(input.name))}</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(intro)}</p>
<div style="margin:0 0 16px;padding:16px;border-left:4px solid #2f6b5f;background:#f6f3ee;border-radius:4px">
<p style="margin:0 0 8px;font-weight:600">${escapeHtml(input.subject)}</p>
<p style="margin:0;white-space:pre-wrap;line-height:1.5">${escapeHtml(input.message)}</p></div>
<p style="margin:24px 0"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#2f6b5f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Open your messages</a></p>
<p style="margin:16px 0 0;font-size:13px;color:#6b635a;line-height:1.5">${escapeHtml(footnote)}</p>`,
  );
  return { subject, html, text, template: 'future_message' };
}

/** The private letter's notice e-mail: its subject, and the whole of what it says besides the greeting and link. */
export const FUTURE_MESSAGE_NOTICE = {
  subject: 'A message from your past self is waiting for you',
  footnote: `Your journal is in private mode: only you can open this message, so ${APP_NAME} could not put it in this e-mail. When you write a message, you can choose to include it in its e-mail.`,
} as const;

/**
 * A private letter delivered by e-mail without the writer's tick (ADR 098): the server cannot read the letter, so
 * the e-mail says only that it is waiting, when it was written, and links to the app, where the browser opens it.
 * Neither the subject nor the message, nor anything derived from them, is in it, its link included.
 */
export function futureMessageNoticeMail(input: {
  name: string;
  writtenOn: string;
  url: string;
}): RenderedMail {
  return actionMail({
    template: 'future_message',
    subject: FUTURE_MESSAGE_NOTICE.subject,
    greeting: hello(input.name),
    paragraphs: [
      `On ${input.writtenOn} you wrote a message and asked ${APP_NAME} to deliver it to you today.`,
      `${FUTURE_MESSAGE_NOTICE.subject}: open ${APP_NAME} and unlock your journal to read it.`,
    ],
    action: { label: 'Open your messages', url: input.url },
    footnote: FUTURE_MESSAGE_NOTICE.footnote,
  });
}

/**
 * The daily reminder (ADR 042). It says only what is true when it is queued: the user asked for it, at
 * this time on these days, and has not written today. The unsubscribe link opens a page with one button (no sign-in
 * needed); the List-Unsubscribe headers that go with it let the mail client do the same in one click.
 */
export function dailyReminderMail(input: {
  name: string;
  time: string;
  days: string;
  timeZone: string;
  writeUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const subject = `A gentle reminder to write in your ${APP_NAME} journal`;
  const intro = "You haven't written in your journal today yet. A few lines are enough.";
  const why = `You get this because you asked ${APP_NAME} for a daily reminder at ${input.time} (${input.timeZone}), ${input.days.toLowerCase() === 'every day' ? 'every day' : `on ${input.days}`}. It is not sent on a day you have already written.`;
  const stop = 'No more reminders';
  const text = `${hello(input.name)}\n\n${intro}\n\nWrite today's entry: ${input.writeUrl}\n\n${why}\n\nChange the time or days in your profile: ${input.profileUrl}\n${stop}: ${input.unsubscribeUrl}\n\n— ${APP_NAME}\n`;
  const html = layout(
    'Time for a few lines?',
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(hello(input.name))}</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.writeUrl)}" style="display:inline-block;background:#2f6b5f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Write today's entry</a></p>
<p style="margin:16px 0 0;font-size:13px;color:#6b635a;line-height:1.5">${escapeHtml(why)}</p>
<p style="margin:8px 0 0;font-size:13px;color:#6b635a;line-height:1.5"><a href="${escapeHtml(input.profileUrl)}" style="color:#2f6b5f">Change the time or days</a> · <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#2f6b5f">${stop}</a></p>`,
  );
  return { subject, html, text, template: 'daily_reminder' };
}

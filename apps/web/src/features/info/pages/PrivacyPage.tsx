import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Callout } from '../components/Callout.tsx';
import { InfoPage, type InfoSection } from '../components/InfoPage.tsx';
import { InfoTable, type InfoTableColumn, type InfoTableRow } from '../components/InfoTable.tsx';

const GLANCE_COLUMNS: readonly InfoTableColumn[] = [
  { key: 'kept', label: 'How it is kept' },
  { key: 'readers', label: 'Who can read it' },
];

const GLANCE_ROWS: readonly InfoTableRow[] = [
  {
    id: 'entries',
    label: 'Entry text and titles',
    cells: {
      kept: 'Encrypted in your browser before upload',
      readers: 'You. The server only when a feature you use needs the text (see below).',
    },
  },
  {
    id: 'future-messages',
    label: 'Messages to your future self',
    cells: {
      kept: 'Encrypted in your browser before upload',
      readers: 'You. The server at the moment of delivery, if you chose e-mail.',
    },
  },
  {
    id: 'thank-you-notes',
    label: 'Thank-you notes',
    cells: {
      kept: 'Encrypted before they are stored',
      readers: 'The writer and the person thanked.',
    },
  },
  {
    id: 'media',
    label: 'Photos, voice notes and videos',
    cells: {
      kept: 'Stored as uploaded; not end-to-end encrypted',
      readers: 'You, and recipients of shares that include media, through links valid for one hour.',
    },
  },
  {
    id: 'metadata',
    label: 'Moods, dates and media types',
    cells: { kept: 'Plain form', readers: 'The server, to draw your calendar, streaks and mood insights.' },
  },
  {
    id: 'account',
    label: 'Account, shares and subscription',
    cells: { kept: 'Plain form', readers: 'The server, to run your account. Card details stay with Stripe.' },
  },
];

const SECTIONS: readonly InfoSection[] = [
  {
    id: 'at-a-glance',
    title: 'At a glance',
    content: (
      <InfoTable
        caption="What Daybook keeps and who can read it"
        rowHeaderLabel="Information"
        columns={GLANCE_COLUMNS}
        rows={GLANCE_ROWS}
      />
    ),
  },
  {
    id: 'encryption',
    title: 'What is encrypted in your browser',
    content: (
      <>
        <p>
          The text and titles of your entries, and the subject and body of messages to your future self, are
          encrypted in your browser with AES-GCM using a 256-bit key, with a fresh random value for every
          encryption, before they are uploaded. The server stores only the encrypted result.
        </p>
        <p>
          Your key is derived in your browser with PBKDF2-SHA256 over 100,000 iterations, from your user id
          and a salt. The server computes that salt on request as an HMAC-SHA256 of a server secret and your
          user id; it is never stored in the database. Your browser keeps the derived key in session storage
          until you close the tab.
        </p>
        <p>
          The result is that a copy of the database alone (a leaked backup, say) decrypts nothing: it holds
          neither your key nor the secret needed to rebuild it.
        </p>
      </>
    ),
  },
  {
    id: 'when-the-server-reads',
    title: 'When the server can read your entries',
    content: (
      <>
        <Callout title="The honest part" icon={KeyRound}>
          <p>
            This is not zero-knowledge encryption. Because the server holds the secret your salt is made from,
            it can derive your key. It protects your journal against a stolen database, not against the people
            who run the server. If that matters to you, run Daybook yourself.
          </p>
        </Callout>
        <p>The server derives your key only where a feature you use needs the plain text:</p>
        <ul>
          <li>
            <strong>A shared entry being opened.</strong> When a recipient opens an entry you shared, the
            server decrypts that one entry to show it to them.
          </li>
          <li>
            <strong>A future message delivered by e-mail.</strong> At its send time the server decrypts it to
            write the e-mail. E-mail itself is not end-to-end encrypted and passes through mail providers.
          </li>
          <li>
            <strong>AI features you start.</strong> Insights, the growth coach and future-self chat decrypt
            the entries they draw on, for that request only.
          </li>
          <li>
            <strong>Data export.</strong> The server decrypts your journal to build the file you download.
          </li>
        </ul>
        <p>
          Two more moments involve plain text, without the key: text you submit is sent to the server for a
          safety check before your browser encrypts it, and a draft you ask AI Assist to expand is sent as
          written. In every case the text is held in memory only for that request. Nothing in plain text is
          written to logs.
        </p>
      </>
    ),
  },
  {
    id: 'stored-data',
    title: 'What we store in plain form',
    content: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, e-mail address, time zone and avatar, your plan, and a
          one-way argon2id hash of your password (never the password itself).
        </li>
        <li>
          <strong>Entry metadata:</strong> the entry date, mood tag, media type, and when it was created,
          edited or deleted. Hashtag themes are not stored; they are read in your browser.
        </li>
        <li>
          <strong>Media files:</strong> attachments are not end-to-end encrypted. They are never public and
          are served only through signed links that stop working after one hour.
        </li>
        <li>
          <strong>Sharing:</strong> recipients' e-mail addresses, the note you add, each share's status and
          whether it was delivered and viewed. Reports you make, with their reason and details.
        </li>
        <li>
          <strong>Notifications:</strong> what happened and when, such as a share received or a thank-you
          note.
        </li>
        <li>
          <strong>Subscription:</strong> your plan and its status, and the Stripe customer and subscription
          references. Payments are handled by Stripe; we never see your card number.
        </li>
        <li>
          <strong>Security records:</strong> your active sessions (with the IP address and browser details
          recorded at sign-in), recent failed sign-in attempts, and counters for daily limits.
        </li>
        <li>
          <strong>Contact messages</strong> you send us, with the name and e-mail address you give.
        </li>
      </ul>
    ),
  },
  {
    id: 'moderation',
    title: 'Safety checks',
    content: (
      <>
        <p>
          To keep Daybook safe, content you submit is checked on the server before it is saved or sent: the
          text of entries, share notes and thank-you notes, images, and five still frames taken from each
          video. The check returns only a verdict. It is run by software; no person reads your entries to
          moderate them.
        </p>
        <p>
          By default the checks run entirely on the server itself. If the operator has configured an AI
          provider that offers a moderation service, the checks may use that provider instead.
        </p>
      </>
    ),
  },
  {
    id: 'ai',
    title: 'AI features',
    content: (
      <p>
        AI features only run when you start them. The text they need is sent to the AI provider the operator
        of this service has configured: a hosted service, or a model running on the operator's own hardware. A
        hosted provider handles it under its own terms, so ask the operator which one is in use. Where no
        provider is configured, insights are worked out on the server itself and nothing leaves it. We never
        use your entries to train models.
      </p>
    ),
  },
  {
    id: 'who-else',
    title: 'Who else handles your data',
    content: (
      <>
        <p>We share data only with the services needed to run Daybook, and only what each one needs:</p>
        <ul>
          <li>Stripe, to take payments and manage subscriptions;</li>
          <li>
            the e-mail provider that delivers verification, password reset, share and future-self e-mails;
          </li>
          <li>the file storage service that holds media, where the operator uses one;</li>
          <li>the AI provider, when you use an AI feature and one is configured.</li>
        </ul>
        <p>We do not sell your data, and we do not share it with advertisers or data brokers.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    content: (
      <p>
        Daybook sets one cookie: a session cookie that keeps you signed in. It is HttpOnly, so page scripts
        cannot read it, and SameSite=Lax. There are no tracking or advertising cookies. Your browser's local
        storage holds a few small settings, such as your theme, your unsaved draft and which banners you have
        dismissed. Note that the draft is kept in plain form on your device until you save it. The{' '}
        <Link to="/cookies">cookie policy</Link> lists every item.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>
          Your data is kept while your account is open. Deleting an entry removes it from your journal at
          once; its encrypted record may stay in the database, still unreadable, until your account is purged.
        </li>
        <li>Media uploaded but never saved with an entry is removed after 24 hours.</li>
        <li>Share links stop working 30 days after they are created.</li>
        <li>
          When you delete your account, it is purged 30 days after your request: entries, media, shares,
          notifications, future messages and sessions are deleted and your subscription is cancelled. Only an
          anonymised audit record that the deletion happened is kept.
        </li>
        <li>
          Copies inside server backups, where the operator keeps them, expire on the operator's backup
          schedule.
        </li>
      </ul>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we use your data',
    content: (
      <p>
        We use your data to provide the service you signed up for, under our contract with you; to keep it
        secure and safe, and to prevent abuse, which are our legitimate interests; and to meet legal
        obligations such as answering lawful requests. We do not use it for advertising or profiling.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <ul>
          <li>
            <strong>Access and portability:</strong> download your journal from the{' '}
            <Link to="/export">export page</Link>, or ask us for a copy of everything we hold about you.
          </li>
          <li>
            <strong>Correction:</strong> change your details on your <Link to="/profile">profile</Link>, or
            ask us to correct anything else.
          </li>
          <li>
            <strong>Deletion:</strong> delete your account from your{' '}
            <Link to="/profile#delete-account">profile</Link>, as described above.
          </li>
          <li>
            <strong>Objection and restriction:</strong> ask us to stop or limit a particular use of your data.
          </li>
        </ul>
        <p>
          Make any request through the <Link to="/contact">contact page</Link>; we answer within one month.
          You can also complain to your data protection authority, such as the Information Commissioner's
          Office in the UK.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        Beyond encryption, passwords are hashed with argon2id, sessions are stored on the server so they can
        be revoked (signing out or resetting your password ends them), repeated failed sign-ins lock an
        address for 15 minutes, share links are long random values stored only in hashed form, and media is
        reachable only through short-lived signed links.
      </p>
    ),
  },
  {
    id: 'secure-connection',
    title: 'Encryption needs a secure connection',
    content: (
      <p>
        Browsers only offer the encryption Daybook relies on to pages served over HTTPS, or from{' '}
        <code>localhost</code>. If you open Daybook on an insecure address, such as{' '}
        <code>http://192.168.1.20:3000</code> on a home network, it will not read or write entries at all, and
        will explain how to fix it, rather than store anything unprotected.
      </p>
    ),
  },
  {
    id: 'self-hosting',
    title: 'Self-hosted servers',
    content: (
      <p>
        Daybook can be run by anyone. On a self-hosted server, its operator decides how it is run and is the
        controller of your data, responsible for it under data protection law; this page describes how the
        software behaves, and the operator should add their own contact details. Daybook contains no analytics
        or tracking, so a self-hosted server sends nothing back to us.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Children, changes and contact',
    content: (
      <p>
        Daybook is not meant for children under 16, and we do not knowingly hold their data. If we change this
        policy in a way that matters, we will tell you by e-mail or in the app before it takes effect. For any
        question about your privacy, write to us through the <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      lastUpdated="2026-11-21"
      lead={
        <p>
          This page says exactly what Daybook can and cannot read. Your entries are encrypted in your browser
          before they leave it. The server can decrypt them only for features you choose to use, and this page
          names each one.
        </p>
      }
      sections={SECTIONS}
      hasContents
    />
  );
}

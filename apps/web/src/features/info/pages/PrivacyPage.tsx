import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Callout } from '../components/Callout.tsx';
import { ModeProtectionTable, WhatTheServerReadsTable } from '../components/EncryptionModeTables.tsx';
import { InfoPage, type InfoSection } from '../components/InfoPage.tsx';

const SECTIONS: readonly InfoSection[] = [
  {
    id: 'at-a-glance',
    title: 'At a glance',
    content: (
      <>
        <p>
          Every account is in one of two modes. <strong>Standard</strong> encrypts your journal at rest: the
          server holds the secret it is encrypted with. <strong>Private mode</strong>, which you choose when
          you register or later in your profile, encrypts it in your browser under a key only your passphrase
          or your recovery key opens.
        </p>
        <WhatTheServerReadsTable />
        <ModeProtectionTable />
      </>
    ),
  },
  {
    id: 'encryption',
    title: 'What is encrypted in your browser',
    content: (
      <>
        <h3>Standard</h3>
        <p>
          The text of your entries is encrypted in your browser with AES-GCM using a 256-bit key, with a fresh
          random value for every encryption, before it is uploaded. The server stores only the encrypted
          result. Messages to your future self and your AI conversations are stored encrypted too, with the
          same key, by the server.
        </p>
        <p>
          Your key is derived in your browser with PBKDF2-SHA256 over 100,000 iterations, from your user id
          and a salt. The server computes that salt on request as an HMAC-SHA256 of a server secret and your
          user id; it is never stored in the database. Your browser keeps the derived key in session storage
          until you close the tab.
        </p>
        <p>
          The result is that a copy of the database alone (a leaked database dump, say) decrypts nothing: it
          holds neither your key nor the secret needed to rebuild it. But the database together with that
          secret (the server's <code>secret.key</code> file, or its <code>ENCRYPTION_SECRET</code> setting)
          decrypts every entry of every user. That is why the secret must be backed up separately from the
          database, and a backup must never hold both together.
        </p>
        <h3>Private mode</h3>
        <p>
          Your browser makes a random 256-bit key for your journal. The server stores it only locked twice:
          under a key your browser derives from your passphrase (Argon2id, slow on purpose, so guesses are
          costly), and under your recovery key, 24 words shown to you once. Neither the passphrase nor the
          recovery key is ever sent. You unlock once per browser session; closing the tab or signing out
          forgets the key.
        </p>
        <p>
          The text and mood of every entry, your photos, voice notes, videos and their thumbnails, and your
          letters to your future self are encrypted in your browser under that key before they are sent. The
          length and safety checks the server makes in standard mode run in your browser instead: the same
          checker for text, the same model for images and video frames. A modified app could skip them; that
          is the price of a server that does not see your words.
        </p>
        <p>
          Private mode can be switched on for a journal you already keep: your browser encrypts every entry,
          photo, voice note, video and letter again under your key, and entries you had shared stop being
          shared, since the server can no longer open them for anyone. It can be switched off too: your
          browser hands everything back to the standard key, and the server can read it again.
        </p>
        <p>
          If you forget your passphrase, your recovery key unlocks the journal and lets you choose a new one.
          Lose both and nobody can read your private entries again, the operator included: you can then start
          afresh, which deletes them.
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
            In standard mode this is protection at rest, not end-to-end encryption. The server holds the
            secret from which every user's key can be derived, so it can derive yours. It protects your
            journal against a stolen database, not against the people who run the server. If that matters to
            you, choose private mode, or run Daybook yourself.
          </p>
        </Callout>
        <p>
          In standard mode, the server uses that secret only in memory, on a request, for a named purpose.
          Today there are three:
        </p>
        <ul>
          <li>
            <strong>Saving or editing an entry.</strong> The server decrypts the text you send, checks that it
            is not empty and not over 5,000 characters, and runs the safety check again, so a modified app
            cannot skip them. Then it stores only the encrypted text.
          </li>
          <li>
            <strong>Sharing an entry.</strong> When someone you shared a reflection with opens it, in the app
            or through the e-mailed link, the server decrypts that one entry to show it to them (and its first
            100 characters for their list of shared reflections). A thank-you note they send you is checked
            for safety, then encrypted with your key before it is stored.
          </li>
          <li>
            <strong>Messages to your future self.</strong> When you schedule one, the server decrypts the
            subject and message to check their length; at the time you chose, it decrypts them again to send
            the e-mail you asked for. That e-mail carries the message in readable form: it passes through mail
            providers and stays in your mailbox.
          </li>
        </ul>
        <p>
          One more moment involves plain text without the key: before your browser encrypts an entry, it sends
          the text to the server for a safety check. In every case the text is held in memory only for that
          request; it is not stored, and nothing in plain text is written to logs.
        </p>
        <p>
          <strong>Your media files.</strong> Photos, voice notes and videos are encrypted with a key derived
          from the same secret. The server opens a file, in memory, each time it sends it to you or to someone
          you shared it with, makes its thumbnail, puts it in your export or checks an import; it stores only
          the encrypted file.
        </p>
        <p>
          <strong>AI features you start.</strong> AI Assist sends the draft you asked it to expand to the AI
          provider the operator configured; it is not stored or logged. Insights decrypt the period's entries
          on the server to count moods, themes and words there, and send them to the provider only for the
          written reflection. The growth coach and future-self chat decrypt your last 30 days of entries (and,
          for future-self chat, your next scheduled messages) for each reply and send them with the
          conversation to the provider; the conversation is stored encrypted with your key. The AI features
          page names the provider. Without one configured, nothing is sent anywhere.
        </p>
        <p>
          <strong>Export and import.</strong> When you export your journal, the server decrypts your entries
          in memory and streams them straight into the archive you download (readable text, Markdown and
          JSON); the archive is never stored on the server. When you import an archive (your own export or Day
          One's), the server reads the uploaded zip, checks every entry and file, and encrypts the text with
          your key before anything is stored; the upload itself is not kept once the import is previewed.
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
          <strong>Entry metadata:</strong> the entry date, mood tag (in standard mode), media type, when it
          was created, edited or deleted, and the reason you give for a deletion. Hashtag themes are not
          stored; they are read in your browser.
        </li>
        <li>
          <strong>Media files:</strong> photos, voice notes, videos, their thumbnails and uploaded import
          archives are encrypted (AES-256-GCM) before they are stored, on the server or in the file storage
          the operator uses, with a key for you derived from the server’s secret and never stored. A copy of
          those files alone opens none of them. The server holds that secret: it opens a file when it sends it
          to you, makes a thumbnail, exports your journal or checks an import, so an operator with both the
          files and the secret could open them. This is protection at rest, not end-to-end encryption; in
          private mode, files are encrypted in your browser instead, under your own key, and the server stores
          them as they arrive. Which files exist, their type and their size are not hidden. They are never
          public: the app serves them only through signed links that stop working after one hour. Images, and
          still frames from videos, are checked for safety on the server when you upload them.
        </li>
        <li>
          <strong>Sharing:</strong> the e-mail addresses you share with, the note you add to a share, and when
          each share was sent, opened, resent or revoked. The link in the e-mail is stored only as a one-way
          hash. Reports about a shared reflection are kept for the team to review.
        </li>
        <li>
          <strong>Notifications</strong> in the app, such as "New thank you" or "A message from your past
          self". They name who did what, never what an entry or note says.
        </li>
        <li>
          <strong>E-mails waiting to be sent</strong>, such as a confirmation or password-reset message, a
          share link, or a message to your future self, until they are delivered.
        </li>
        <li>
          <strong>Security records:</strong> your active sessions (with the IP address and browser details
          recorded at sign-in), recent failed sign-in attempts, and counters for daily limits.
        </li>
        <li>
          <strong>Passkeys:</strong> for each passkey you add, its public key, the name you give it, and when
          it was added and last used. Its private key never leaves your device or your passkey provider.
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
          To keep Daybook safe, content you submit is checked on the server before it is saved: the text of
          entries, images, and five still frames taken from each video. The check returns only a verdict. It
          is run by software; no person reads your entries to moderate them. In private mode the same checks
          run in your browser before anything is encrypted, and only their outcome is acted on there.
        </p>
        <p>
          In either mode the checks run on Daybook's own software, on the server or in your browser; nothing
          is sent to a third party to check it.
        </p>
      </>
    ),
  },
  {
    id: 'who-else',
    title: 'Who else handles your data',
    content: (
      <>
        <p>We share data only with the services needed to run Daybook, and only what each one needs:</p>
        <ul>
          <li>the e-mail provider that delivers confirmation and password-reset e-mails;</li>
          <li>the file storage service that holds media, where the operator uses one;</li>
          <li>
            Stripe, which takes payments for Premium where the operator has set it up (we never see your card
            number): it receives your e-mail address and your subscription;
          </li>
          <li>the AI provider the operator configured, which receives what an AI feature you start needs.</li>
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
          once; its record may stay in the database, still encrypted, until your account is purged.
        </li>
        <li>Media uploaded but never saved with an entry is removed after 24 hours.</li>
        <li>
          When you delete your account, it is purged 30 days after your request: your entries, media, sessions
          and everything else tied to your account are deleted. Only an anonymised audit record that the
          deletion happened is kept.
        </li>
        <li>
          Copies inside server backups, where the operator keeps them, expire on the operator's backup
          schedule. Database backups are kept apart from the encryption secret, so a backup alone cannot
          decrypt your entries.
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
            <strong>Access and portability:</strong> ask us for a copy of everything we hold about you.
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
        address for 15 minutes, passkeys sign in only on this site's own address and only with your
        fingerprint, face or PIN, and media is reachable only through short-lived signed links.
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
        software behaves, and the operator should add their own contact details. An operator backs up the
        database and media, and keeps the encryption secret in a separate, safe place: without it nobody can
        decrypt the entries, and with the database beside it anyone can. Daybook contains no analytics or
        tracking, so a self-hosted server sends nothing back to us.
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
      lastUpdated="2026-11-29"
      lead={
        <p>
          This page says exactly what Daybook can and cannot read. The text of your entries is encrypted in
          your browser before it leaves it, so a copy of the database alone cannot read it. In standard mode
          the server holds the secret needed to decrypt it, and uses it in memory only for the purposes this
          page names: this is protection at rest, not end-to-end encryption. In private mode the key is yours
          alone, and the table below says what the server can still see.
        </p>
      }
      sections={SECTIONS}
      hasContents
    />
  );
}

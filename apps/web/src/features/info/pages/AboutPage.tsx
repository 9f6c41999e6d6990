import { FUTURE_SELF_AHEAD } from '@daybook/shared';
import { Feather, Heart, Server, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { InfoPage, type InfoSection } from '../components/InfoPage.tsx';

const VALUES = [
  {
    name: 'Your words are yours',
    detail:
      'We do not sell data, show advertising or train models on your entries. The business is a subscription, nothing else.',
  },
  {
    name: 'Plain about trade-offs',
    detail:
      'Where a feature needs the server to read something, we say so on the privacy page in ordinary words, not in a footnote.',
  },
  {
    name: 'Calm, not compulsive',
    detail:
      'No feed, no likes, no follower counts. Streaks and reminders are there to encourage you, and missing a day costs nothing.',
  },
  {
    name: 'It works without us',
    detail:
      'You can export everything, and you can run Daybook on your own machine. Leaving should never mean losing your journal.',
  },
  {
    name: 'Safety without surveillance',
    detail:
      'Content checks run on the server itself by default and look only at what you submit. Nobody reads your journal to moderate it.',
  },
] as const;

const SECTIONS: readonly InfoSection[] = [
  {
    id: 'what-it-is',
    title: 'What Daybook is',
    icon: Feather,
    content: (
      <>
        <p>
          Daybook is a journal for short, honest reflections. You write a few lines about your day, tag how
          you felt, and, if you like, attach a photo, a voice note or a short video. Over weeks and months
          those small entries add up to something useful: a calendar of your days, a streak to keep you going,
          and a view of how your moods move.
        </p>
        <p>
          When you want a little help, Daybook can expand a rough draft, summarise the themes of recent weeks,
          talk things through as a growth coach, or let you talk with yourself, {FUTURE_SELF_AHEAD}. You can
          share a single entry with someone you trust, and schedule a message to your future self. The full
          list is on the <Link to="/features">features page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'who-makes-it',
    title: 'Who makes it',
    icon: Users,
    content: (
      <>
        <p>
          Daybook is made by a small, independent team of people who keep journals themselves. We built the
          tool we wanted: quick to open, pleasant to write in, and careful with what we write.
        </p>
        <p>
          The whole of Daybook (the web app, the server, the tests and the notes explaining why it is built
          the way it is) lives in one repository. Anyone can read how it handles your data rather than take
          our word for it. If something here is unclear or you think we have got something wrong, please{' '}
          <Link to="/contact">get in touch</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'private-by-design',
    title: 'Why private by design',
    icon: ShieldCheck,
    content: (
      <>
        <p>
          A journal is the most candid thing most people write, so privacy is not a setting in Daybook; it is
          the starting point. The text of your entries is encrypted in your browser, with AES-GCM, before it
          is uploaded. The key is worked out in your browser and is never stored in our database, so in a
          leaked copy of the database alone your words are unreadable ciphertext.
        </p>
        <p>
          We are also honest about the limits. This is protection at rest, not end-to-end encryption: the
          server holds the secret needed to rebuild your key. It uses it, in memory, to check an entry when
          you save or edit it, to show an entry you shared to its recipient, to send a message to your future
          self, for the AI features you start, and to export or import your journal. Media files are encrypted
          at rest with a key derived from that secret; moods and dates are stored in plain form. The{' '}
          <Link to="/privacy">privacy policy</Link> sets out exactly what the server can and cannot read.
        </p>
      </>
    ),
  },
  {
    id: 'self-hosting',
    title: 'Run it yourself',
    icon: Server,
    content: (
      <>
        <p>
          If you would rather nobody else held your journal, run Daybook on your own computer or server. With
          Node.js 20.19 or later (22.12 or later on Node 22), two commands in the project folder are enough:
        </p>
        <pre>
          <code>npm install &amp;&amp; npm start</code>
        </pre>
        <p>
          Out of the box it needs nothing else: a built-in PostgreSQL database keeps its data in the{' '}
          <code>data/</code> folder, e-mails are written to files you can read in the browser, and content
          checks run locally. When you outgrow that, point it at a PostgreSQL server, S3-compatible storage
          and an SMTP server, and run as many instances as you need behind a load balancer.
        </p>
        <ul>
          <li>
            Open it over HTTPS, or on <code>localhost</code>. Browsers only allow encryption on secure
            origins, so Daybook refuses to read or write entries on an address such as{' '}
            <code>http://192.168.1.20:3000</code> and tells you why.
          </li>
          <li>
            Back up the database and media with <code>npm run admin -- backup &lt;folder&gt;</code>, and keep{' '}
            <code>data/secret.key</code> (or your <code>ENCRYPTION_SECRET</code>) in a separate, safe place.
            Without that secret nobody, you included, can decrypt the entries; with the database beside it,
            anyone can. So never keep both in the same backup.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'values',
    title: 'What we care about',
    icon: Heart,
    content: (
      <dl className="space-y-5">
        {VALUES.map((value) => (
          <div key={value.name}>
            <dt className="font-semibold">{value.name}</dt>
            <dd className="mt-1 text-[var(--fg-muted)]">{value.detail}</dd>
          </div>
        ))}
      </dl>
    ),
  },
];

export default function AboutPage() {
  return (
    <InfoPage
      title="About Daybook"
      lead={
        <p>
          Daybook is a private journal for a few honest lines a day: encrypted in your browser, gentle to come
          back to, and simple enough to run on your own machine.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

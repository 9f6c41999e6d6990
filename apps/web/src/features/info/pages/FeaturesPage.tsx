import { FREE_PLAN_FEATURES, PREMIUM_QUOTED_DAILY_ENTRIES } from '@daybook/shared';
import { ArrowRight, Crown, LayoutDashboard, LockKeyhole, PenLine, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { ModeProtectionTable } from '../components/EncryptionModeTables.tsx';
import { InfoPage, type InfoSection } from '../components/InfoPage.tsx';
import { InfoTable, type InfoTableColumn, type InfoTableRow } from '../components/InfoTable.tsx';

const MOODS = [
  'Amazing',
  'Happy',
  'Calm',
  'Neutral',
  'Down',
  'Anxious',
  'Sad',
  'Angry',
  'Excited',
  'Celebrating',
  'Proud',
  'Grateful',
  'Focused',
  'Productive',
  'Tired',
  'Stressed',
] as const;

const PLAN_COLUMNS: readonly InfoTableColumn[] = [
  { key: 'free', label: 'Free' },
  { key: 'premium', label: 'Premium' },
];

const PLAN_ROWS: readonly InfoTableRow[] = [
  {
    id: 'entries',
    label: 'Entries a day',
    cells: {
      free: String(FREE_PLAN_FEATURES.daily_entry_limit),
      premium: String(PREMIUM_QUOTED_DAILY_ENTRIES),
    },
  },
  { id: 'text-image', label: 'Text and image entries', cells: { free: 'Yes', premium: 'Yes' } },
  { id: 'audio-video', label: 'Audio and video entries', cells: { free: 'No', premium: 'Yes' } },
  { id: 'sharing', label: 'Share an entry by e-mail', cells: { free: 'No', premium: 'Yes' } },
  { id: 'future', label: 'Messages to your future self', cells: { free: 'No', premium: 'Yes' } },
  {
    id: 'ai',
    label: 'AI insights / coach / future-self chat a day',
    cells: { free: '2 / 1 / 1', premium: '20 / 20 / 20' },
  },
];

const SECTIONS: readonly InfoSection[] = [
  {
    id: 'writing',
    title: 'Writing',
    icon: PenLine,
    content: (
      <>
        <p>
          Daybook is built for short reflections you can write in a minute or two, on a phone or at a desk.
        </p>
        <ul>
          <li>Up to 5,000 characters an entry, with a counter that appears as you near the limit.</li>
          <li>Sixteen moods to tag how you felt: {MOODS.join(', ')}.</li>
          <li>
            One attachment an entry: a photo (up to 5 MB), a voice note (up to 2 minutes) or a video (up to 1
            minute). Upload a file or record straight from your camera and microphone.
          </li>
          <li>
            Drafts are saved on your device as you type, so closing the tab does not lose a half-written
            thought. Save with <kbd>Ctrl</kbd> + <kbd>Enter</kbd>, or <kbd>⌘</kbd> + <kbd>Enter</kbd> on a
            Mac.
          </li>
          <li>Stuck for words? "Inspire me" cycles through gentle prompts to get you started.</li>
          <li>
            Edit or delete an entry within 12 hours of writing it. After that it is settled, so your record of
            the day stays as you wrote it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'dashboard',
    title: 'Your dashboard',
    icon: LayoutDashboard,
    content: (
      <ul>
        <li>Filter by today, this week, this month or all time, or pick any day on the calendar.</li>
        <li>
          Search your entries by word, or filter them by the hashtags you write, such as <code>#work</code>.
          Both run in your browser over your decrypted entries, so the server never keeps an index of your
          words.
        </li>
      </ul>
    ),
  },
  {
    id: 'encryption',
    title: 'Encryption, plainly',
    icon: LockKeyhole,
    content: (
      <>
        <p>
          <strong>Standard</strong>: the text of every entry is encrypted in your browser with AES-GCM, under
          a key derived in your browser, before it is stored, and photos, voice notes and videos are encrypted
          on the server before they are stored. A copy of the database or of the stored files alone reads
          nothing. This protects your journal at rest; it is not end-to-end encryption: the server holds the
          secret every standard key is derived from, and uses it to check what you save, to show a shared
          entry, and for the other purposes the{' '}
          <Link to="/privacy#when-the-server-reads">privacy policy</Link> names. Moods are stored in plain
          form.
        </p>
        <p>
          <strong>Private mode</strong>, chosen when you register or later in your profile: a key made in your
          browser, opened only by your passphrase or your 24-word recovery key, encrypts the text and mood of
          every entry, your media and your letters to your future self before they leave your browser. Safety
          checks, mood statistics, export and import then run in your browser. Sharing a private entry and the
          AI features are not available for private entries yet.
        </p>
        <ModeProtectionTable />
      </>
    ),
  },
  {
    id: 'plans',
    title: 'Free and Premium',
    icon: Crown,
    content: (
      <>
        <p>
          The Free plan is a complete journal. Premium adds room to write more, audio and video entries,
          sharing, messages to your future self and more AI help. Daily limits reset at midnight in your own
          time zone.
        </p>
        <InfoTable
          caption="What each plan includes"
          rowHeaderLabel="Feature"
          columns={PLAN_COLUMNS}
          rows={PLAN_ROWS}
        />
        <p className="text-sm text-[var(--fg-muted)]">
          Premium is billed monthly or yearly by card through Stripe, where the server's operator has set it
          up; you can cancel from your profile and keep Premium until the end of the period you paid for. The
          Basic plan some servers offer is granted by the server's administrator.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Leaving is easy',
    icon: UserX,
    content: (
      <p>
        If you delete your account, you have 30 days to change your mind: sign in and cancel the request.
        After that, your entries, media and everything else tied to your account are permanently deleted.
      </p>
    ),
  },
];

export default function FeaturesPage() {
  return (
    <InfoPage
      title="Features"
      lead={
        <p>
          Everything Daybook does today, in one place: a quick, private place to write, with a mood and a
          photo, voice note or video, and a dashboard to find your way back through what you wrote.
        </p>
      }
      sections={SECTIONS}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link
          to="/register"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-[var(--accent)] px-5 py-2.5 font-medium text-[var(--accent-fg)] transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]"
        >
          Get Started
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <Link
          to="/#pricing"
          className="inline-flex items-center justify-center rounded-lg border border-[var(--border)] px-5 py-2.5 font-medium text-[var(--fg)] transition-colors hover:bg-[var(--surface)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]"
        >
          See pricing
        </Link>
      </div>
    </InfoPage>
  );
}

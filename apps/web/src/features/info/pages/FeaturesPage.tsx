import {
  ArrowRight,
  Bell,
  Crown,
  Hourglass,
  LayoutDashboard,
  PenLine,
  Share2,
  Sparkles,
  UserX,
} from 'lucide-react';
import { Link } from 'react-router';
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
  { id: 'entries', label: 'Entries a day', cells: { free: '3', premium: '25' } },
  { id: 'text-image', label: 'Text and image entries', cells: { free: 'Yes', premium: 'Yes' } },
  { id: 'audio-video', label: 'Audio and video entries', cells: { free: 'No', premium: 'Yes' } },
  { id: 'insights', label: 'AI insights a day', cells: { free: '2', premium: '20' } },
  { id: 'coaching', label: 'Growth coach a day', cells: { free: '1', premium: '20' } },
  { id: 'future-chat', label: 'Future-self chat a day', cells: { free: '1', premium: '20' } },
  { id: 'sharing', label: 'Share entries by e-mail', cells: { free: 'No', premium: 'Yes' } },
  { id: 'future-messages', label: 'Messages to your future self', cells: { free: 'No', premium: 'Yes' } },
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
          Search your entries by word. Because the server cannot read them, the search runs in your browser
          over your decrypted entries, and so do theme filters built from the hashtags you write, such as{' '}
          <code>#work</code>.
        </li>
        <li>
          Streaks count the days in a row you have written, with a weekly goal and milestones at 7, 14, 30 and
          100 days.
        </li>
        <li>
          Mood insights show how much of the past week felt positive, neutral or negative, based on the moods
          you chose.
        </li>
        <li>A short affirmation greets you once a day, and you can dismiss it.</li>
      </ul>
    ),
  },
  {
    id: 'ai',
    title: 'AI help, when you ask for it',
    icon: Sparkles,
    content: (
      <>
        <ul>
          <li>
            <strong>AI Assist</strong> expands a rough draft into fuller sentences, which you can edit before
            saving.
          </li>
          <li>
            <strong>Insights</strong> look back over a period and pick out recurring themes, your mood trend
            and a short reflection.
          </li>
          <li>
            <strong>Growth coach</strong> is a conversation grounded in your recent entries, for when you want
            to think something through.
          </li>
          <li>
            <strong>Future-self chat</strong> lets you talk with "you in five years", drawing on your entries
            and the messages you have scheduled.
          </li>
        </ul>
        <p>
          Nothing runs until you start it. Daybook works with any OpenAI-compatible provider the host
          configures: a hosted service, or a model on their own hardware through Ollama, vLLM or llama.cpp.
          Where no provider is configured, insights still work from analysis done on the server, and the
          conversational features tell you plainly that they are unavailable rather than pretending.
        </p>
        <p>
          Safety checks on text, images and video frames run locally on the server by default, so nothing is
          sent to a third party just to check it.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing with people you trust',
    icon: Share2,
    content: (
      <ul>
        <li>
          Share a single entry by e-mail with up to five people, with an optional note and a choice to include
          its attachment or not.
        </li>
        <li>
          Recipients open it from a private link in the e-mail. Those with a Daybook account also find it in
          the app, where they can send you a thank-you note, or report it if something is wrong.
        </li>
        <li>
          See whether each share is pending, delivered or viewed. Resend it up to three times, or revoke it at
          any moment. Links expire after 30 days.
        </li>
      </ul>
    ),
  },
  {
    id: 'notifications',
    title: 'Notifications that keep up',
    icon: Bell,
    content: (
      <p>
        A bell in the header tells you when someone shares an entry with you, thanks you for one, or when a
        message from your past self arrives. It updates live, without a refresh, and a second bell keeps the
        entries shared with you in one place.
      </p>
    ),
  },
  {
    id: 'future-self',
    title: 'Messages to your future self',
    icon: Hourglass,
    content: (
      <p>
        Write a message now and choose when it arrives: anywhere from five minutes to ten years ahead, by
        e-mail, in the app or both. It is encrypted like your entries until the moment it is delivered, and
        you can cancel it any time before then.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Free and Premium',
    icon: Crown,
    content: (
      <>
        <p>
          The Free plan is a complete journal. Premium adds room to write more, audio and video, far more AI
          help, sharing and messages to your future self. Daily limits reset at midnight in your own time
          zone.
        </p>
        <InfoTable
          caption="What each plan includes"
          rowHeaderLabel="Feature"
          columns={PLAN_COLUMNS}
          rows={PLAN_ROWS}
        />
        <p className="text-sm text-[var(--fg-muted)]">
          Premium is billed monthly or annually and you can cancel at any time. Some servers also offer a
          Basic plan, which is granted by the server's administrator rather than bought.
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
        <Link to="/export">Export your journal</Link> whenever you like. If you delete your account, you have
        30 days to change your mind: sign in and cancel the request. After that, your entries, media, shares,
        notifications and scheduled messages are permanently deleted and any subscription is cancelled.
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
          Everything Daybook does, in one place: a quick, private place to write, a dashboard that shows your
          patterns, AI help only when you ask for it, and careful ways to share.
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

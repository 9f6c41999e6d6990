import { Camera, PenLine, ShieldCheck, Sparkles } from 'lucide-react';

const FEATURES = [
  {
    title: 'Reflect Anytime',
    body: 'Write a line or a few pages whenever the day gives you a moment, on your phone or your laptop.',
    Icon: PenLine,
  },
  {
    title: 'Media & Mood',
    body: 'Tag how you feel and add a photo, a voice note or a short video to any entry.',
    Icon: Camera,
  },
  {
    title: 'Smart Insights',
    body: 'Search your entries and filter them by day or by #theme.',
    Icon: Sparkles,
  },
  {
    title: 'Privacy First',
    body: 'Your words are encrypted with AES-256 in your browser before they are stored: protection at rest, not end-to-end. The privacy policy says when the server reads them.',
    Icon: ShieldCheck,
  },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="border-y bg-muted/50 py-16 sm:py-24">
      <div className="page-container flex flex-col gap-12">
        <div className="mx-auto flex max-w-2xl flex-col gap-3 text-center">
          <h2 id="features-title" className="text-3xl font-semibold sm:text-4xl">
            Everything a journal should be
          </h2>
          <p className="text-lg text-muted-foreground">
            Simple enough for a minute a day, deep enough to look back on a year.
          </p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, body, Icon }) => (
            <li key={title} className="flex flex-col gap-3 rounded-card border bg-card p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-tint text-tint-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

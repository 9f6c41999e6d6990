import { ChevronRight, CreditCard, LifeBuoy, type LucideIcon, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';

type Topic = { to: string; title: string; detail: string; icon: LucideIcon };

const HELP: Topic = {
  to: '/help-contact',
  title: 'Help with your account',
  detail: 'Verification e-mails, passwords, passkeys and deleting an account.',
  icon: LifeBuoy,
};

const TOPICS: readonly Topic[] = [
  {
    to: '/privacy',
    title: 'Privacy and security',
    detail: 'What is encrypted, and exactly when the server reads it.',
    icon: ShieldCheck,
  },
  {
    to: '/pricing',
    title: 'Plans and billing',
    detail: 'What Free and Premium include, and what they cost.',
    icon: CreditCard,
  },
  { to: '/features', title: 'What Daybook does', detail: 'Every feature, plan by plan.', icon: Sparkles },
];

/**
 * Pages that may already hold the answer, beside the contact form: a person often finds it there sooner than
 * a reply arrives. `/help-contact` leaves out the link to itself.
 */
export function HelpTopics({ title, hasHelpLink = false }: { title: string; hasHelpLink?: boolean }) {
  const topics = hasHelpLink ? [HELP, ...TOPICS] : TOPICS;
  return (
    <nav aria-label={title} className="flex flex-col gap-3">
      <h2 className="font-sans text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h2>
      <ul className="flex flex-col divide-y rounded-card border bg-card">
        {topics.map(({ to, title: topic, detail, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex items-center gap-4 px-4 py-3.5 first:rounded-t-card last:rounded-b-card hover:bg-muted/60 sm:px-5"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-tint text-tint-foreground">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{topic}</span>
                <span className="text-sm text-muted-foreground">{detail}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground motion-safe:transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

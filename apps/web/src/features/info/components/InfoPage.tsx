import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export interface InfoSection {
  /** Used as the section's anchor (`/privacy#cookies`), so keep it stable once published. */
  id: string;
  title: string;
  icon?: LucideIcon;
  content: ReactNode;
}

interface InfoPageProps {
  title: string;
  lead: ReactNode;
  sections: readonly InfoSection[];
  /** ISO date (yyyy-mm-dd), shown as "Last updated: 21 November 2026". */
  lastUpdated?: string;
  /**
   * Lists the sections under "On this page" above them on a narrow screen too; worth it on the long legal pages.
   * From 64rem every page lists them in a column of their own beside the text.
   */
  hasContents?: boolean;
  /** Rendered after the last section, e.g. calls to action. */
  children?: ReactNode;
}

/**
 * Descendant styles for section bodies, so page content can stay plain JSX (`<p>`, `<ul>`, `<a>`)
 * without repeating classes on every element.
 */
const PROSE = [
  'space-y-4 text-base leading-7 text-[var(--fg)]',
  '[&_a]:rounded-sm [&_a]:font-medium [&_a]:text-[var(--accent)] [&_a]:underline [&_a]:decoration-1 [&_a]:underline-offset-4',
  '[&_a:hover]:decoration-2 [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-[var(--accent)]',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-[var(--fg-muted)] [&_strong]:font-semibold',
  '[&_h3]:pt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:tracking-tight',
  '[&_code]:rounded [&_code]:bg-[var(--surface)] [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:[overflow-wrap:anywhere]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-[var(--border)] [&_pre]:bg-[var(--surface)] [&_pre]:p-4',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_kbd]:rounded [&_kbd]:border [&_kbd]:border-[var(--border)] [&_kbd]:bg-[var(--surface)] [&_kbd]:px-1.5 [&_kbd]:font-mono [&_kbd]:text-[0.8em]',
].join(' ');

export function InfoPage({
  title,
  lead,
  sections,
  lastUpdated,
  hasContents = false,
  children,
}: InfoPageProps) {
  useDocumentTitle(title);

  const contentsLink =
    'rounded-sm text-[var(--accent)] underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]';

  // From 64rem the page is two columns, the sections' list beside the text at its reading width, so that a wide
  // window holds more than one narrow column in the middle of empty space (ADR 087).
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 text-[var(--fg)] sm:px-6 sm:py-16 lg:grid lg:grid-cols-[13rem_minmax(0,70ch)] lg:justify-center lg:gap-x-16 lg:px-8">
      <aside className="hidden lg:block">
        <nav
          aria-label="On this page"
          className="sticky top-24 flex flex-col gap-3 border-l border-[var(--border)] pl-5"
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-[var(--fg-muted)]">On this page</p>
          <ol className="flex flex-col gap-2 text-sm leading-snug">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={contentsLink}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </aside>

      <article className="min-w-0">
        <header className="border-b border-[var(--border)] pb-8">
          <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
          {lastUpdated ? (
            <p className="mt-3 text-sm text-[var(--fg-muted)]">
              Last updated: <time dateTime={lastUpdated}>{formatDay('mediumDate', lastUpdated)}</time>
            </p>
          ) : null}
          <div className="mt-6 space-y-4 text-lg leading-8 text-[var(--fg-muted)]">{lead}</div>
        </header>

        {hasContents ? (
          <nav
            aria-label="On this page"
            className="mt-8 rounded-xl border border-[var(--border)] bg-[var(--surface)] p-5 lg:hidden"
          >
            <p className="text-sm font-semibold uppercase tracking-wide text-[var(--fg-muted)]">
              On this page
            </p>
            <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
              {sections.map((section) => (
                <li key={section.id} className="pl-1 marker:text-[var(--fg-muted)]">
                  <a href={`#${section.id}`} className={contentsLink}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        <div className="mt-10 space-y-12">
          {sections.map(({ id, title: sectionTitle, icon: Icon, content }) => (
            <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
              <h2
                id={`${id}-title`}
                className="flex items-center gap-2.5 text-xl font-semibold tracking-tight text-balance sm:text-2xl"
              >
                {Icon ? <Icon aria-hidden="true" className="size-5 shrink-0 text-[var(--accent)]" /> : null}
                {sectionTitle}
              </h2>
              <div className={`mt-4 ${PROSE}`}>{content}</div>
            </section>
          ))}
        </div>

        {children ? <div className="mt-16 border-t border-[var(--border)] pt-10">{children}</div> : null}
      </article>
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface CalloutProps {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}

/** A boxed note for the one thing in a section a reader must not miss. */
export function Callout({ title, icon: Icon, children }: CalloutProps) {
  return (
    <div
      role="note"
      className="rounded-xl border border-l-4 border-[var(--border)] border-l-[var(--accent)] bg-[var(--surface)] p-4 sm:p-5"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-[var(--accent)]" />
        {title}
      </p>
      <div className="mt-2 space-y-3">{children}</div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

type DashboardLayoutProps = {
  heading: string;
  /** The journal itself: writing and the entry list. */
  children: ReactNode;
  /** The column beside it on wide screens (calendar, filters), when there is one. */
  sidebar?: ReactNode;
};

/** The dashboard's frame: the greeting, the journal, and room for a sidebar. The app composes what goes in. */
export function DashboardLayout({ heading, children, sidebar }: DashboardLayoutProps) {
  return (
    <div className="page-container flex flex-col gap-6 py-8 sm:py-10">
      <h1 className="text-3xl font-semibold sm:text-4xl">{heading}</h1>
      <div className={cn('grid gap-8', sidebar ? 'lg:grid-cols-[minmax(0,1fr)_20rem]' : 'max-w-3xl')}>
        <div className="flex min-w-0 flex-col gap-8">{children}</div>
        {sidebar ? (
          <aside aria-label="Dashboard tools" className="flex flex-col gap-6">
            {sidebar}
          </aside>
        ) : null}
      </div>
    </div>
  );
}

import { StreakCard } from '../../features/companions/components/StreakCard.tsx';
import { EntryList } from '../../features/entries/components/EntryList.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { renderEntryMedia } from './entry-media.tsx';
import { renderEntryShare } from './entry-share.tsx';

/**
 * /past-entries: every entry, All Time, 5 a page with the exact total, with their media; writing happens on
 * the dashboard. The entry list's streak card (docs/product/dashboard.md#dashboard-streak, milestones 7/14/30/100) sits above it.
 */
export default function PastEntriesPage() {
  useDocumentTitle('Past Entries');
  return (
    <div className="page-container py-8 sm:py-10">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold sm:text-4xl">Past Entries</h1>
          <p className="text-muted-foreground">Everything you have written, newest first.</p>
        </div>
        <StreakCard />
        <EntryList title="All entries" renderMedia={renderEntryMedia} renderShare={renderEntryShare} />
      </div>
    </div>
  );
}

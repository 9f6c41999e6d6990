import { DashboardLayout } from '../../features/dashboard/components/DashboardLayout.tsx';
import { greeting } from '../../features/dashboard/greeting.ts';
import { EntryList } from '../../features/entries/components/EntryList.tsx';
import { QuickEntryCard } from '../../features/entries/components/QuickEntryCard.tsx';
import { useSession } from '../../lib/session/get-session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /dashboard combines features (the greeting from dashboard, writing and the list from entries), so it is
 * composed here in app/: features never import each other. The sidebar (calendar, filters) joins later.
 */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  return (
    <DashboardLayout heading={greeting(user?.fullName)}>
      <QuickEntryCard />
      <EntryList />
    </DashboardLayout>
  );
}

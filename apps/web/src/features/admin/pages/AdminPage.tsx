import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NotFoundView } from '../../../components/ui/not-found.tsx';
import { useSession } from '../../../lib/session/get-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuditSection } from '../components/AuditSection.tsx';
import { ContactSection } from '../components/ContactSection.tsx';
import { OperationsSection } from '../components/OperationsSection.tsx';
import { AdminAccessContext } from '../components/parts.tsx';
import { ReportsSection } from '../components/ReportsSection.tsx';
import { UsersSection } from '../components/UsersSection.tsx';

const TABS = [
  { id: 'users', label: 'Users' },
  { id: 'reports', label: 'Reports' },
  { id: 'contact', label: 'Contact' },
  { id: 'mail', label: 'Mail & jobs' },
  { id: 'audit', label: 'Audit log' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * The admin area (ADR 034). For anyone but an administrator it does not exist: the page shows "Page not found"
 * without asking the server, and the server answers 404 to every admin request of a non-admin anyway (a role
 * revoked while the page is open ends in the same place on the list's next answer).
 */
export default function AdminPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabButtons = useRef<Array<HTMLButtonElement | null>>([]);
  const [isRefused, setRefused] = useState(false);
  const access = useMemo(() => ({ onRefused: () => setRefused(true) }), []);
  const isAdmin = user?.role === 'admin' && !isRefused;
  // The not-found view names the tab itself; this page's own title would win over it (effects run parent last).
  useDocumentTitle(isAdmin ? 'Admin' : 'Page not found');
  if (!isAdmin) return <NotFoundView />;

  const requested = searchParams.get('tab');
  const active: TabId = TABS.some((tab) => tab.id === requested) ? (requested as TabId) : 'users';
  const select = (id: TabId, index: number) => {
    setSearchParams({ tab: id }, { replace: true });
    tabButtons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    select(TABS[next]!.id, next);
  };

  return (
    <AdminAccessContext.Provider value={access}>
      <div className="page-container flex flex-col gap-6 py-8">
        <header className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold">Admin</h1>
          <p className="text-muted-foreground">
            Accounts, reports, messages and the health of mail and jobs. Every action here is written to the
            audit log. Nobody's entries are shown here.
          </p>
        </header>
        <div role="tablist" aria-label="Admin sections" className="flex gap-1 overflow-x-auto border-b">
          {TABS.map((tab, index) => {
            const isActive = tab.id === active;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  tabButtons.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`admin-tab-${tab.id}`}
                aria-selected={isActive}
                aria-controls={`admin-panel-${tab.id}`}
                tabIndex={isActive ? 0 : -1}
                onClick={() => select(tab.id, index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
                  isActive
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground'
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <section
          role="tabpanel"
          id={`admin-panel-${active}`}
          aria-labelledby={`admin-tab-${active}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern makes the panel reachable by Tab.
          tabIndex={0}
          className="rounded-sm"
        >
          {active === 'users' ? <UsersSection currentUserId={user.id} /> : null}
          {active === 'reports' ? <ReportsSection /> : null}
          {active === 'contact' ? <ContactSection /> : null}
          {active === 'mail' ? <OperationsSection /> : null}
          {active === 'audit' ? <AuditSection /> : null}
        </section>
      </div>
    </AdminAccessContext.Provider>
  );
}

import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ProblemCard } from '../../../components/ui/problem-card.tsx';

/** docs/product/dashboard.md#dashboard-errors: said when neither the profile nor the entries could be loaded. */
export const DASHBOARD_UNAVAILABLE_TITLE = 'Unable to load dashboard';
export const DASHBOARD_UNAVAILABLE_BODY =
  "We're having trouble loading your dashboard data. Please try refreshing the page.";

export function DashboardUnavailable() {
  return (
    <ProblemCard
      role="alert"
      title={DASHBOARD_UNAVAILABLE_TITLE}
      description={<p className="text-muted-foreground">{DASHBOARD_UNAVAILABLE_BODY}</p>}
    >
      <Button className="self-start" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" />
        Refresh Page
      </Button>
    </ProblemCard>
  );
}

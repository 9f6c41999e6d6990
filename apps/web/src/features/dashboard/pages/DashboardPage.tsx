import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function DashboardPage() {
  return <FeatureUnavailable title="Dashboard" />;
}

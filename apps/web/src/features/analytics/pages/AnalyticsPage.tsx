import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function AnalyticsPage() {
  return <FeatureUnavailable title="Analytics" />;
}

import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function PastEntriesPage() {
  return <FeatureUnavailable title="Past Entries" />;
}

import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function SharedEntryPage() {
  return <FeatureUnavailable title="Shared Entry" />;
}

import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function SharedWithMePage() {
  return <FeatureUnavailable title="Shared With You" />;
}

import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function MeAheadPage() {
  return <FeatureUnavailable title="Future Self" />;
}

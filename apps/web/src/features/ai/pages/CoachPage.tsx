import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function CoachPage() {
  return <FeatureUnavailable title="Growth Coach" />;
}

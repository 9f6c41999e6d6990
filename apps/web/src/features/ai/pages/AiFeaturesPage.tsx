import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function AiFeaturesPage() {
  return <FeatureUnavailable title="AI Features" />;
}

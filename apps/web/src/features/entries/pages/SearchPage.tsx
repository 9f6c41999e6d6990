import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function SearchPage() {
  return <FeatureUnavailable title="Search" />;
}

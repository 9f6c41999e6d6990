import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function ExportPage() {
  return <FeatureUnavailable title="Data & Export" />;
}

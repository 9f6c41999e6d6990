import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function AdminPage() {
  return <FeatureUnavailable title="Admin" />;
}

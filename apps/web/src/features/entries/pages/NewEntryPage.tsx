import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function NewEntryPage() {
  return <FeatureUnavailable title="New Entry" />;
}

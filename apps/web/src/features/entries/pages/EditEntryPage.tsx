import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function EditEntryPage() {
  return <FeatureUnavailable title="Edit Entry" />;
}

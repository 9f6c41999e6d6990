import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function ProfilePage() {
  return <FeatureUnavailable title="Profile Settings" />;
}

import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function NotificationsPage() {
  return <FeatureUnavailable title="Notifications" />;
}

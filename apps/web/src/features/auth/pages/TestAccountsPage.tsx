import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function TestAccountsPage() {
  return <FeatureUnavailable title="Test Accounts" />;
}

import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function LoginPage() {
  return <FeatureUnavailable title="Log In" />;
}

import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function RegisterPage() {
  return <FeatureUnavailable title="Sign Up" />;
}

import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';

export default function ResetPasswordPage() {
  return <FeatureUnavailable title="Reset Password" />;
}

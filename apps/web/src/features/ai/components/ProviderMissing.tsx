import { AI_MESSAGES } from '@daybook/shared';
import { Alert } from '../../../components/ui/alert.tsx';

/** No AI_BASE_URL on this server: what cannot work, and how an administrator sets a provider up. */
export function ProviderMissing({ className }: { className?: string }) {
  return (
    <Alert variant="info" role="status" className={className}>
      <p>{AI_MESSAGES.noProvider}</p>
    </Alert>
  );
}

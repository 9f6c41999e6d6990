import { ENTRY_MESSAGES } from '@daybook/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import type { EncryptionSupport } from '../../../lib/encryption/support.ts';

/** Said in place of a writing surface when this browser cannot encrypt, with how to fix it (docs/design.md#design-encryption). */
export function EncryptionUnavailableAlert({
  support,
  className,
}: {
  support: Extract<EncryptionSupport, { isAvailable: false }>;
  className?: string;
}) {
  return (
    <Alert variant="error" role="alert" className={className}>
      <p className="font-semibold">{ENTRY_MESSAGES.encryptionUnavailable}</p>
      <p>{support.message}</p>
    </Alert>
  );
}

import type { DeliveryChannel, FutureMessageStatus } from '@daybook/shared';
import { Badge } from '../../../components/ui/badge.tsx';

const STATUS = {
  pending: { label: 'Scheduled', variant: 'outline' },
  sent: { label: 'Delivered', variant: 'tint' },
  cancelled: { label: 'Cancelled', variant: 'neutral' },
  failed: { label: 'Failed', variant: 'warning' },
} as const satisfies Record<FutureMessageStatus, { label: string; variant: string }>;

export const CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  email: 'by e-mail',
  'in-app': 'in the app',
  both: 'by e-mail and in the app',
};

/** A message's state, in words (colour is never the only cue). */
export function MessageStatusBadge({ status }: { status: FutureMessageStatus }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

import type { AiLimitedFeature } from '@daybook/shared';
import { Gauge } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useAiStatus } from '../api/get-status.ts';
import { remainingLabel, remainingOf } from '../limits.ts';

/** The uses of one feature left today, from GET /api/ai/status (updated by every answer that spends one). */
export function RemainingUses({ feature, className }: { feature: AiLimitedFeature; className?: string }) {
  const status = useAiStatus();
  if (!status.data) return null;
  const { remaining, limit } = remainingOf(status.data, feature);
  return (
    <p
      data-remaining={remaining}
      className={cn(
        'flex items-center gap-1.5 text-sm',
        remaining === 0 ? 'font-medium text-destructive' : 'text-muted-foreground',
        className,
      )}
    >
      <Gauge aria-hidden="true" className="size-4 shrink-0" />
      {remainingLabel(feature, remaining, limit)}
    </p>
  );
}

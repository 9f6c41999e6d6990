import { EXPORT_MESSAGES } from '@daybook/shared';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { ExportRange } from '../api.ts';

/** The export's optional date range, the same whether the server or this browser builds the archive. */
export function ExportDateRange({
  range,
  onChange,
  isRunning,
  isReversed,
}: {
  range: ExportRange;
  onChange: (field: keyof ExportRange, value: string) => void;
  isRunning: boolean;
  isReversed: boolean;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isRunning}>
      <legend className="sr-only">Date range (optional)</legend>
      <FormField label="From (optional)">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => onChange('from', event.target.value)}
          />
        )}
      </FormField>
      <FormField label="To (optional)" error={isReversed ? EXPORT_MESSAGES.rangeReversed : undefined}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => onChange('to', event.target.value)}
          />
        )}
      </FormField>
    </fieldset>
  );
}

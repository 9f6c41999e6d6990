import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** What a plan adds, as a ticked list in two columns from small screens up. */
export function FeatureChecklist({
  features,
  className,
}: {
  features: readonly string[];
  className?: string;
}) {
  return (
    <ul className={cn('grid text-sm sm:grid-cols-2', className)}>
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {feature}
        </li>
      ))}
    </ul>
  );
}

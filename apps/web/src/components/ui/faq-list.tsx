import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export type FaqItem = { question: string; answer: string };

/** Questions that open in place; native <details>, so keyboard and screen readers work unaided. */
export function FaqList({ items, className }: { items: readonly FaqItem[]; className?: string }) {
  return (
    <div className={cn('flex flex-col divide-y rounded-card border bg-card', className)}>
      {items.map(({ question, answer }) => (
        <details key={question} className="group px-5 py-4 sm:px-6">
          <summary className="flex list-none items-center justify-between gap-4 rounded-md font-medium [&::-webkit-details-marker]:hidden">
            {question}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground group-open:rotate-180 motion-safe:transition-transform"
            />
          </summary>
          <p className="mt-3 text-muted-foreground">{answer}</p>
        </details>
      ))}
    </div>
  );
}

import { LoaderCircle } from 'lucide-react';

/**
 * Said while Argon2id runs (a second or two, in its worker, ADR 095): the spinner and the words are painted before
 * the work starts (`afterPaint`), so the page never looks stuck.
 */
export function BusyNote({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
      {children}
    </p>
  );
}

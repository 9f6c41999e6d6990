import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import type { OpenedText } from '../../../lib/encryption/entry-cipher.ts';

/** A decrypted subject; a placeholder while it is being decrypted, the spec's notice when it cannot be. */
export function SubjectText({ opened, className }: { opened: OpenedText | undefined; className?: string }) {
  if (!opened) {
    return (
      <span className={cn('flex items-center', className)}>
        <span className="sr-only">Decrypting…</span>
        <Skeleton className="h-4 w-32" />
      </span>
    );
  }
  return (
    <span
      className={cn(
        'truncate font-medium',
        opened.isDecryptionFailed && 'text-muted-foreground italic',
        className,
      )}
    >
      {opened.text || 'Untitled'}
    </span>
  );
}

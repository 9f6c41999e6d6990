import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** "Ada Lovelace" → "AL", "cher" → "C"; nothing usable → "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

type AvatarProps = {
  name: string;
  src?: string | null | undefined;
  className?: string;
};

/**
 * A round picture, or the name's initials when there is none or it fails to load.
 * Decorative: the name is always written next to it, so it is hidden from screen readers.
 */
export function Avatar({ name, src, className }: AvatarProps) {
  // Remembers which address failed, so a new picture gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hasFailed = Boolean(src) && failedSrc === src;

  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-tint text-sm font-semibold text-tint-foreground select-none',
        className,
      )}
    >
      {src && !hasFailed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        // Drawn by CSS, not as text: inside a labelled button ("Account menu") visible text that is
        // not part of the label would contradict it (WCAG 2.5.3, label in name).
        <span data-initials={initials(name)} className="before:content-[attr(data-initials)]" />
      )}
    </span>
  );
}

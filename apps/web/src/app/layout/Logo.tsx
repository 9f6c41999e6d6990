import { APP_NAME } from '@daybook/shared';
import { BookHeart } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn('inline-flex items-center gap-2 rounded-md text-foreground', className)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <BookHeart aria-hidden="true" className="size-4.5" />
      </span>
      <span className="font-serif text-xl font-semibold tracking-tight">{APP_NAME}</span>
    </Link>
  );
}

import { AtSign, Briefcase, Camera, Check, Copy, Mail, MessageCircle, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { copyTextWithToast, useCopyToClipboard } from '../../lib/clipboard.ts';
import { cn } from '../../lib/cn.ts';
import { buildShareTargets, type ShareTargetId } from './share-targets.ts';

const TARGET_STYLE: Record<ShareTargetId, { Icon: typeof Mail; tile: string }> = {
  facebook: { Icon: ThumbsUp, tile: 'bg-[#1877f2]' },
  whatsapp: { Icon: MessageCircle, tile: 'bg-[#128c4a]' },
  instagram: { Icon: Camera, tile: 'bg-[#c13584]' },
  gmail: { Icon: Mail, tile: 'bg-[#c5221f]' },
  twitter: { Icon: AtSign, tile: 'bg-[#14171a] dark:bg-[#3a3f44]' },
  linkedin: { Icon: Briefcase, tile: 'bg-[#0a66c2]' },
};

const targetClass =
  'flex flex-col items-center gap-2 rounded-lg p-2 text-sm font-medium text-foreground transition-colors hover:bg-muted';

function TargetTile({ id }: { id: ShareTargetId }) {
  const { Icon, tile } = TARGET_STYLE[id];
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-12 items-center justify-center rounded-full text-white', tile)}
    >
      <Icon className="size-5" />
    </span>
  );
}

/** "Share Daybook": tells friends about the product (not about an entry). */
export function ShareAppDialog({
  children,
  defaultOpen = false,
}: {
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <ShareAppPanel />
      </DialogContent>
    </Dialog>
  );
}

function ShareAppPanel() {
  const shareUrl = window.location.origin;
  const { isCopied, copy } = useCopyToClipboard();
  const targets = buildShareTargets(shareUrl);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Share Daybook</DialogTitle>
        <DialogDescription>
          Know someone who would enjoy a private journal? Send them a link to{' '}
          {shareUrl.replace(/^https?:\/\//, '')}.
        </DialogDescription>
      </DialogHeader>

      <ul className="grid grid-cols-3 gap-2">
        {targets.map((target) => (
          <li key={target.id}>
            {target.href ? (
              <a
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Share on ${target.label} (opens in a new window)`}
                className={targetClass}
              >
                <TargetTile id={target.id} />
                {target.label}
              </a>
            ) : (
              <button
                type="button"
                aria-label={`Share on ${target.label} (copies the link)`}
                className={cn(targetClass, 'w-full')}
                onClick={() => void copyTextWithToast(shareUrl)}
              >
                <TargetTile id={target.id} />
                {target.label}
              </button>
            )}
          </li>
        ))}
      </ul>

      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={shareUrl}
          aria-label="Link to Daybook"
          onFocus={(event) => event.currentTarget.select()}
          className="sm:flex-1"
        />
        <Button onClick={() => void copy(shareUrl)} className="sm:w-32" aria-live="polite">
          {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {isCopied ? 'Copied!' : 'Copy Link'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Instagram has no share link for websites, so its button copies the link for you to paste.
      </p>
    </>
  );
}

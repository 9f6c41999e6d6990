import { recoveryKeyText } from '@daybook/shared';
import { Copy, Download } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';

/** The QR encoder (uqr) loads only when a recovery key is shown (ADR 075's QR code, ADR 095). */
const QrCode = lazy(() =>
  import('../../../components/ui/qr-code.tsx').then(({ QrCode }) => ({ default: QrCode })),
);

/** The file the words download as. */
export const RECOVERY_KEY_FILE = 'daybook-recovery-key.txt';

/**
 * The recovery key's 24 words, shown once (set up, a new recovery key): numbered, as a `.txt` download, copied, or
 * as a QR code holding the same words. Finishing needs "I have saved my recovery key" ticked, since they are not
 * shown again and nobody else holds them.
 */
export function RecoveryKeyWords({
  words,
  account,
  finishLabel,
  onDone,
}: {
  words: string[];
  account: string;
  finishLabel: string;
  onDone: () => void;
}) {
  const id = useId();
  const [isSaved, setIsSaved] = useState(false);
  const [isQrShown, setIsQrShown] = useState(false);
  // Shown in place of the form: focus moves to the warning, so it is read first.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => noticeRef.current?.focus(), []);
  const text = () => recoveryKeyText(words, account, new Date());

  const onDownload = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_KEY_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(words.join(' '));
      toast.success('Recovery key copied');
    } catch {
      toast.error('Copying failed: select the words and copy them yourself');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div ref={noticeRef} tabIndex={-1} className="rounded-lg outline-offset-4">
        <Alert variant="warning">
          <div className="flex flex-col gap-1">
            <p className="font-semibold">Save your recovery key now: it is shown only this once.</p>
            <p>
              These 24 words open your journal if you forget your passphrase. We do not keep a copy. Print
              them or keep them in a password manager, apart from this device.
            </p>
          </div>
        </Alert>
      </div>
      <ol
        aria-label="Recovery key"
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg border bg-muted/40 p-4 font-mono text-sm sm:grid-cols-3 lg:grid-cols-4"
      >
        {words.map((word, index) => (
          // The same word can appear twice in a key: the place is part of the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={index} className="flex gap-2">
            <span aria-hidden="true" className="w-6 text-right text-muted-foreground tabular-nums">
              {index + 1}.
            </span>
            <span className="select-all">{word}</span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onDownload}>
          <Download aria-hidden="true" />
          Download as .txt
        </Button>
        <Button variant="outline" onClick={() => void onCopy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" aria-expanded={isQrShown} onClick={() => setIsQrShown((shown) => !shown)}>
          {isQrShown ? 'Hide QR code' : 'Show as QR code'}
        </Button>
      </div>
      {isQrShown ? (
        <div className="flex flex-col gap-2">
          <Suspense fallback={<Skeleton className="size-48 rounded-lg" />}>
            <QrCode value={words.join(' ')} label="Your recovery key as a QR code" />
          </Suspense>
          <p className="text-sm text-muted-foreground">
            The QR code holds the same 24 words. Print it or photograph it with a device you trust.
          </p>
        </div>
      ) : null}
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-saved`}
          checked={isSaved}
          onChange={(event) => setIsSaved(event.target.checked)}
          className="mt-0.5"
        />
        <label htmlFor={`${id}-saved`} className="text-sm">
          I have saved my recovery key somewhere safe
        </label>
      </div>
      <Button className="self-start" disabled={!isSaved} onClick={onDone}>
        {finishLabel}
      </Button>
    </div>
  );
}

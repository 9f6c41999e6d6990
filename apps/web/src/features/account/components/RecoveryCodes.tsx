import { recoveryCodesText } from '@daybook/shared';
import { Copy, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';

/** The ten recovery codes, shown once after turning two-step sign-in on: download them, or copy them. */
export function RecoveryCodes({
  codes,
  account,
  onDone,
}: {
  codes: string[];
  account: string;
  onDone: () => void;
}) {
  const text = recoveryCodesText(codes, account, new Date());
  // Shown in place of the set-up form: focus moves to the codes' warning, so it is read first.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => noticeRef.current?.focus(), []);

  const onDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'daybook-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Copying failed: select the codes and copy them yourself');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div ref={noticeRef} tabIndex={-1} className="rounded-lg outline-offset-4">
        <Alert variant="warning">
          <p className="font-semibold">Save your recovery codes now: they are shown only this once.</p>
          <p>
            Each code signs you in once if you lose your phone or authenticator app. Keep them somewhere safe,
            apart from your password.
          </p>
        </Alert>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onDownload}>
          <Download aria-hidden="true" />
          Download as .txt
        </Button>
        <Button variant="outline" onClick={() => void onCopy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}

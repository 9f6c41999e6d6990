import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { UNLOCK_PROMPT_ID } from '../../../lib/private-keys/unlock-target.ts';
import { RecoveryFlow } from './RecoveryFlow.tsx';
import { StartFresh } from './StartFresh.tsx';
import { UnlockForm } from './UnlockForm.tsx';

type Stage = 'unlock' | 'recover' | 'start-fresh';

const HEADINGS: Record<Stage, string> = {
  unlock: 'Your journal is locked',
  recover: 'Unlock with your recovery key',
  'start-fresh': 'Start fresh',
};

/**
 * The unlock prompt at the top of every signed-in page while the account is in private mode and this browser
 * session holds no key (ADR 095). It does not block the page: dates, the calendar and standard entries stay usable,
 * and private entries read "locked" until the passphrase is entered here. Mounted lazily by the app's gate, so its
 * code (and Argon2id's, which loads on submit) reaches only the accounts that need it. It stays until `onClose`:
 * after the recovery key has unlocked, the new passphrase is still to be chosen here.
 */
export default function UnlockCard({ userId, onClose }: { userId: string; onClose: () => void }) {
  const [stage, setStage] = useState<Stage>('unlock');
  return (
    <section id={UNLOCK_PROMPT_ID} aria-labelledby={`${UNLOCK_PROMPT_ID}-title`} className="scroll-mt-24">
      <div className="page-container pt-6">
        <Card className="flex flex-col gap-4 border-primary/40 p-5 sm:p-6">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-tint text-tint-foreground">
              <Lock aria-hidden="true" className="size-4" />
            </span>
            <div className="flex flex-col gap-1">
              <h2 id={`${UNLOCK_PROMPT_ID}-title`} className="text-lg font-semibold">
                {HEADINGS[stage]}
              </h2>
              {stage === 'unlock' ? (
                <p className="text-sm text-muted-foreground">
                  Your journal is in private mode: enter your passphrase to read your entries and moods in
                  this browser. You are asked once per browser session.
                </p>
              ) : null}
            </div>
          </div>
          {stage === 'unlock' ? (
            <UnlockForm userId={userId} onForgot={() => setStage('recover')} onUnlocked={onClose} />
          ) : stage === 'recover' ? (
            <RecoveryFlow
              userId={userId}
              onDone={onClose}
              onBack={() => setStage('unlock')}
              onBothLost={() => setStage('start-fresh')}
            />
          ) : (
            <StartFresh userId={userId} onDone={onClose} onBack={() => setStage('recover')} />
          )}
        </Card>
      </div>
    </section>
  );
}

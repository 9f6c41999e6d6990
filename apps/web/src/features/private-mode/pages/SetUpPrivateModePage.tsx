import { PRIVATE_MODE_COPY, PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { forgetRegistrationChoice } from '../../../lib/private-keys/registration-choice.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { toast } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { SetUpPrivateMode } from '../components/SetUpPrivateMode.tsx';
import { refreshAfterKeyChange } from '../refresh.ts';

export const SET_UP_PRIVATE_MODE_PATH = '/private-mode/set-up';

/**
 * /private-mode/set-up: where a person who chose private mode on the register page lands once signed in, before
 * the dashboard (ADR 095). An account already in private mode goes straight on. "Not now" keeps the account
 * standard; the profile offers the same set-up later.
 */
export default function SetUpPrivateModePage() {
  useDocumentTitle('Set up private mode');
  const { user } = useSession();
  const profile = useProfile();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [isKeyMade, setIsKeyMade] = useState(false);

  const isAlreadySetUp = profile.data?.isPrivateMode === true;
  useEffect(() => {
    if (isAlreadySetUp) forgetRegistrationChoice(client);
  }, [isAlreadySetUp, client]);
  if (!user) return null;
  // Set up already (another tab, or a return to this address). A key made here refreshes the profile only once its
  // recovery key is saved, so the words on screen are never swept away by this.
  if (isAlreadySetUp) return <Navigate to="/dashboard" replace />;

  const goOn = () => void navigate('/dashboard', { replace: true });

  return (
    <div className="page-container max-w-3xl py-10 sm:py-14">
      <div className="mb-6 flex flex-col gap-2">
        <h1 className="text-3xl font-semibold">Set up private mode</h1>
        <p className="text-muted-foreground">{PRIVATE_MODE_COPY.privateChoice}</p>
      </div>
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        {isKeyMade ? null : (
          <div className="flex flex-col gap-2 text-sm">
            <p>
              You enter your passphrase once per browser session. Next you get a recovery key of 24 words: the
              only way back in if you forget the passphrase.
            </p>
            <p className="text-muted-foreground">
              It does not protect against a compromised browser or device, and the server still sees when you
              write and how much.
            </p>
          </div>
        )}
        <SetUpPrivateMode
          userId={user.id}
          account={user.email}
          onKeyMade={() => setIsKeyMade(true)}
          onDone={() => {
            toast.success(PRIVATE_MODE_MESSAGES.setUp);
            void refreshAfterKeyChange(client);
            goOn();
          }}
        />
      </Card>
      {isKeyMade ? null : (
        <div className="mt-4 flex flex-col items-start gap-1 text-sm text-muted-foreground">
          <Button
            variant="link"
            onClick={() => {
              forgetRegistrationChoice(client);
              goOn();
            }}
          >
            Not now: keep my journal standard
          </Button>
          <p>You can set up private mode later from your profile.</p>
        </div>
      )}
    </div>
  );
}

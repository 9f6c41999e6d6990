import { PASSKEY, PASSKEY_MESSAGES, type Passkey, PasskeyName } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { passkeyErrorMessage } from '../../../lib/passkeys.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys.ts';

const NameForm = z.object({ name: PasskeyName });
type NameForm = z.input<typeof NameForm>;

/** A passkey's name, as the add and rename forms take it (trimmed, 1 to 60 characters). */
const useNameForm = (name: string) =>
  useForm<NameForm, unknown, z.output<typeof NameForm>>({
    resolver: zodResolver(NameForm),
    defaultValues: { name },
  });

const dateLabel = (iso: string) => formatInstant('mediumDate', iso);

/** A failed call's message: the server's, the browser's passkey error read for a person, or none (cancelled). */
function failureMessage(error: unknown): string | null {
  return error instanceof ApiRequestError ? error.message : passkeyErrorMessage(error);
}

/**
 * The profile's "Passkeys" (ADR 080): the passkeys added, with when each was added and last
 * used; adding one with a name (the browser's own passkey dialog); renaming; removing with a confirmation.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const list = passkeys.data?.passkeys ?? [];
  return (
    <SettingsSection
      id="passkeys"
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of your password. A passkey counts as both steps of two-step sign-in. We e-mail you when one is added."
    >
      {passkeys.isPending ? (
        <div role="status">
          <span className="sr-only">Loading passkeys…</span>
          <Skeleton className="h-16" />
        </div>
      ) : passkeys.isError ? (
        <RetryAlert message="Your passkeys could not be loaded." onRetry={() => void passkeys.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="flex flex-col divide-y rounded-lg border">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {passkeys.isSuccess && list.length < PASSKEY.maxPerUser ? <AddPasskey /> : null}
    </SettingsSection>
  );
}

function AddPasskey() {
  const add = useAddPasskey();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useNameForm('');

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await add.mutateAsync(name);
      toast.success(PASSKEY_MESSAGES.added);
      reset({ name: '' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields?.name) {
        setError('name', { type: 'server', message: error.fields.name }, { shouldFocus: true });
        return;
      }
      const message = failureMessage(error);
      if (message) toast.error('The passkey could not be added', { description: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FormField
        label="Name of the new passkey"
        error={errors.name?.message}
        className="sm:max-w-xs sm:flex-1"
      >
        {(control) => (
          <Input
            autoComplete="off"
            maxLength={PASSKEY.nameMaxLength}
            placeholder="Laptop"
            {...control}
            {...register('name')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="self-start sm:self-auto">
        <Plus aria-hidden="true" />
        {isSubmitting ? 'Waiting for your passkey…' : 'Add a passkey'}
      </Button>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [isRenaming, setIsRenaming] = useState(false);
  const remove = useRemovePasskey();

  const onRemove = async () => {
    try {
      await remove.mutateAsync(passkey.id);
      toast.success(PASSKEY_MESSAGES.removed);
    } catch (error) {
      toast.error('The passkey could not be removed', {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <KeyRound aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
      {isRenaming ? (
        <RenameForm passkey={passkey} onDone={() => setIsRenaming(false)} />
      ) : (
        <>
          <div className="flex min-w-0 flex-1 flex-col">
            <p className="flex flex-wrap items-center gap-2 font-medium break-words">
              {passkey.name}
              {passkey.isSynced ? (
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-foreground">
                  Synced
                </span>
              ) : null}
            </p>
            <p className="text-sm text-muted-foreground">
              Added {dateLabel(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `Last used ${dateLabel(passkey.lastUsedAt)}` : 'Not used yet'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2 self-start sm:self-auto">
            <Button
              size="sm"
              variant="outline"
              onClick={() => setIsRenaming(true)}
              aria-label={`Rename ${passkey.name}`}
            >
              <Pencil aria-hidden="true" />
              Rename
            </Button>
            <ConfirmButton
              size="sm"
              variant="outline"
              aria-label={`Remove ${passkey.name}`}
              title={`Remove the passkey "${passkey.name}"?`}
              description="It will no longer sign in to your account. You can still sign in with your password, and add the passkey again later."
              confirmLabel="Remove passkey"
              onConfirm={onRemove}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </ConfirmButton>
          </div>
        </>
      )}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useNameForm(passkey.name);

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      toast.success(PASSKEY_MESSAGES.renamed);
      onDone();
    } catch (error) {
      const message = error instanceof Error ? error.message : PASSKEY_MESSAGES.notFound;
      setError('name', { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-end">
      <FormField label="New name" error={errors.name?.message} className="sm:max-w-xs sm:flex-1">
        {(control) => (
          <Input
            autoComplete="off"
            autoFocus
            maxLength={PASSKEY.nameMaxLength}
            {...control}
            {...register('name')}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

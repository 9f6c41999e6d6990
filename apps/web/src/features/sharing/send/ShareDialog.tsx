import { SHARE_LIMITS, SHARE_MESSAGES, type ShareRecipientKeys } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Send, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiRequestError, isApiError, isSessionGone } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { announceModerationBlock } from '../../../lib/moderation/announce.ts';
import { journalKeys, sentShareKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateShare } from './api.ts';
import { checkRecipient, splitTypedAddresses } from './recipients.ts';
import { NoAccountChoices, PrivateLinks, withoutAccount } from './SealedShareSteps.tsx';
import type { NoAccountChoice } from './sealed/seal-shares.ts';

/** A private entry's sealing (ADR 103): loaded when such an entry is shared, not with the dialog. */
const loadSealing = () => import('./sealed/seal-shares.ts');

export const SHARE_DIALOG_TITLE = 'Share reflection';

export type ShareDialogProps = {
  entryId: string;
  /** The entry has an attachment: "Include media" is offered (on by default). */
  hasMedia: boolean;
  /** A private entry (ADR 094): sealed in this browser for each recipient (ADR 103). */
  isPrivate?: boolean | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the share button; Radix cannot know it when a menu opened us). */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
};

/**
 * "Share reflection" (docs/product/sharing.md#sharing-create): recipients as chips, an optional note of up to 300 characters, "Include
 * media", and the consent checkbox. The form is mounted only while open, so closing it starts afresh.
 */
export function ShareDialog({
  entryId,
  hasMedia,
  isPrivate = false,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ShareDialogProps) {
  // Held here, not in the form: the answer's toast must be said even though the form unmounts as it closes.
  const create = useCreateShare(entryId);
  return (
    // While the shares are being created the dialog stays open, so the outcome is seen where it was asked for.
    <Dialog open={open} onOpenChange={(next) => (next || !create.isPending) && onOpenChange(next)}>
      <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{SHARE_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>
            {isPrivate
              ? 'Your browser seals this private reflection for each person before it leaves: people with a Daybook account open it with their own key. '
              : 'Each person gets an e-mail with a private link to this reflection. '}
            The link stops working after {SHARE_LIMITS.expiryDays} days, or as soon as you revoke it.
          </DialogDescription>
        </DialogHeader>
        <ShareForm
          entryId={entryId}
          create={create}
          hasMedia={hasMedia}
          isPrivate={isPrivate}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

const recipientCount = (count: number) => (count === 1 ? '1 recipient' : `${count} recipients`);

type ShareFormProps = {
  entryId: string;
  create: ReturnType<typeof useCreateShare>;
  hasMedia: boolean;
  isPrivate: boolean;
  onDone: () => void;
};

/** Where a private entry's share stands: the form, the choices for people without an account, the links made. */
type SealedStage =
  | { step: 'form' }
  | { step: 'choose'; keys: ShareRecipientKeys }
  | { step: 'links'; links: { email: string; url: string }[] };

function ShareForm({ entryId, create, hasMedia, isPrivate, onDone }: ShareFormProps) {
  const { user } = useSession();
  const client = useQueryClient();
  const [stage, setStage] = useState<SealedStage>({ step: 'form' });
  const [isSealing, setIsSealing] = useState(false);
  const [recipients, setRecipients] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [recipientError, setRecipientError] = useState<string | null>(null);
  /** Said to screen readers as chips come and go (the field itself just empties). */
  const [announcement, setAnnouncement] = useState('');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [includeMedia, setIncludeMedia] = useState(true);
  const [consent, setConsent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const ids = {
    recipients: useId(),
    recipientHint: useId(),
    recipientError: useId(),
    chips: useId(),
    note: useId(),
    noteCounter: useId(),
    noteError: useId(),
    media: useId(),
    mediaHint: useId(),
    consent: useId(),
  };

  type AddResult = { list: string[]; isAllAdded: boolean; unadded: string[] };

  /**
   * Adds each address in turn; stops at the first refused one and says why. Returns the list as it ends and the
   * addresses not added (the refused one first), which go back into the field to be corrected.
   */
  const addAddresses = (addresses: string[]): AddResult => {
    let list = recipients;
    let refusedAt = -1;
    for (const [index, address] of addresses.entries()) {
      const check = checkRecipient(address, { recipients: list, ownEmail: user?.email });
      if (!check.isValid) {
        setRecipientError(check.message);
        refusedAt = index;
        break;
      }
      list = [...list, check.email];
    }
    setRecipients(list);
    if (refusedAt < 0) setRecipientError(null);
    const added = list.slice(recipients.length);
    if (added.length > 0) setAnnouncement(`Added ${added.join(', ')}. ${recipientCount(list.length)}.`);
    const unadded = refusedAt < 0 ? [] : addresses.slice(refusedAt).map((address) => address.trim());
    return { list, isAllAdded: refusedAt < 0, unadded };
  };

  /** Puts addresses in the field: the ones refused, then what was still being typed. */
  const keepInField = (unadded: string[], rest: string) =>
    setDraft([...unadded, rest.trim()].filter((part) => part !== '').join(', '));

  /** The typed address(es) become chips (Enter, leaving the field, submitting); a refused one stays to be fixed. */
  const commitDraft = (): AddResult => {
    if (draft.trim() === '') return { list: recipients, isAllAdded: true, unadded: [] };
    const { complete, rest } = splitTypedAddresses(draft);
    const result = addAddresses([...complete, rest].filter((part) => part.trim() !== ''));
    keepInField(result.unadded, '');
    return result;
  };

  /** A comma (or semicolon, or a pasted line break) ends an address: it becomes a chip at once. */
  const onDraftChange = (value: string) => {
    const { complete, rest } = splitTypedAddresses(value);
    if (complete.length === 0) {
      setDraft(value);
      if (recipientError) setRecipientError(null);
      return;
    }
    const { unadded } = addAddresses(complete);
    keepInField(unadded, rest);
  };

  const onDraftKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the address; it never submits the form from here.
      event.preventDefault();
      commitDraft();
    }
  };

  const removeRecipient = (email: string) => {
    const list = recipients.filter((item) => item !== email);
    setRecipients(list);
    setRecipientError(null);
    setAnnouncement(`Removed ${email}. ${recipientCount(list.length)}.`);
    inputRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || isSealing) return;
    const { list, isAllAdded } = commitDraft();
    if (!isAllAdded) {
      inputRef.current?.focus();
      return;
    }
    if (list.length === 0) {
      setRecipientError(SHARE_MESSAGES.recipientRequired);
      inputRef.current?.focus();
      return;
    }
    if (!consent) return;
    setNoteError(null);
    if (isPrivate) {
      void startSealed(list);
      return;
    }
    const trimmedNote = note.trim();
    create.mutate(
      {
        recipients: list.map((email) => ({ email })),
        includeMedia: hasMedia && includeMedia,
        ...(trimmedNote ? { note: trimmedNote } : {}),
        consent: true,
      },
      {
        onSuccess: () => {
          sharedToast(list);
          onDone();
        },
        onError: (error) => onShareError(error),
      },
    );
  };

  const onShareError = (error: Error) => {
    // A lost session is answered by the app as a whole (session expired, then the login page).
    if (isSessionGone(error)) return;
    if (isApiError(error, 'CONTENT_BLOCKED')) {
      // The note was refused by moderation: said as an entry's refusal is (a crisis message stays 8 s).
      announceModerationBlock({ message: error.message, isCrisis: error.details?.isCrisis === true });
      setNoteError(error.message);
      noteRef.current?.focus();
      return;
    }
    const fields = error instanceof ApiRequestError ? (error.fields ?? {}) : {};
    const recipientField = Object.entries(fields).find(([key]) => key.startsWith('recipients'));
    if (recipientField) setRecipientError(recipientField[1]);
    if (fields.note) setNoteError(fields.note);
    toast.error(SHARE_MESSAGES.shareFailed, { description: error.message });
  };

  const sharedToast = (list: string[]) =>
    toast.success(SHARE_MESSAGES.shared, {
      description: list.length === 1 ? `Sent to ${list[0]}` : `Sent to ${list.length} people`,
    });

  /** A private entry's shares, sealed here (ADR 103); the private links, if any, are shown before closing. */
  const shareSealed = async (keys: ShareRecipientKeys, choices: Record<string, NoAccountChoice>) => {
    if (!user) return;
    setIsSealing(true);
    try {
      const { createSealedShares } = await loadSealing();
      const trimmedNote = note.trim();
      const made = await createSealedShares({
        entryId,
        userId: user.id,
        keys,
        choices,
        includeMedia: hasMedia && includeMedia,
        note: trimmedNote || undefined,
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: sentShareKeys.ofEntry(entryId) }),
        client.invalidateQueries({ queryKey: journalKeys.lists() }),
      ]);
      // A private link is sent by the sender, not by us: the toast names only those we send to.
      const linked = new Set(made.links.map((link) => link.email));
      const sent = keys.recipients.map((r) => r.email).filter((email) => !linked.has(email));
      if (sent.length > 0) sharedToast(sent);
      else toast.success(SHARE_MESSAGES.shared);
      if (made.links.length > 0) setStage({ step: 'links', links: made.links });
      else onDone();
    } catch (error) {
      onShareError(error instanceof Error ? error : new Error(String(error)));
      setStage({ step: 'form' });
    } finally {
      setIsSealing(false);
    }
  };

  /** Asks whose public keys there are; people without one get the two choices first. */
  const startSealed = async (list: string[]) => {
    if (!user) return;
    setIsSealing(true);
    try {
      const keys = await (await loadSealing()).lookUpRecipients(entryId, user.id, list);
      if (withoutAccount(keys).length > 0) {
        setStage({ step: 'choose', keys });
        setIsSealing(false);
        return;
      }
      await shareSealed(keys, {});
    } catch (error) {
      onShareError(error instanceof Error ? error : new Error(String(error)));
      setIsSealing(false);
    }
  };

  const isBusy = create.isPending || isSealing;
  const canSubmit = consent && (recipients.length > 0 || draft.trim() !== '') && !isBusy;
  const recipientDescribedBy = [recipientError ? ids.recipientError : null, ids.recipientHint]
    .filter(Boolean)
    .join(' ');

  if (stage.step === 'choose')
    return (
      <NoAccountChoices
        emails={withoutAccount(stage.keys)}
        isBusy={isSealing}
        onBack={() => setStage({ step: 'form' })}
        onSubmit={(choices) => void shareSealed(stage.keys, choices)}
      />
    );
  if (stage.step === 'links') return <PrivateLinks links={stage.links} onDone={onDone} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.recipients}>Recipients</Label>
        {recipients.length > 0 ? (
          <ul id={ids.chips} aria-label="Recipients added" className="flex flex-wrap gap-1.5">
            {recipients.map((email) => (
              <li
                key={email}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-tint py-0.5 pr-0.5 pl-2.5 text-sm text-tint-foreground"
              >
                <span className="truncate">{email}</span>
                <button
                  type="button"
                  aria-label={`Remove ${email}`}
                  onClick={() => removeRecipient(email)}
                  className="inline-flex size-6 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-tint-foreground/15"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <Input
          ref={inputRef}
          id={ids.recipients}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onDraftKeyDown}
          onBlur={() => commitDraft()}
          placeholder={recipients.length === 0 ? 'name@example.com' : 'Add another e-mail'}
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254 * SHARE_LIMITS.maxRecipients}
          aria-invalid={recipientError ? true : undefined}
          aria-describedby={recipientDescribedBy}
        />
        {recipientError ? (
          <p id={ids.recipientError} role="alert" className="text-sm text-destructive">
            {recipientError}
          </p>
        ) : null}
        <p id={ids.recipientHint} className="text-sm text-muted-foreground">
          Press Enter or type a comma after each address, up to {SHARE_LIMITS.maxRecipients} people.
        </p>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={ids.note}>Note (optional)</Label>
          <span
            id={ids.noteCounter}
            className={cn(
              'text-xs tabular-nums text-muted-foreground',
              note.length >= SHARE_LIMITS.noteMaxChars && 'text-destructive',
            )}
          >
            {note.length}/{SHARE_LIMITS.noteMaxChars}
          </span>
        </div>
        <Textarea
          ref={noteRef}
          id={ids.note}
          value={note}
          onChange={(event) => {
            setNote(event.target.value.slice(0, SHARE_LIMITS.noteMaxChars));
            if (noteError) setNoteError(null);
          }}
          maxLength={SHARE_LIMITS.noteMaxChars}
          placeholder="Add a few words for them"
          className="min-h-24"
          aria-invalid={noteError ? true : undefined}
          aria-describedby={[noteError ? ids.noteError : null, ids.noteCounter].filter(Boolean).join(' ')}
        />
        {noteError ? (
          <p id={ids.noteError} className="text-sm text-destructive">
            {noteError}
          </p>
        ) : null}
      </div>

      {hasMedia ? (
        <div className="flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5">
          <div className="flex flex-col">
            <Label htmlFor={ids.media}>Include media</Label>
            <span id={ids.mediaHint} className="text-sm text-muted-foreground">
              Recipients also see the attached media.
            </span>
          </div>
          <Switch
            id={ids.media}
            checked={includeMedia}
            onCheckedChange={setIncludeMedia}
            aria-describedby={ids.mediaHint}
          />
        </div>
      ) : null}

      <div className="flex items-start gap-2.5">
        <Checkbox
          id={ids.consent}
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          className="mt-0.5"
        />
        <Label htmlFor={ids.consent} className="font-normal">
          {SHARE_MESSAGES.consentLabel}
        </Label>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={isBusy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!canSubmit} aria-busy={isBusy || undefined}>
          {isBusy ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {isBusy ? 'Sharing…' : 'Share'}
        </Button>
      </div>
    </form>
  );
}

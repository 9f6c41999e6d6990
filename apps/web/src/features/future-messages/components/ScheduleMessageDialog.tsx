import {
  type DeliveryChannel,
  FUTURE_MESSAGE_LIMITS,
  FUTURE_MESSAGE_MESSAGES,
  localDate,
  zonedInstant,
} from '@daybook/shared';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { isPrivateUnlocked } from '../../../lib/encryption/private-entry-key.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { toast } from '../../../lib/toast.ts';
import { type ScheduleFieldErrors, useScheduleFutureMessage } from '../hooks/use-schedule-message.ts';
import {
  blankFields,
  type DraftField,
  PRIVATE_LETTER_WORDS,
  type ScheduleDraft,
  sendTimeProblem,
} from '../schedule.ts';

export const CHANNEL_OPTIONS = [
  { value: 'email', label: 'E-mail' },
  { value: 'in-app', label: 'In-app' },
  { value: 'both', label: 'Both' },
] as const satisfies ReadonlyArray<{ value: DeliveryChannel; label: string }>;

const EMPTY_DRAFT: ScheduleDraft = { subject: '', message: '', date: '', time: '' };

const counter = (length: number, max: number) =>
  `${length.toLocaleString('en-GB')}/${max.toLocaleString('en-GB')}`;

/**
 * The schedule dialog (docs/product/future-messages.md#future-letters-card): subject, message, date and time in the user's time zone, and
 * the delivery channel. Loaded on first use (ADR 020), so the dashboard's first load does not carry it.
 */
export function ScheduleMessageDialog({
  timeZone,
  children,
  defaultOpen = false,
}: {
  timeZone: string;
  /** The trigger (the card's "Schedule a message" button). */
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const isPrivate = isPrivateUnlocked(useSession().user?.id);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Write to your future self</DialogTitle>
          <DialogDescription>
            {isPrivate
              ? PRIVATE_LETTER_WORDS.sealed
              : 'Your subject and message are encrypted in this browser before they are sent.'}{' '}
            Times are in {timeZone}.
          </DialogDescription>
        </DialogHeader>
        <ScheduleForm timeZone={timeZone} onScheduled={() => setIsOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({ timeZone, onScheduled }: { timeZone: string; onScheduled: () => void }) {
  const [draft, setDraft] = useState<ScheduleDraft>(EMPTY_DRAFT);
  const [channel, setChannel] = useState<DeliveryChannel>('email');
  const [isIncludedInEmail, setIsIncludedInEmail] = useState(false);
  const includeId = useId();
  const [blank, setBlank] = useState<ReadonlySet<DraftField>>(new Set());
  const [serverErrors, setServerErrors] = useState<ScheduleFieldErrors>({});
  const sendAtError = serverErrors.sendAt;
  const { submit, isScheduling, isPrivate } = useScheduleFutureMessage(timeZone);
  const fields = useRef<Partial<Record<DraftField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const today = localDate(new Date(), timeZone);

  const update = (field: DraftField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (blank.has(field)) setBlank((current) => new Set([...current].filter((name) => name !== field)));
    const answered = field === 'date' || field === 'time' ? 'sendAt' : field;
    if (serverErrors[answered]) {
      setServerErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([name]) => name !== answered)),
      );
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isScheduling) return;
    const missing = blankFields(draft);
    if (missing.length > 0) {
      setBlank(new Set(missing));
      toast.error(FUTURE_MESSAGE_MESSAGES.missingFields);
      fields.current[missing[0] as DraftField]?.focus();
      return;
    }
    const sendAt = zonedInstant(draft.date, draft.time, timeZone);
    const problem = sendTimeProblem(sendAt);
    if (problem) {
      setServerErrors({ sendAt: problem });
      fields.current.date?.focus();
      return;
    }
    const outcome = await submit({
      subject: draft.subject,
      message: draft.message,
      sendAt,
      deliveryChannel: channel,
      isIncludedInEmail: isPrivate && channel !== 'in-app' && isIncludedInEmail,
    });
    if (outcome.isScheduled) {
      setDraft(EMPTY_DRAFT);
      setIsIncludedInEmail(false);
      onScheduled();
    } else if (outcome.fieldErrors) {
      setServerErrors(outcome.fieldErrors);
      const first = (['subject', 'message', 'sendAt'] as const).find((name) => outcome.fieldErrors?.[name]);
      fields.current[first === 'sendAt' ? 'date' : (first ?? 'date')]?.focus();
    }
  };

  const blankError = (field: DraftField) => (blank.has(field) ? 'Required' : undefined);
  const fieldError = (field: 'subject' | 'message') => blankError(field) ?? serverErrors[field];

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={isScheduling}>
      <FormField
        label="Subject"
        error={fieldError('subject')}
        hint={counter(draft.subject.length, FUTURE_MESSAGE_LIMITS.subjectMaxChars)}
      >
        {(control) => (
          <Input
            {...control}
            ref={(element) => {
              fields.current.subject = element;
            }}
            value={draft.subject}
            maxLength={FUTURE_MESSAGE_LIMITS.subjectMaxChars}
            onChange={(event) => update('subject', event.target.value)}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField
        label="Message"
        error={fieldError('message')}
        hint={counter(draft.message.length, FUTURE_MESSAGE_LIMITS.messageMaxChars)}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={(element) => {
              fields.current.message = element;
            }}
            value={draft.message}
            maxLength={FUTURE_MESSAGE_LIMITS.messageMaxChars}
            onChange={(event) => update('message', event.target.value)}
            placeholder="Dear future me…"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Date" error={blankError('date') ?? sendAtError}>
          {(control) => (
            <Input
              {...control}
              ref={(element) => {
                fields.current.date = element;
              }}
              type="date"
              min={today}
              value={draft.date}
              onChange={(event) => update('date', event.target.value)}
            />
          )}
        </FormField>
        <FormField label={`Time (${timeZone})`} error={blankError('time')}>
          {(control) => (
            <Input
              {...control}
              aria-invalid={control['aria-invalid'] || Boolean(sendAtError)}
              ref={(element) => {
                fields.current.time = element;
              }}
              type="time"
              value={draft.time}
              onChange={(event) => update('time', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-1.5">
        {/* The group names itself (aria-label); this is its visible caption. */}
        <span aria-hidden="true" className="text-sm font-medium text-foreground">
          Deliver by
        </span>
        <SegmentedControl
          label="Deliver by"
          options={CHANNEL_OPTIONS}
          value={channel}
          onValueChange={setChannel}
          className="self-start"
        />
      </div>
      {isPrivate && channel !== 'in-app' ? (
        // Private mode: the e-mail is a notice without the text unless this one letter's text is given away.
        <div className="flex items-start gap-3">
          <Checkbox
            id={includeId}
            aria-describedby={`${includeId}-hint`}
            className="mt-0.5"
            checked={isIncludedInEmail}
            onChange={(event) => setIsIncludedInEmail(event.target.checked)}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={includeId} className="text-sm font-medium">
              {PRIVATE_LETTER_WORDS.includeInEmail}
            </label>
            <p id={`${includeId}-hint`} className="text-xs text-muted-foreground">
              {PRIVATE_LETTER_WORDS.includeInEmailHint}
            </p>
          </div>
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isScheduling}>
          {isScheduling ? 'Scheduling…' : 'Schedule message'}
        </Button>
      </div>
    </form>
  );
}

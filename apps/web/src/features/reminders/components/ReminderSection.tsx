import {
  describeWeekdays,
  REMINDER_MESSAGES,
  type ReminderSettings,
  WEEKDAY_NAMES,
  WEEKDAYS,
} from '@daybook/shared';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';
import { savePushSubscription, useReminderSettings, useSaveReminderSettings } from '../api.ts';
import { isPushSupported, PushSetupError, subscribeThisBrowser } from '../push.ts';

/** Said when the browser or the server would not let push on; the rest of the form is saved all the same. */
export const PUSH_NOT_TURNED_ON = 'Push notifications could not be turned on';

type Draft = Pick<ReminderSettings, 'enabled' | 'time' | 'weekdays' | 'channels'>;

const draftOf = (settings: ReminderSettings): Draft => ({
  enabled: settings.enabled,
  time: settings.time,
  weekdays: settings.weekdays,
  channels: settings.channels,
});

/** "Tuesday 24 November at 20:00" / "Tuesday, November 24 at 8:00 PM" in the user's zone. */
const nextLabel = (nextAt: string, timeZone: string) =>
  `${formatInstant('weekdayMonthDay', nextAt, timeZone)} at ${formatInstant('time', nextAt, timeZone)}`;

function nextMessage(settings: ReminderSettings): string {
  if (!settings.enabled || !settings.nextAt) return 'Daily reminders are off.';
  return `Next reminder: ${nextLabel(settings.nextAt, settings.timezone)}.`;
}

/** The profile's "Daily reminder" section (ADR 042): when, on which days, and how. */
export default function ReminderSection() {
  const settings = useReminderSettings();
  return (
    <section id="reminders" aria-labelledby="reminders-title" className="scroll-mt-24">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id="reminders-title" className="text-xl font-semibold">
            Daily reminder
          </h2>
          <p className="text-sm text-muted-foreground">
            A gentle nudge to write, at a time and on days you choose. It is not sent on a day you have
            already written.
          </p>
        </div>
        {settings.isPending ? (
          <ReminderSkeleton />
        ) : settings.isError ? (
          <Alert variant="error" role="alert">
            <p>Your reminder settings could not be loaded. {settings.error.message}</p>
            <Button
              size="sm"
              variant="outline"
              className="self-start"
              onClick={() => void settings.refetch()}
            >
              Try again
            </Button>
          </Alert>
        ) : (
          <ReminderForm settings={settings.data} />
        )}
      </Card>
    </section>
  );
}

export function ReminderSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">Loading your reminder…</span>
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-10 w-40" />
      <Skeleton className="h-10 w-full max-w-md" />
    </div>
  );
}

function ReminderForm({ settings }: { settings: ReminderSettings }) {
  const save = useSaveReminderSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string>(settings.enabled ? nextMessage(settings) : '');
  const [isSubscribing, setIsSubscribing] = useState(false);
  const switchId = useId();
  const daysLabelId = useId();
  const channelsLabelId = useId();
  const canPush = settings.push.available && settings.push.publicKey !== null && isPushSupported();

  useEffect(() => setDraft(draftOf(settings)), [settings]);

  const update = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setStatus('');
  };
  const toggleDay = (day: number) =>
    update({
      weekdays: draft.weekdays.includes(day)
        ? draft.weekdays.filter((d) => d !== day)
        : [...draft.weekdays, day].sort((a, b) => a - b),
    });
  const setChannel = (channel: keyof Draft['channels'], value: boolean) =>
    update({ channels: { ...draft.channels, [channel]: value } });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    let channels = { ...draft.channels, push: canPush && draft.channels.push };
    /** Why push could not be turned on, when it could not: said beside the channels once the rest is saved. */
    let pushFailure: string | null = null;
    if (draft.enabled && channels.push && !settings.channels.push && settings.push.publicKey) {
      // Permission is asked on this click, before anything else is awaited.
      setIsSubscribing(true);
      try {
        await savePushSubscription(await subscribeThisBrowser(settings.push.publicKey));
      } catch (error) {
        pushFailure =
          error instanceof PushSetupError || error instanceof ApiRequestError ? error.message : String(error);
        // The other choices (time, days, e-mail, in-app) are still what the person asked for: they are saved,
        // with push left off, rather than lost with it.
        channels = { ...channels, push: false };
        setDraft((current) => ({ ...current, channels: { ...current.channels, push: false } }));
      } finally {
        setIsSubscribing(false);
      }
    }
    if (pushFailure !== null && !channels.email && !channels.inApp) {
      // Push was the only channel: there is nothing left to remind by, so nothing is saved.
      setFields({ channels: `${PUSH_NOT_TURNED_ON}. ${pushFailure}` });
      toast.error(PUSH_NOT_TURNED_ON, { description: pushFailure });
      return;
    }
    save.mutate(
      { ...draft, channels },
      {
        onSuccess: (saved) => {
          setStatus(`Saved. ${nextMessage(saved)}`);
          if (pushFailure === null) {
            toast.success(REMINDER_MESSAGES.saved, { description: nextMessage(saved) });
            return;
          }
          setFields({ channels: `${PUSH_NOT_TURNED_ON}. ${pushFailure}` });
          toast.warning(`${REMINDER_MESSAGES.saved}, without push notifications`, {
            description: `${PUSH_NOT_TURNED_ON}. ${pushFailure}`,
          });
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.fields) setFields(error.fields);
          toast.error('Failed to save your reminder', {
            description: error instanceof ApiRequestError ? error.message : undefined,
          });
        },
      },
    );
  };

  const isBusy = save.isPending || isSubscribing;
  const isOff = !draft.enabled;

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate>
      <div className="flex items-center gap-3">
        <Switch id={switchId} checked={draft.enabled} onCheckedChange={(enabled) => update({ enabled })} />
        <label htmlFor={switchId} className="text-sm font-medium">
          Remind me to write
        </label>
      </div>

      <fieldset disabled={isOff} className="flex flex-col gap-5 disabled:opacity-60">
        <FormField
          label="Time"
          error={fields.time}
          hint={`In your time zone, ${settings.timezone.replaceAll('_', ' ')} (change it under Time zone).`}
          className="max-w-xs"
        >
          {(control) => (
            <Input
              type="time"
              step={60}
              required
              value={draft.time}
              onChange={(event) => update({ time: event.target.value })}
              {...control}
            />
          )}
        </FormField>

        <fieldset className="flex flex-col gap-2">
          <legend id={daysLabelId} className="mb-1 text-sm font-medium">
            Days
          </legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((day) => {
              const isOn = draft.weekdays.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={isOn}
                  aria-label={WEEKDAY_NAMES[day].long}
                  onClick={() => toggleDay(day)}
                  className={cn(
                    'h-10 min-w-12 rounded-lg border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    isOn
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-input bg-card text-foreground hover:bg-muted',
                  )}
                >
                  {WEEKDAY_NAMES[day].short}
                </button>
              );
            })}
          </div>
          <p className="text-sm text-muted-foreground">{describeWeekdays(draft.weekdays)}</p>
          {fields.weekdays ? <p className="text-sm text-destructive">{fields.weekdays}</p> : null}
        </fieldset>

        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={fields.channels ? `${channelsLabelId}-error` : undefined}
        >
          <legend id={channelsLabelId} className="mb-1 text-sm font-medium">
            Remind me by
          </legend>
          <ChannelBox
            label="E-mail"
            hint="with a link to stop reminders in one click"
            checked={draft.channels.email}
            onChange={(value) => setChannel('email', value)}
          />
          <ChannelBox
            label="In-app notification"
            hint="in the bell, on any open tab"
            checked={draft.channels.inApp}
            onChange={(value) => setChannel('inApp', value)}
          />
          {canPush ? (
            <ChannelBox
              label="Push notification"
              hint="on this device, even when Daybook is closed"
              checked={draft.channels.push}
              onChange={(value) => setChannel('push', value)}
            />
          ) : null}
          {fields.channels ? (
            <p id={`${channelsLabelId}-error`} className="text-sm text-destructive">
              {fields.channels}
            </p>
          ) : null}
        </fieldset>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isBusy}>
          {isBusy ? 'Saving…' : 'Save reminder'}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {status}
        </p>
      </div>
    </form>
  );
}

function ChannelBox(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id} className="text-sm">
        {props.label}
        <span id={`${id}-hint`} className="block text-muted-foreground">
          {props.hint}
        </span>
      </label>
    </div>
  );
}

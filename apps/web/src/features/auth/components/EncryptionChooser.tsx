import { PRIVATE_MODE_COPY } from '@daybook/shared';
import { Check } from 'lucide-react';
import { type ComponentProps, useId } from 'react';

export type EncryptionChoice = 'standard' | 'private';

type EncryptionChooserProps = {
  /** The radio inputs' props from the form (`register('encryption')`). */
  radioProps: Omit<ComponentProps<'input'>, 'type' | 'value'>;
  selected: EncryptionChoice;
};

/**
 * Standard (the default) or private mode, one honest line each (ADR 095, the words of ADR 089). Private mode is set
 * up right after the account's first sign-in, so the choice only remembers it (lib/private-keys/registration-choice).
 */
export function EncryptionChooser({ radioProps, selected }: EncryptionChooserProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-3 text-sm font-medium">How your journal is encrypted</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <ChoiceCard
          value="standard"
          name="Standard"
          summary={PRIVATE_MODE_COPY.standardChoice}
          radioProps={radioProps}
          isSelected={selected === 'standard'}
        />
        <ChoiceCard
          value="private"
          name="Private mode"
          summary={PRIVATE_MODE_COPY.privateChoice}
          radioProps={radioProps}
          isSelected={selected === 'private'}
        />
      </div>
    </fieldset>
  );
}

function ChoiceCard({
  value,
  name,
  summary,
  radioProps,
  isSelected,
}: {
  value: EncryptionChoice;
  name: string;
  summary: string;
  radioProps: EncryptionChooserProps['radioProps'];
  isSelected: boolean;
}) {
  const id = useId();
  return (
    <label
      htmlFor={`${id}-radio`}
      className="relative flex cursor-pointer flex-col gap-1.5 rounded-card border bg-card p-4 shadow-xs transition-colors hover:border-muted-foreground/60 has-checked:border-primary has-checked:ring-1 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
    >
      <input
        id={`${id}-radio`}
        type="radio"
        value={value}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-details`}
        className="sr-only"
        {...radioProps}
      />
      <span className="flex items-center justify-between gap-2">
        <span id={`${id}-name`} className="font-semibold">
          {name}
        </span>
        <span
          aria-hidden="true"
          className="flex size-5 items-center justify-center rounded-full border border-input bg-card text-primary-foreground has-[svg]:border-primary has-[svg]:bg-primary"
        >
          {isSelected ? <Check className="size-3.5" /> : null}
        </span>
      </span>
      <span id={`${id}-details`} className="text-sm text-muted-foreground">
        {summary}
      </span>
    </label>
  );
}

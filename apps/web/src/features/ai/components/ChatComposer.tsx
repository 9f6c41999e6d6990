import { AI_LIMITS } from '@daybook/shared';
import { SendHorizontal, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

type ChatComposerProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  isStreaming: boolean;
  isDisabled: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
};

/** The message box: Enter sends, Shift+Enter starts a new line; while a reply streams, Stop ends it. */
export function ChatComposer({
  label,
  value,
  onChange,
  onSend,
  onStop,
  isStreaming,
  isDisabled,
  textareaRef,
}: ChatComposerProps) {
  const hintId = useId();
  const canSend = !isDisabled && !isStreaming && value.trim().length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2">
      <Textarea
        ref={textareaRef}
        aria-label={label}
        aria-describedby={hintId}
        value={value}
        maxLength={AI_LIMITS.chatMessageMaxChars}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        className="min-h-20 resize-y leading-relaxed"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-muted-foreground">
          Enter to send, Shift+Enter for a new line
        </p>
        {isStreaming ? (
          <Button type="button" variant="outline" onClick={onStop}>
            <Square aria-hidden="true" />
            Stop
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend}>
            <SendHorizontal aria-hidden="true" />
            Send
          </Button>
        )}
      </div>
    </form>
  );
}

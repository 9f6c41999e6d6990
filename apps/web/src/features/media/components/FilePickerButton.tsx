import { MEDIA_MIME_TYPES, type MediaKind } from '@daybook/shared';
import { FolderOpen } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';

type FilePickerButtonProps = {
  kind: MediaKind;
  label: string;
  onPick: (file: File) => void;
  disabled?: boolean;
};

/** A button that opens the system file picker, filtered to the types the server stores. */
export function FilePickerButton({ kind, label, onPick, disabled = false }: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again still fires change
    if (file) onPick(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={MEDIA_MIME_TYPES[kind].join(',')}
        onChange={onChange}
        data-media-input={kind}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
      />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
        <FolderOpen aria-hidden="true" />
        {label}
      </Button>
    </>
  );
}

import { AUTH_MESSAGES, AVATAR_MIME_TYPES, avatarFileProblem, type Profile } from '@daybook/shared';
import { ImageUp, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAvatar } from '../api/delete-avatar.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'The picture could not be uploaded. Please try again.';
  if (error.code === 'PAYLOAD_TOO_LARGE') return AUTH_MESSAGES.avatarTooLarge;
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return AUTH_MESSAGES.avatarNotImage;
  return error.message;
}

/** A chosen file and its local preview address, until it is uploaded or dropped. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function AvatarSection({ profile }: { profile: Profile }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const previewUrl = usePreview(chosen);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires change
    if (!file) return;
    const fileProblem = avatarFileProblem(file);
    setProblem(fileProblem);
    setChosen(fileProblem ? null : file);
  };

  const onUpload = () => {
    if (!chosen) return;
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { file: chosen, onProgress: (fraction) => setProgress(fraction * 100) },
      {
        onSuccess: () => {
          setChosen(null);
          toast.success('Profile picture updated');
        },
        onError: (error) => setProblem(uploadErrorMessage(error)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const onRemove = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Profile picture removed'),
      onError: (error) => setProblem(error instanceof ApiRequestError ? error.message : String(error)),
    });
  };

  const isUploading = upload.isPending;
  const name = profile.fullName || 'User';

  return (
    <SettingsSection
      id="avatar"
      title="Profile picture"
      description="A JPEG, PNG, WebP or GIF image of 5 MB or less. It is shown in the account menu."
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="flex flex-col items-center gap-1">
          <Avatar name={name} src={previewUrl ?? profile.avatarUrl} className="size-24 text-2xl" />
          {previewUrl ? <span className="text-xs text-muted-foreground">Preview</span> : null}
        </div>
        <div className="flex flex-1 flex-col gap-3">
          <input
            ref={inputRef}
            type="file"
            accept={AVATAR_MIME_TYPES.join(',')}
            onChange={onChoose}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
          />
          {chosen ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={onUpload} disabled={isUploading}>
                <Upload aria-hidden="true" />
                Upload picture
              </Button>
              <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={isUploading}>
                Choose another
              </Button>
              <Button variant="ghost" onClick={() => setChosen(null)} disabled={isUploading}>
                Discard
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => inputRef.current?.click()}
                aria-describedby={problem ? errorId : undefined}
              >
                <ImageUp aria-hidden="true" />
                {profile.avatarUrl ? 'Change picture' : 'Choose picture'}
              </Button>
              {profile.avatarUrl ? (
                <Button variant="ghost" onClick={onRemove} disabled={remove.isPending}>
                  <Trash2 aria-hidden="true" />
                  Remove picture
                </Button>
              ) : null}
            </div>
          )}
          {progress !== null ? (
            <div className="flex flex-col gap-1">
              <ProgressBar label="Upload progress" value={progress} />
              <span className="text-xs text-muted-foreground" aria-hidden="true">
                Uploading… {Math.round(progress)}%
              </span>
            </div>
          ) : null}
          {problem ? (
            <Alert variant="error" role="alert" id={errorId}>
              <p>{problem}</p>
            </Alert>
          ) : null}
        </div>
      </div>
    </SettingsSection>
  );
}

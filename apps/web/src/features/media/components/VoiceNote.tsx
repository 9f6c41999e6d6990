import { MEDIA_MESSAGES, PRIVATE_MODE_NOTICES } from '@daybook/shared';
import { Maximize2, Pause, Play } from 'lucide-react';
import { type ChangeEvent, type SyntheticEvent, useRef, useState } from 'react';
import { useIsNearScreen } from '../../../components/ui/when-near-screen.tsx';
import { cn } from '../../../lib/cn.ts';
import { readRealDuration } from '../../../lib/media/media-element.ts';
import { useKeepOpened, useMediaLink } from '../hooks/use-media-link.ts';
import type { MediaItem } from '../media-item.ts';
import { clipLength, clipPosition } from './clip-length.ts';
import { VOICE_NOTE_CLASS } from './media-frame.tsx';

export const VOICE_NOTE_COPY = {
  title: 'Voice note',
  play: 'Play voice note',
  pause: 'Pause voice note',
  seek: 'Position in voice note',
  open: 'Open voice note',
} as const;

type VoiceNoteProps = {
  item: MediaItem;
  /** Opens the Media Viewer (date, caption, download); the note pauses here first. */
  onOpen: () => void;
  /** Called when the person points at or focuses the open button: the viewer's code can start loading. */
  onWarm?: () => void;
  className?: string | undefined;
};

/**
 * A voice note on its card (ADR 086): a play button that plays it right here, its length before it is played
 * ("0:07", then "0:03 / 0:07"), a bar to follow and move through it (a real slider: arrows, Home, End), and a
 * button that opens the viewer. The player reads only the file's header until it is played. A note played is
 * kept for listening offline, and offline it plays from there (ADR 093).
 */
export function VoiceNote({ item, onOpen, onWarm, className }: VoiceNoteProps) {
  // Asked for near the screen: a note sealed under the account key is downloaded whole to be opened (ADR 096).
  const { ref, isNear } = useIsNearScreen<HTMLDivElement>();
  const url = useMediaLink(item.urlPath, isNear);
  const keepOpened = useKeepOpened();
  const audio = useRef<HTMLAudioElement>(null);
  const [length, setLength] = useState<number | null>(null);
  const [position, setPosition] = useState(0);
  const [isPlaying, setIsPlaying] = useState(false);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = url.data?.url;
  const isUnavailable = url.isError || (src !== undefined && failedUrl === src);

  const onLoadedMetadata = async (event: SyntheticEvent<HTMLAudioElement>) => {
    const seconds = await readRealDuration(event.currentTarget);
    if (Number.isFinite(seconds)) setLength(seconds);
  };
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    // A refused play (the file cannot be decoded) shows through the element's error event.
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  const seek = (event: ChangeEvent<HTMLInputElement>) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = Number(event.target.value);
    setPosition(element.currentTime);
  };
  const open = () => {
    audio.current?.pause();
    onOpen();
  };

  const hasStarted = isPlaying || position > 0;
  const progress = length ? Math.min(100, (position / length) * 100) : 0;
  return (
    <div ref={ref} className={cn(VOICE_NOTE_CLASS, className)}>
      <button
        type="button"
        aria-label={isPlaying ? VOICE_NOTE_COPY.pause : VOICE_NOTE_COPY.play}
        onClick={toggle}
        disabled={src === undefined || isUnavailable}
        className="grid size-11 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover disabled:opacity-60"
      >
        {isPlaying ? (
          <Pause aria-hidden="true" className="size-5" fill="currentColor" />
        ) : (
          <Play aria-hidden="true" className="size-5 translate-x-px" fill="currentColor" />
        )}
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="truncate font-medium">{item.label ?? VOICE_NOTE_COPY.title}</span>
          {isUnavailable ? (
            // Offline, each note not kept here says it quietly: the list's one notice has said why (ADR 084).
            <span role={url.isOffline ? undefined : 'alert'} className="text-muted-foreground">
              {url.isLocked ? PRIVATE_MODE_NOTICES.mediaLocked : MEDIA_MESSAGES.unavailable}
            </span>
          ) : length !== null ? (
            <span data-testid="voice-note-time" className="text-muted-foreground tabular-nums">
              {hasStarted ? `${clipPosition(position)} / ${clipLength(length)}` : clipLength(length)}
            </span>
          ) : (
            <span aria-hidden="true" className="h-3.5 w-9 rounded bg-muted motion-safe:animate-pulse" />
          )}
        </div>
        <div className="relative flex h-4 items-center rounded-full has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:focus-visible]:outline-offset-2">
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-border">
            <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
          </div>
          <input
            type="range"
            aria-label={VOICE_NOTE_COPY.seek}
            aria-valuetext={
              length === null ? undefined : `${clipPosition(position)} of ${clipLength(length)}`
            }
            min={0}
            max={length ?? 0}
            step="any"
            value={position}
            onChange={seek}
            disabled={length === null || isUnavailable}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0 focus-visible:outline-none disabled:cursor-default"
          />
        </div>
      </div>
      <button
        type="button"
        aria-label={VOICE_NOTE_COPY.open}
        title={VOICE_NOTE_COPY.open}
        aria-haspopup="dialog"
        onClick={open}
        onPointerEnter={onWarm}
        onFocus={onWarm}
        className="grid size-9 shrink-0 place-items-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
      >
        <Maximize2 aria-hidden="true" className="size-4" />
      </button>
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: a personal voice note has no captions to offer.
        <audio
          ref={audio}
          src={src}
          preload="metadata"
          onLoadedMetadata={onLoadedMetadata}
          onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
          onPlay={() => {
            setIsPlaying(true);
            keepOpened([{ path: item.urlPath, link: url }]);
          }}
          onPause={() => setIsPlaying(false)}
          onEnded={(event) => {
            setIsPlaying(false);
            event.currentTarget.currentTime = 0;
            setPosition(0);
          }}
          onError={() => setFailedUrl(src)}
          className="hidden"
        />
      ) : null}
    </div>
  );
}

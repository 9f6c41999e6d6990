import { ENTRY_LIMITS, markdownToPlainText, matchRuns, splitHashtags } from '@daybook/shared';
import { Clock, Lock, Pencil, Share2 } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MarkdownText } from '../../../components/ui/markdown-text.tsx';
import { focusUnlockPrompt } from '../../../lib/private-keys/unlock-target.ts';
import type { DecryptedEntry } from '../api/get-entries.ts';
import { entryClock, entryLabel } from '../format.ts';
import { useEditWindow } from '../hooks/use-edit-window.ts';
import { DeleteEntryDialog } from './DeleteEntryDialog.tsx';
import { EntryEditForm } from './EntryEditForm.tsx';
import { MoodPill } from './MoodPill.tsx';

type EntryCardProps = {
  entry: DecryptedEntry;
  /** The account's zone: the entry is told in its own, named when it reads otherwise (ADR 066). */
  accountZone: string;
  /** Called after the entry is deleted, to put focus somewhere that still exists. */
  onDeleted: () => void;
  /** Given, the hashtags in the text become buttons that choose that theme. */
  onThemeSelect?: ((theme: string) => void) | undefined;
  /** The words searched for, marked where they occur in the text. */
  highlight?: string | undefined;
  /** Renders the attached media of an entry that has some (the media feature's preview, given by app/). */
  renderMedia?: EntryMediaRenderer | undefined;
  /** Renders the entry's share action (the sharing feature's button, given by app/). */
  renderShare?: EntryShareRenderer | undefined;
};

/**
 * How a list shows an entry's attachments; called only for entries that have some, with the account's zone, in
 * which an entry from before zones were kept is told (ADR 066).
 */
export type EntryMediaRenderer = (entry: DecryptedEntry, accountZone: string) => ReactNode;

/** How a list offers sharing an entry; shown on the card before and after the 12-hour edit window. */
export type EntryShareRenderer = (entry: DecryptedEntry) => ReactNode;

/**
 * One entry of the list (docs/product/entries.md#entries-list): mood, time and badges, the text (cut at 200 characters), its media, the share
 * action, and within 12 hours of writing it, Edit (in place) and Delete. After those 12 hours only the share
 * action remains, and Delete on an imported entry (ADR 068).
 */
export function EntryCard({
  entry,
  accountZone,
  onDeleted,
  onThemeSelect,
  highlight,
  renderMedia,
  renderShare,
}: EntryCardProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  // An imported entry can be deleted at any time (ADR 068): the window's end does not close its dialog.
  const editWindow = useEditWindow(
    entry.createdAt,
    entry.isImported ? undefined : () => setIsDeleteOpen(false),
  );
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  // Text that cannot be read cannot be edited; it can still be deleted.
  const canEdit = !entry.isDecryptionFailed;
  // An imported entry may carry only further attachments (PDFs) and no attachment of its own (ADR 088).
  const hasMedia = entry.contentType !== 'text' || entry.attachments.length > 0;
  const media = hasMedia ? renderMedia?.(entry, accountZone) : null;
  const shareAction = renderShare?.(entry) ?? null;
  const isEditShown = editWindow.isEditable && !isEditing;
  const isDeleteShown = (editWindow.isEditable || entry.isImported) && !isEditing;

  const isFocusOwed = useRef(false);

  const closeEditor = () => {
    isFocusOwed.current = true;
    setIsEditing(false);
  };

  // Once the form is gone, focus returns to the button that opened it (or to the card, once expired).
  useEffect(() => {
    if (isEditing || !isFocusOwed.current) return;
    isFocusOwed.current = false;
    (editButtonRef.current ?? articleRef.current)?.focus();
  }, [isEditing]);

  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      aria-label={entryLabel(entry, accountZone)}
      // The browser lays out and paints a card only once it nears the screen: a page of them below the fold
      // costs the first load nothing (ADR 051).
      className="flex flex-col gap-3 rounded-card border bg-card p-4 text-card-foreground shadow-sm [contain-intrinsic-size:auto_11rem] [content-visibility:auto] sm:p-5"
    >
      <header className="flex flex-wrap items-center gap-2">
        <MoodPill moodTag={entry.moodTag} />
        <time dateTime={entry.createdAt} className="text-sm text-muted-foreground">
          {entryClock(entry, accountZone)}
        </time>
        {entry.isShared ? (
          <Badge variant="tint">
            <Share2 aria-hidden="true" />
            Shared
          </Badge>
        ) : null}
        {editWindow.badge ? (
          <Badge
            variant={editWindow.badge.isWarning ? 'warning' : 'neutral'}
            data-warning={editWindow.badge.isWarning || undefined}
            className="ml-auto"
          >
            <Clock aria-hidden="true" />
            {editWindow.badge.label}
          </Badge>
        ) : null}
      </header>

      {isEditing ? (
        <EntryEditForm
          entryId={entry.id}
          initialText={entry.text}
          initialMood={entry.moodTag}
          hasMedia={entry.contentType !== 'text'}
          onSaved={closeEditor}
          onCancel={closeEditor}
        />
      ) : (
        <EntryText
          text={entry.text}
          isDecryptionFailed={entry.isDecryptionFailed}
          isLocked={entry.isLocked === true}
          onThemeSelect={onThemeSelect}
          highlight={highlight}
        />
      )}

      {media ? <div className="flex flex-col gap-2">{media}</div> : null}

      {!isEditing && (isDeleteShown || shareAction) ? (
        <footer className="flex flex-wrap justify-end gap-1 border-t pt-2">
          {shareAction}
          {isEditShown && canEdit ? (
            <Button ref={editButtonRef} variant="ghost" size="sm" onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null}
          {isDeleteShown ? (
            <DeleteEntryDialog
              entryId={entry.id}
              open={isDeleteOpen}
              onOpenChange={setIsDeleteOpen}
              onDeleted={onDeleted}
            />
          ) : null}
        </footer>
      ) : null}
    </article>
  );
}

function EntryText({
  text,
  isDecryptionFailed,
  isLocked,
  onThemeSelect,
  highlight,
}: {
  text: string;
  isDecryptionFailed: boolean;
  isLocked: boolean;
  onThemeSelect: ((theme: string) => void) | undefined;
  highlight: string | undefined;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  const textId = useId();
  if (isLocked) return <LockedNotice text={text} />;
  if (isDecryptionFailed) {
    return <p className="text-sm text-muted-foreground italic">{text}</p>;
  }
  // docs/product/entries.md#entries-list: over 200 characters as read (not counting Markdown's markup) the text is cut with "...", and
  // "Read more" shows the rest.
  const isTruncated = markdownToPlainText(text).length > ENTRY_LIMITS.truncateAt;
  return (
    <div className="flex flex-col items-start gap-1">
      <MarkdownText
        id={textId}
        text={text}
        maxChars={isTruncated && !isExpanded ? ENTRY_LIMITS.truncateAt : undefined}
        renderText={
          onThemeSelect || highlight
            ? (shown) => (
                <TextWithHashtags text={shown} onThemeSelect={onThemeSelect} highlight={highlight ?? ''} />
              )
            : undefined
        }
        headingLevel={4}
        className="self-stretch"
      />
      {isTruncated ? (
        <Button
          variant="link"
          size="sm"
          aria-expanded={isExpanded}
          aria-controls={textId}
          onClick={() => setIsExpanded((value) => !value)}
        >
          {isExpanded ? 'Show less' : 'Read more'}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The text with each #tag a button that shows the entries about it (docs/design.md#design-open-values: themes are hashtags), when themes
 * can be chosen, and the searched words marked.
 */
function TextWithHashtags({
  text,
  onThemeSelect,
  highlight,
}: {
  text: string;
  onThemeSelect: ((theme: string) => void) | undefined;
  highlight: string;
}) {
  return splitHashtags(text).map((segment, index) => {
    const { tag } = segment;
    return tag && onThemeSelect ? (
      <button
        // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text, in a fixed order.
        key={index}
        type="button"
        title={`Show entries about ${tag}`}
        onClick={() => onThemeSelect(tag)}
        className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <Highlighted text={segment.text} query={highlight} />
      </button>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text, in a fixed order.
      <Fragment key={index}>
        <Highlighted text={segment.text} query={highlight} />
      </Fragment>
    );
  });
}

/** The words a search found, marked (a screen reader hears the text as written). */
function Highlighted({ text, query }: { text: string; query: string }) {
  return matchRuns(text, query).map((run, index) =>
    run.isMatch ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs of one text, in a fixed order.
      <mark key={index} className="rounded-sm bg-highlight px-0.5 text-highlight-foreground">
        {run.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs of one text, in a fixed order.
      <Fragment key={index}>{run.text}</Fragment>
    ),
  );
}

/**
 * A private entry while this browser session holds no key (ADR 094): its notice, and a link to the unlock prompt at
 * the top of the page (ADR 095), or to the profile's private mode section where there is none.
 */
function LockedNotice({ text }: { text: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      <Lock aria-hidden="true" className="mr-1.5 inline size-3.5 align-[-2px]" />
      <span className="italic">{text}</span>{' '}
      <Link
        to="/profile#private-mode"
        className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
        onClick={(event) => {
          if (focusUnlockPrompt()) event.preventDefault();
        }}
      >
        Unlock
      </Link>
    </p>
  );
}

import type { EntryAttachment } from '@daybook/shared';
import { Download, FileText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useMediaUrl } from '../api/get-media-url.ts';
import { type EntryContentType, isMediaKind } from '../media-kind.ts';
import { EntryMediaPreview } from './EntryMediaPreview.tsx';

/** How many tiles a card shows before "+N": three attachments and the tile that counts the rest. */
export const GALLERY_TILES = 4;

/** What the text's marks and the gallery call each kind (ADR 088): "Photo 2", "PDF 3". */
const NAMES = { image: 'Photo', audio: 'Audio', video: 'Video', pdf: 'PDF' } as const;

type GalleryItem = {
  attachmentId?: string | undefined;
  contentType: EntryAttachment['contentType'];
  hasThumbnail: boolean;
  number: number;
};

export type EntryAttachmentGalleryProps = {
  entryId: string;
  /** The entry's own attachment (`contentType`, 'text' when it has none) and its further ones, in order. */
  contentType: EntryContentType;
  hasThumbnail: boolean;
  attachments: readonly EntryAttachment[];
  /** The entry's day, for a downloaded PDF's file name. */
  entryDate: string;
};

/**
 * A PDF an imported entry carries, as a file chip that downloads it (ADR 088): no preview is drawn, a document is
 * the person's to open with their own reader. Its signed link is asked for with the card; until it arrives, or
 * when it cannot be had (offline, ADR 084), the chip says so and does nothing.
 */
function PdfChip({ entryId, item, entryDate }: { entryId: string; item: GalleryItem; entryDate: string }) {
  const url = useMediaUrl(entryId, true, item.attachmentId);
  const name = `${NAMES.pdf} ${item.number}`;
  const chip =
    'inline-flex items-center gap-2 rounded-lg border bg-card py-1 pr-3 pl-1 text-sm font-medium whitespace-nowrap [&_svg]:ml-1.5 [&_svg]:size-4 [&_svg]:text-muted-foreground';
  if (!url.isSuccess) {
    return (
      <span className={cn(chip, 'text-muted-foreground')} aria-busy={url.isPending || undefined}>
        <FileText aria-hidden="true" />
        {name}
        <span className="sr-only">{url.isPending ? ', loading' : ', unavailable right now'}</span>
      </span>
    );
  }
  return (
    <a
      href={url.data.url}
      download={`daybook-${entryDate}-${item.number}.pdf`}
      aria-label={`Download ${name}`}
      className={cn(chip, 'text-foreground transition-colors hover:bg-muted')}
    >
      <FileText aria-hidden="true" />
      {name}
      <Download aria-hidden="true" />
    </a>
  );
}

/**
 * An imported entry's attachments as a compact gallery (ADR 088): a grid of the existing single-media previews
 * (each opens the Media Viewer), PDFs as download chips, each named as the text's marks name it ("Photo 2").
 * Past GALLERY_TILES, the last tile says "+N" and shows the rest; "Show fewer" folds them again.
 */
export function EntryAttachmentGallery({
  entryId,
  contentType,
  hasThumbnail,
  attachments,
  entryDate,
}: EntryAttachmentGalleryProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const hasToggled = useRef(false);
  // The button pressed goes away: focus moves to the first attachment it revealed, or back to "+N" once folded.
  useEffect(() => {
    if (!hasToggled.current) return;
    if (!isExpanded) return moreRef.current?.focus();
    const revealed = listRef.current?.children[GALLERY_TILES - 1];
    revealed?.querySelector<HTMLElement>('a, button, [tabindex]')?.focus();
  }, [isExpanded]);
  const toggle = (value: boolean) => {
    hasToggled.current = true;
    setIsExpanded(value);
  };
  const items: GalleryItem[] = [
    ...(isMediaKind(contentType) ? [{ contentType, hasThumbnail, number: 1 }] : []),
    ...attachments.map((attachment) => ({ ...attachment, attachmentId: attachment.id })),
  ];
  const isFolded = items.length > GALLERY_TILES && !isExpanded;
  const shown = isFolded ? items.slice(0, GALLERY_TILES - 1) : items;
  const more = items.length - shown.length;
  return (
    <div className="flex w-full flex-col items-start gap-1">
      <ul
        ref={listRef}
        id={listId}
        aria-label={`${items.length} ${items.length === 1 ? 'attachment' : 'attachments'}`}
        className="flex flex-wrap items-center gap-2"
      >
        {shown.map((item) => (
          <li key={item.attachmentId ?? 'first'} className="flex">
            {item.contentType === 'pdf' ? (
              <PdfChip entryId={entryId} item={item} entryDate={entryDate} />
            ) : (
              <EntryMediaPreview
                entryId={entryId}
                attachmentId={item.attachmentId}
                contentType={item.contentType}
                hasThumbnail={item.hasThumbnail}
                label={`${NAMES[item.contentType]} ${item.number}`}
                viewerTitle={`${NAMES[item.contentType]} ${item.number} of ${items.length}`}
              />
            )}
          </li>
        ))}
        {isFolded ? (
          <li className="flex">
            <button
              ref={moreRef}
              type="button"
              aria-expanded={false}
              aria-controls={listId}
              aria-label={`Show ${more} more attachments`}
              onClick={() => toggle(true)}
              className="flex size-[6.25rem] items-center justify-center rounded-lg border bg-muted text-lg font-semibold text-foreground transition-colors hover:border-primary/60"
            >
              +{more}
            </button>
          </li>
        ) : null}
      </ul>
      {isExpanded ? (
        <button
          type="button"
          aria-expanded={true}
          aria-controls={listId}
          onClick={() => toggle(false)}
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Show fewer
        </button>
      ) : null}
    </div>
  );
}

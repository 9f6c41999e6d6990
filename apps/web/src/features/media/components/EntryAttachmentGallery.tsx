import type { EntryAttachment } from '@daybook/shared';
import { Download, FileText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useMediaUrl } from '../api/get-media-url.ts';
import {
  attachmentMediaItem,
  attachmentPath,
  type EntryMediaPreviewProps,
  entryMediaContext,
  entryMediaItem,
  type MediaItem,
} from '../media-item.ts';
import { isMediaKind } from '../media-kind.ts';
import { MediaItemPreview } from './MediaItemPreview.tsx';

/** How many tiles a card shows before "+N": three attachments and the tile that counts the rest. */
export const GALLERY_TILES = 4;

/** What the text's marks and the gallery call each kind (ADR 088): "Photo 2", "PDF 3". */
const NAMES = { image: 'Photo', audio: 'Audio', video: 'Video', pdf: 'PDF' } as const;

/** One tile: a PDF's chip, or an attachment shown as the media feature shows any (`MediaItemPreview`). */
type GalleryItem =
  | { kind: 'pdf'; attachment: EntryAttachment }
  | { kind: 'media'; item: MediaItem; number: number; contentType: keyof typeof NAMES };

export type EntryAttachmentGalleryProps = EntryMediaPreviewProps & {
  entry: EntryMediaPreviewProps['entry'] & {
    /** The further attachments, in order, after the entry's own (`contentType`, 'text' when it has none). */
    attachments: readonly EntryAttachment[];
    entryDate: string;
  };
};

/**
 * A PDF an imported entry carries, as a file chip that downloads it (ADR 088): no preview is drawn, a document is
 * the person's to open with their own reader. Its signed link is asked for with the card; until it arrives, or
 * when it cannot be had (offline, ADR 084), the chip says so and does nothing.
 */
function PdfChip({
  entryId,
  attachment,
  entryDate,
}: {
  entryId: string;
  attachment: EntryAttachment;
  entryDate: string;
}) {
  const url = useMediaUrl(attachmentPath(entryId, attachment.id, 'media-url'));
  const name = `${NAMES.pdf} ${attachment.number}`;
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
      download={`daybook-${entryDate}-${attachment.number}.pdf`}
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
 * An imported entry's attachments as a gallery (ADR 088, ADR 086): two memories a row, each shown and opened as
 * the media feature shows any attachment, the first across the card; PDFs as download chips below; each named as
 * the text's marks name it ("Photo 2"). Past GALLERY_TILES, the last tile says "+N" and shows the rest; "Show
 * fewer" folds them again.
 */
export function EntryAttachmentGallery({ entry, accountZone }: EntryAttachmentGalleryProps) {
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
  const context = entryMediaContext(entry, accountZone);
  const own: GalleryItem[] = isMediaKind(entry.contentType)
    ? [
        {
          kind: 'media',
          item: { ...entryMediaItem(entry, accountZone), label: `${NAMES[entry.contentType]} 1` },
          number: 1,
          contentType: entry.contentType,
        },
      ]
    : [];
  const further = entry.attachments.map(
    (attachment): GalleryItem =>
      attachment.contentType === 'pdf'
        ? { kind: 'pdf', attachment }
        : {
            kind: 'media',
            item: {
              ...attachmentMediaItem(entry, attachment, accountZone),
              label: `${NAMES[attachment.contentType]} ${attachment.number}`,
            },
            number: attachment.number,
            contentType: attachment.contentType,
          },
  );
  // Memories first, documents after them: a chip between two photos would break the grid's rows.
  const items = [
    ...own,
    ...further.filter((item) => item.kind === 'media'),
    ...further.filter((item) => item.kind === 'pdf'),
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
        className="grid w-full grid-cols-2 items-start gap-2"
      >
        {shown.map((tile, index) =>
          tile.kind === 'pdf' ? (
            <li key={tile.attachment.id} className="col-span-2 flex">
              <PdfChip entryId={entry.id} attachment={tile.attachment} entryDate={entry.entryDate} />
            </li>
          ) : (
            <li key={tile.item.key} className={cn('flex min-w-0', index === 0 && 'col-span-2')}>
              <MediaItemPreview
                item={tile.item}
                context={context}
                viewerTitle={`${NAMES[tile.contentType]} ${tile.number} of ${items.length}`}
                className="w-full"
              />
            </li>
          ),
        )}
        {isFolded ? (
          <li className="flex">
            <button
              ref={moreRef}
              type="button"
              aria-expanded={false}
              aria-controls={listId}
              aria-label={`Show ${more} more attachments`}
              onClick={() => toggle(true)}
              className="flex aspect-square w-full items-center justify-center rounded-lg border bg-muted text-lg font-semibold text-foreground transition-colors hover:border-primary/60"
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

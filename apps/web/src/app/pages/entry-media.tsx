import type { EntryMediaRenderer } from '../../features/entries/components/EntryCard.tsx';
import { CARD_LAYER_ATTRIBUTE } from '../../features/entries/components/MoodPicker.tsx';
import {
  QuickEntryCard,
  type QuickEntryCardProps,
} from '../../features/entries/components/QuickEntryCard.tsx';
import {
  AttachMediaButton,
  EntryAttachmentGallery,
  EntryMediaPreview,
  useMediaAttachment,
} from '../../features/media/index.ts';
import { renderAiAssist } from './entry-assist.tsx';

/**
 * The quick entry card with the media feature's "Attach media" in its slot: the attachment lives here, the
 * card creates the entry with its draft and clears it after a save or a reset. The attach panel carries the
 * card's layer attribute, so that moving into it does not fold the card away. "AI Assist" comes from the ai
 * feature.
 */
export function QuickEntryCardWithMedia(props: Omit<QuickEntryCardProps, 'media'>) {
  const media = useMediaAttachment();
  return (
    <QuickEntryCard
      {...props}
      assist={renderAiAssist}
      media={{
        control: <AttachMediaButton {...media.controlProps} layerAttribute={CARD_LAYER_ATTRIBUTE} />,
        draftId: media.mediaDraftId,
        isBusy: media.isBusy,
        clear: media.clear,
      }}
    />
  );
}

/**
 * An entry's attachment in a list, as a memory: a photo at the card's width, a voice note with its length and
 * play button, a video as its poster; each opens the Media Viewer with the entry's date and first line. An
 * imported entry with several attachments shows them all as a small gallery (ADR 088).
 */
export const renderEntryMedia: EntryMediaRenderer = (entry, accountZone) =>
  entry.attachments.length > 0 ? (
    <EntryAttachmentGallery entry={entry} accountZone={accountZone} />
  ) : (
    <EntryMediaPreview entry={entry} accountZone={accountZone} />
  );

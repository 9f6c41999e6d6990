import ImportedEntryPage from '../../features/entries/pages/ImportedEntryPage.tsx';
import { renderEntryMedia } from './entry-media.tsx';

/** /entry/:source/:ref: the entries feature's linked-entry page with the media feature's gallery (ADR 088). */
export default function ImportedEntryRoute() {
  return <ImportedEntryPage renderMedia={renderEntryMedia} />;
}

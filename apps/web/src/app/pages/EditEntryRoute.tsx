import EditEntryPage from '../../features/entries/pages/EditEntryPage.tsx';
import { renderAiAssist } from './entry-assist.tsx';

/** /edit-entry/:id: the entries feature's edit page with the ai feature's "AI Assist" beside the text. */
export default function EditEntryRoute() {
  return <EditEntryPage assist={renderAiAssist} />;
}

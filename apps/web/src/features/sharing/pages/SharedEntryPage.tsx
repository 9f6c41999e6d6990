import { useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useShareLink } from '../received/api.ts';
import { ShareViewContent } from '../received/components/ShareViewContent.tsx';

/**
 * /share/{token}: the public view of a share, signed in or not. No thank-you or report here (docs/product/sharing.md#sharing-viewer): those
 * are for a recipient in the app.
 */
export default function SharedEntryPage() {
  useDocumentTitle('Shared Entry');
  const { token = '' } = useParams();
  const query = useShareLink(token);

  return (
    <div className="page-container py-10 sm:py-14">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <h1 className="text-3xl font-semibold sm:text-4xl">Shared Entry</h1>
        <Card className="p-6">
          <ShareViewContent query={query} />
        </Card>
      </div>
    </div>
  );
}

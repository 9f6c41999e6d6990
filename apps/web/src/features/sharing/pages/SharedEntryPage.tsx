import { ArrowRight } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { useSession } from '../../../lib/session/get-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useShareLink } from '../received/api.ts';
import { ShareViewContent } from '../received/components/ShareViewContent.tsx';

/** What a visitor who opened someone's entry is told about Daybook: one line and the landing page, no more. */
export const SHARE_PAGE_INVITATION = 'Shared from Daybook, a private journal for a few honest lines a day.';

/**
 * /share/{token}: the public view of a share, signed in or not. No thank-you or report here (docs/product/sharing.md#sharing-report): those
 * are for a recipient in the app. The entry is centred at a reading width, and a visitor (not a signed-in
 * person, who has Daybook already) gets a quiet line about Daybook under it (ADR 087).
 */
export default function SharedEntryPage() {
  useDocumentTitle('Shared Entry');
  const { token = '' } = useParams();
  const query = useShareLink(token);
  const session = useSession();
  const isVisitor = !session.isPending && !session.user;

  return (
    <div className="page-container py-10 sm:py-16 lg:py-20">
      <div className="mx-auto flex w-full max-w-[40rem] flex-col gap-6 sm:gap-8">
        <h1 className="text-center text-3xl font-semibold sm:text-4xl">Shared Entry</h1>
        <Card className="p-5 sm:p-10">
          <ShareViewContent query={query} textClassName="text-lg leading-8" />
        </Card>
        {isVisitor ? (
          <p className="text-center text-sm text-muted-foreground">
            {SHARE_PAGE_INVITATION}{' '}
            <Link
              to="/"
              className="inline-flex items-center gap-1 rounded-sm font-medium text-foreground underline decoration-1 underline-offset-4 hover:decoration-2"
            >
              See how it works
              <ArrowRight aria-hidden="true" className="size-3.5" />
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PricingBlock } from '../components/PricingBlock.tsx';
import { PricingFaq } from '../components/PricingFaq.tsx';

export default function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <div className="page-container flex flex-col gap-16 py-16 sm:py-20">
      <div className="flex flex-col gap-10">
        <div className="mx-auto flex max-w-2xl flex-col gap-3 text-center">
          <h1 className="text-4xl font-semibold sm:text-5xl">Pricing</h1>
          <p className="text-lg text-muted-foreground">
            One free plan to build the habit, one paid plan for everything else. Cancel Premium whenever you
            like.
          </p>
        </div>
        <PricingBlock planHeading="h2" />
      </div>
      <PricingFaq />
    </div>
  );
}

import { Island } from '../../../components/ui/island.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ClosingCta } from '../components/ClosingCta.tsx';
import { FeaturesSection } from '../components/FeaturesSection.tsx';
import { Hero } from '../components/Hero.tsx';
import { PricingBlock } from '../components/PricingBlock.tsx';

export default function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <FeaturesSection />
      <section id="pricing" aria-labelledby="pricing-title" className="page-container py-16 sm:py-24">
        <div className="mx-auto mb-10 flex max-w-2xl flex-col gap-3 text-center">
          <h2 id="pricing-title" className="text-3xl font-semibold sm:text-4xl">
            Simple, honest pricing
          </h2>
          <p className="text-lg text-muted-foreground">
            Start free. Upgrade when you want more room, more media and more insight.
          </p>
        </div>
        <Island name="pricing">
          <PricingBlock />
        </Island>
      </section>
      <ClosingCta />
    </>
  );
}

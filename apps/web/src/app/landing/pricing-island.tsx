import { PricingBlock } from '../../features/marketing/components/PricingBlock.tsx';
import { IslandProviders } from '../prerendered/providers.tsx';

/**
 * The landing page's plan chooser, live: prices from the API (or this browser's cache of them) and the
 * monthly/annual switch. It brings TanStack Query and zod, so it loads as the section nears the view (ADR 045).
 */
export function PricingIsland() {
  return (
    <IslandProviders>
      <PricingBlock />
    </IslandProviders>
  );
}

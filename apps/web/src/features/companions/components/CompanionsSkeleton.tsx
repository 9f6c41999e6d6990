import { CompanionCardSkeleton } from './CompanionCard.tsx';

/** Stands in for the companions while their code loads (they are lazy, ADR 020). */
export function CompanionsSkeleton() {
  return (
    <>
      <CompanionCardSkeleton label="Loading your streak" lines={4} />
      <CompanionCardSkeleton label="Loading your moods" />
    </>
  );
}

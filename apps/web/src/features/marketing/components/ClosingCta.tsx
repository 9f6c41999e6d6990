import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-title" className="page-container py-16 sm:py-24">
      <div className="flex flex-col items-center gap-5 rounded-card bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
        <h2 id="closing-title" className="text-3xl font-semibold sm:text-4xl">
          Your first entry takes a minute
        </h2>
        <p className="max-w-xl text-primary-foreground/85">
          Start with three entries a day on the free plan. Upgrade when you want voice, video and a coach.
        </p>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-transparent bg-background text-foreground hover:bg-muted"
        >
          <Link to="/register">Create your free account</Link>
        </Button>
      </div>
    </section>
  );
}

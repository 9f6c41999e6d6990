import { ArrowRight, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="page-container grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.1fr_0.9fr]"
    >
      <div className="flex flex-col items-start gap-6">
        <p className="inline-flex items-center gap-2 rounded-full bg-tint px-3 py-1 text-sm font-medium text-tint-foreground">
          <Lock aria-hidden="true" className="size-3.5" />
          Encrypted in your browser
        </p>
        <h1 id="hero-title" className="text-4xl font-semibold sm:text-5xl lg:text-6xl">
          A private journal that stays private
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Write about your day, tag how you feel, add a photo or a voice note, and look back on it all. The
          words of every entry are encrypted in your browser before they are stored, so a copy of the database
          alone cannot read them.{' '}
          <Link
            to="/privacy#when-the-server-reads"
            className="underline underline-offset-4 hover:text-foreground"
          >
            What the server can read
          </Link>
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to="/register">
              Get Started
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={{ hash: '#features' }}>See Features</Link>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">Free to start. No card needed.</p>
      </div>
      <JournalPreview />
    </section>
  );
}

/** A decorative sample entry: shows the product's feel without a screenshot to keep current. */
function JournalPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute inset-0 translate-y-3 scale-95 rotate-2 rounded-card bg-tint sm:translate-x-3 sm:scale-100" />
      <div className="relative flex flex-col gap-4 rounded-card border bg-card p-6 shadow-lg sm:p-8">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="font-medium text-muted-foreground">Sunday evening</span>
          <span className="rounded-full bg-highlight px-2.5 py-0.5 text-xs font-semibold text-highlight-foreground">
            Grateful
          </span>
        </div>
        <p className="font-serif text-xl font-semibold">A slow walk by the river</p>
        <div className="flex flex-col gap-2 font-serif text-muted-foreground">
          <p>
            Left my phone at home and noticed the light on the water for the first time in weeks. I want more
            afternoons like this one.
          </p>
        </div>
        <div className="flex items-center justify-between border-t pt-4 text-xs text-muted-foreground">
          <span>#walks #slowing-down</span>
          <span className="inline-flex items-center gap-1.5">
            <Lock className="size-3.5" />
            AES-256
          </span>
        </div>
      </div>
    </div>
  );
}

import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';

export const FEATURE_UNAVAILABLE_MESSAGE = "This part of Daybook isn't available on this server yet.";

type FeatureUnavailableProps = {
  /** The page's name: its tab title and, unless `heading` is given, its heading. */
  title: string;
  heading?: string;
  /** Shown above the message, e.g. a greeting. */
  children?: ReactNode;
};

/** The honest page for a route whose feature this server does not offer yet. */
export function FeatureUnavailable({ title, heading = title, children }: FeatureUnavailableProps) {
  useDocumentTitle(title);
  return (
    <div className="page-container py-16 sm:py-24">
      <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-tint text-tint-foreground">
          <Compass aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold sm:text-3xl">{heading}</h1>
        {children}
        <p className="text-muted-foreground">{FEATURE_UNAVAILABLE_MESSAGE}</p>
        <Button asChild className="mt-2">
          <Link to="/">Return to Home</Link>
        </Button>
      </Card>
    </div>
  );
}

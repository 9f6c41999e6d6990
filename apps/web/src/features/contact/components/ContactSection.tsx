import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { ContactForm } from './ContactForm.tsx';

/**
 * The one contact form with its heading, as /contact and /help-contact both show it (ADR 087); `id="contact"`
 * is the target of /help-contact#contact. Its width is the page's column, so the form lays out its fields by
 * its own width (a container query), not the window's.
 */
export function ContactSection({
  heading,
  intro,
  className,
}: {
  heading: ReactNode;
  intro?: ReactNode;
  className?: string;
}) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className={cn('flex min-w-0 scroll-mt-24 flex-col gap-5', className)}
    >
      <div className="flex flex-col gap-1.5">
        {heading}
        {intro ? <p className="text-muted-foreground">{intro}</p> : null}
      </div>
      <Card className="p-5 sm:p-7">
        <ContactForm />
      </Card>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { ContactForm } from './ContactForm.tsx';

/** The form with its heading; `id="contact"` is the target of /help-contact#contact. */
export function ContactSection({ heading, intro }: { heading: ReactNode; intro: ReactNode }) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-6"
    >
      <div className="flex flex-col gap-2">
        {heading}
        <p className="text-muted-foreground">{intro}</p>
      </div>
      <Card className="p-5 sm:p-8">
        <ContactForm />
      </Card>
    </section>
  );
}

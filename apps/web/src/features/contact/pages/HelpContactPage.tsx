import { FaqList } from '../../../components/ui/faq-list.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ContactSection } from '../components/ContactSection.tsx';
import { HelpTopics } from '../components/HelpTopics.tsx';
import { HELP_QUESTIONS } from '../help-questions.ts';

/**
 * /help-contact: the common questions beside the form at desktop width; on a phone the form comes under them,
 * where #contact scrolls to it, and the other pages after it (ADR 087).
 */
export default function HelpContactPage() {
  useDocumentTitle('Help & Contact');
  return (
    <div className="page-container flex flex-col gap-10 py-12 sm:py-16 lg:py-20">
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-4xl font-semibold sm:text-5xl">Help &amp; Contact</h1>
        <p className="text-lg text-muted-foreground">
          Answers to common questions, and a direct line to the team.
        </p>
      </header>
      <div className="grid items-start gap-12 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:grid-rows-[auto_1fr] lg:gap-x-16 lg:gap-y-10">
        <section
          aria-labelledby="help-title"
          className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1"
        >
          <h2 id="help-title" className="text-2xl font-semibold">
            Common questions
          </h2>
          <FaqList items={HELP_QUESTIONS} />
        </section>
        <ContactSection
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          heading={
            <h2 id="contact-title" className="text-2xl font-semibold">
              Send us a message
            </h2>
          }
          intro="Didn't find your answer? Write to us and we'll reply by e-mail."
        />
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <HelpTopics title="More about Daybook" />
        </div>
      </div>
    </div>
  );
}

import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ContactSection } from '../components/ContactSection.tsx';
import { HelpTopics } from '../components/HelpTopics.tsx';

/**
 * /contact: at desktop width the page's title and the pages that may already answer sit beside the form; on a
 * phone the form comes straight after the title, and those pages after it (ADR 087).
 */
export default function ContactPage() {
  useDocumentTitle('Contact');
  return (
    <div className="page-container py-12 sm:py-16 lg:py-20">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr] lg:gap-x-16 lg:gap-y-10">
        <header className="flex flex-col gap-3 lg:col-start-1 lg:row-start-1">
          <h1 className="text-4xl font-semibold text-balance sm:text-5xl">Contact the team</h1>
          <p className="text-lg text-muted-foreground">
            A question, an idea, or something that isn't working? Tell us and a person will read it.
          </p>
        </header>
        <ContactSection
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
          heading={
            <h2 id="contact-title" className="text-2xl font-semibold">
              Send us a message
            </h2>
          }
        />
        <div className="lg:col-start-1 lg:row-start-2">
          <HelpTopics title="The answer may already be here" hasHelpLink />
        </div>
      </div>
    </div>
  );
}

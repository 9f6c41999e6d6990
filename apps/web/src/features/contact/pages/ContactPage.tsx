import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ContactSection } from '../components/ContactSection.tsx';

export default function ContactPage() {
  useDocumentTitle('Contact');
  return (
    <div className="page-container py-16 sm:py-20">
      <ContactSection
        heading={
          <h1 id="contact-title" className="text-4xl font-semibold sm:text-5xl">
            Contact the team
          </h1>
        }
        intro="A question, an idea, or something that isn't working? Tell us and a person will read it."
      />
    </div>
  );
}

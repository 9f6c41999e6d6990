import { MESSAGES } from '@daybook/shared';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function ContactThankYouPage() {
  useDocumentTitle('Message sent');
  return (
    <div className="page-container py-16 sm:py-24">
      <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-tint text-tint-foreground">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-semibold">Thank you for writing</h1>
        <p className="font-medium">{MESSAGES.contactSent}</p>
        <p className="text-muted-foreground">
          A member of the Daybook team will read it and reply by e-mail to the address you gave us.
        </p>
        <Button asChild className="mt-2">
          <Link to="/">Return to Home</Link>
        </Button>
      </Card>
    </div>
  );
}

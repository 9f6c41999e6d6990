import { type FaqItem, FaqList } from '../../../components/ui/faq-list.tsx';

const QUESTIONS: readonly FaqItem[] = [
  {
    question: 'How does billing work?',
    answer:
      'Premium is billed monthly or once a year through our card payment provider; Daybook never sees or stores your card number. Annual billing costs less than twelve monthly payments.',
  },
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. Cancel from your profile whenever you like and Premium stays active until the end of the period you paid for. After that your account returns to the free Starter plan and your entries stay yours.',
  },
  {
    question: 'What is encrypted?',
    answer:
      "The text of every entry is encrypted with AES-256 in your browser before it is sent, and the key is derived from a secret kept apart from the database, so a copy of the database alone can't be read. The server holds that secret: it decrypts an entry in memory when you save it, to check it, and for sharing, the AI features you start and export and import. Photos, voice notes and videos are encrypted on the server before they are stored, with a key derived from the same secret; moods and dates are not encrypted. It is protection at rest, not end-to-end encryption; the privacy policy explains exactly when the server reads what.",
  },
  {
    question: 'What happens to my entries if I switch plans?',
    answer:
      'Nothing is deleted. Moving between Starter and Premium only changes daily limits and which new kinds of entry you can create.',
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq-title" className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h2 id="pricing-faq-title" className="text-center text-3xl font-semibold">
        Questions about plans
      </h2>
      <FaqList items={QUESTIONS} />
    </section>
  );
}

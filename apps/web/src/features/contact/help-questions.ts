import type { FaqItem } from '../../components/ui/faq-list.tsx';

/** The questions people ask most, answered on /help-contact beside the form (and a few of them on /contact). */
export const HELP_QUESTIONS: readonly FaqItem[] = [
  {
    question: "I didn't get the verification e-mail",
    answer:
      'It usually arrives within two minutes. Check your spam or promotions folder. The link in it expires after one hour; if it has expired, write to us below.',
  },
  {
    question: 'I forgot my password',
    answer:
      'Follow the password reset link on the log-in page. We e-mail you a link to choose a new password; it works once and expires after one hour.',
  },
  {
    question: 'Can I sign in without my password?',
    answer:
      'Yes, with a passkey: add one in Profile settings under Passkeys, then choose "Sign in with a passkey" on the log-in page. Your device asks for your fingerprint, face or screen lock, so a passkey sign-in asks for no code even when two-step sign-in is on. Your password keeps working.',
  },
  {
    question: 'Can anyone at Daybook read my journal?',
    answer:
      'Not from the database: the text of your entries is encrypted in your browser before it is stored, with a key that needs a secret kept apart from the database. But the server holds that secret, so this is protection at rest, not end-to-end encryption. Today the server decrypts an entry only in memory, when you save or edit it, to check it; media files are encrypted at rest with a key derived from that secret, and moods and dates are not encrypted. The privacy policy says exactly what the server can read.',
  },
  {
    question: 'How do I cancel Premium or delete my account?',
    answer:
      'Both live in Profile settings. Cancelling keeps Premium until the end of the paid period. Deleting your account is scheduled 30 days ahead, and you can change your mind until then.',
  },
];

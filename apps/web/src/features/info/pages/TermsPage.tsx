import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { Callout } from '../components/Callout.tsx';
import { InfoPage, type InfoSection } from '../components/InfoPage.tsx';

const SECTIONS: readonly InfoSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms are the agreement between you and whoever operates the Daybook service you are using
          ("we", "us"). By creating an account or using Daybook you accept them. If you do not agree, please
          do not use the service.
        </p>
        <p>
          Daybook can be run by anyone on their own server. If the copy you use is run by someone else, that
          operator provides the service to you, and these terms apply between you and them. How we handle your
          personal data is described in the <Link to="/privacy">privacy policy</Link> and the{' '}
          <Link to="/cookies">cookie policy</Link>, which form part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>
          You must be at least 16 years old, or older if the law where you live requires it, to create an
          account.
        </li>
        <li>
          Give a real e-mail address that you control and confirm it from the link we send. We use it to sign
          you in, to reset your password and to send messages you ask for.
        </li>
        <li>
          An account is for one person. Keep your password to yourself and tell us through the{' '}
          <Link to="/contact">contact page</Link> if you think someone else has used your account.
        </li>
        <li>
          To protect you, repeated failed sign-ins lock an e-mail address for 15 minutes, and resetting your
          password signs out every device.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content stays yours',
    content: (
      <>
        <p>
          Everything you write, record or upload belongs to you. We claim no ownership of it and we do not
          sell it, use it for advertising or use it to train AI models.
        </p>
        <p>
          You give us only the permission we need to run the service for you: to store your content, to
          encrypt and decrypt it, to check it for safety, to deliver shares and future messages you set up, to
          pass the text an AI feature needs to the AI provider configured for this service when you start that
          feature, and to produce your exports. That permission ends when your content is deleted.
        </p>
        <p>
          You are responsible for what you post, and you confirm that you have the right to post it, including
          any photos, recordings or videos of other people.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>Daybook is a personal journal. Please do not use it to:</p>
        <ul>
          <li>break the law, or store or share material that is illegal where you or a recipient live;</li>
          <li>harass, threaten, bully or intimidate anyone, including through shares and thank-you notes;</li>
          <li>send spam, or share entries with people who have not agreed to hear from you;</li>
          <li>post someone else's private information without their permission;</li>
          <li>upload any sexual content involving minors;</li>
          <li>upload malware, or try to get around daily limits, plan restrictions or safety checks;</li>
          <li>
            probe, scan or overload the service, access another person's account or data, or interfere with
            the encryption that protects other users.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Safety checks and reports',
    content: (
      <>
        <p>
          Before anything is saved or sent, Daybook checks it automatically: the text of entries, images, five
          frames from each video, share notes and thank-you notes. Serious problems are blocked, borderline
          content is sent back for you to revise, and mild language gets a gentle reminder. If what you write
          suggests you may be at risk of harming yourself, we show you where to find help right away.
        </p>
        <p>
          Automated checks make mistakes in both directions. If you believe something was blocked wrongly,
          tell us through the <Link to="/contact">contact page</Link>.
        </p>
        <p>
          Recipients can report a shared entry. Reports are reviewed by the service's administrators, who may
          dismiss the report, revoke the share, or disable the sender's account. Reporting in bad faith may
          lead to restrictions on your own account.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing responsibly',
    content: (
      <ul>
        <li>
          Only share with people who are happy to receive e-mail from Daybook on your behalf. You confirm you
          have their permission each time you share.
        </li>
        <li>
          An entry can go to up to five people. Each link stops working after 30 days, or earlier if you
          revoke it, and you can resend it up to three times.
        </li>
        <li>
          Revoking a share stops the link from opening, but it cannot take back what a recipient has already
          read, saved or copied. Share only what you are comfortable with someone keeping.
        </li>
        <li>
          If you receive a share, treat it as the private message it is: do not pass it on without the
          author's consent.
        </li>
      </ul>
    ),
  },
  {
    id: 'plans-and-billing',
    title: 'Plans, billing and cancelling',
    content: (
      <>
        <p>
          The Free plan costs nothing. Premium is a subscription billed monthly or annually, at the price and
          in the currency shown before you pay. Payments are handled by Stripe; we never see or store your
          card number.
        </p>
        <ul>
          <li>
            Your subscription renews automatically at the end of each period until you cancel. You can cancel
            at any time from your profile, and you keep Premium until the end of the period you have paid for.
          </li>
          <li>
            We do not refund part-used periods, except where the law gives you a right to a refund. Nothing in
            these terms affects your statutory rights as a consumer.
          </li>
          <li>
            If we change the price of Premium, we tell you in advance, and the new price applies only from
            your next billing period. You can cancel before then.
          </li>
          <li>
            Daily limits (entries, deletions and AI features) depend on your plan and reset at midnight in
            your own time zone. Entries can be edited or deleted within 12 hours of being written.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'deleting-your-account',
    title: 'Deleting your account',
    content: (
      <>
        <p>
          You can ask to delete your account from your <Link to="/profile#delete-account">profile</Link> at
          any time. We keep it for 30 days in case you change your mind; sign in during that time to cancel
          the request. After 30 days we permanently delete your entries, media, shares, notifications, future
          messages and sessions, and cancel any subscription. We keep only an anonymised record that a
          deletion took place.
        </p>
        <p>
          Deleted content cannot be recovered, so <Link to="/export">export your journal</Link> first if you
          want a copy. We may suspend or close an account that seriously or repeatedly breaks these terms, and
          we will tell you why unless the law prevents us.
        </p>
      </>
    ),
  },
  {
    id: 'not-a-crisis-service',
    title: 'Daybook is not a crisis or medical service',
    content: (
      <>
        <p>
          Daybook can help you reflect, but it is not therapy, counselling or medical advice, and neither is
          anything its AI features say. Nobody monitors your journal, so writing something there does not tell
          anyone you need help.
        </p>
        <Callout title="If you are in danger or thinking of harming yourself" icon={LifeBuoy}>
          <p>
            Contact your local emergency services now: 999 in the UK, 112 across Europe, 911 in the US and
            Canada. You can also talk to someone at any hour: Samaritans on 116 123 in the UK and Ireland, or
            the 988 Suicide &amp; Crisis Lifeline by call or text in the US.
          </p>
        </Callout>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and disclaimers',
    content: (
      <>
        <p>
          We work hard to keep Daybook running, secure and backed up, but we provide it "as is" and cannot
          promise it will always be available or free of errors. Features may change over time; if we remove
          something you pay for, we will tell you first.
        </p>
        <p>
          Your entries are encrypted with a key that depends on a secret held by the service. If that secret
          were ever lost, encrypted entries could not be recovered by anyone. Keeping your own export is a
          good habit.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    content: (
      <>
        <p>
          As far as the law allows, we are not liable for indirect or consequential losses, such as lost data
          you could have exported, lost profits or lost opportunities. Our total liability to you for any
          claim is limited to the amount you paid us in the twelve months before it arose.
        </p>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for
          fraud, or for anything else that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms as Daybook changes or the law requires. For significant changes we will tell
        you by e-mail or in the app at least 30 days before they take effect. If you do not accept the new
        terms, you can delete your account before then. The date at the top of this page shows when they last
        changed.
      </p>
    ),
  },
  {
    id: 'law-and-contact',
    title: 'Governing law and contact',
    content: (
      <p>
        These terms are governed by the law of the country where the operator of this Daybook service is
        established, and they do not take away any protection you have under the consumer law of the country
        where you live. Questions about these terms are welcome through the{' '}
        <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <InfoPage
      title="Terms of Service"
      lastUpdated="2026-11-21"
      lead={
        <p>
          The rules for using Daybook, written to be read. In short: your journal is yours, be kind to the
          people you share with, and remember that Daybook is a place to reflect, not a crisis service.
        </p>
      }
      sections={SECTIONS}
      hasContents
    />
  );
}

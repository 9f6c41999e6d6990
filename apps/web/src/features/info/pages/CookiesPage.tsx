import { Link } from 'react-router';
import { PRICING_CACHE, STORAGE_KEYS } from '../../../lib/constants.ts';
import { MEDIA_COPY_LIMITS } from '../../../lib/offline/media-copy-limits.ts';
import { InfoPage, type InfoSection } from '../components/InfoPage.tsx';
import { InfoTable, type InfoTableColumn, type InfoTableRow } from '../components/InfoTable.tsx';

/** Named by the server's auth configuration (cookie prefix `daybook`; `__Secure-` in front on https servers). */
const SESSION_COOKIE_NAME = 'daybook.session_token';
/** Set at registration (apps/server/src/modules/auth/registration-browser.ts). */
const REGISTRATION_COOKIE_NAME = 'daybook.registered_browser';

const COOKIE_COLUMNS: readonly InfoTableColumn[] = [
  { key: 'purpose', label: 'Purpose' },
  { key: 'settings', label: 'Settings' },
  { key: 'lifetime', label: 'Kept for' },
];

const COOKIE_ROWS: readonly InfoTableRow[] = [
  {
    id: 'session',
    label: (
      <>
        <code>{SESSION_COOKIE_NAME}</code> (<code>__Secure-{SESSION_COOKIE_NAME}</code> on HTTPS servers)
      </>
    ),
    cells: {
      purpose: 'Keeps you signed in. It holds a random token; your session itself is stored on the server.',
      settings: 'HttpOnly, SameSite=Lax, and Secure (sent only over HTTPS) on servers reached over HTTPS',
      lifetime: '30 days, renewed as you use Daybook; ends when you sign out',
    },
  },
  {
    id: 'registered-browser',
    label: <code>{REGISTRATION_COOKIE_NAME}</code>,
    cells: {
      purpose:
        'Set when you register, so that the confirmation link signs in only the browser you registered from.',
      settings:
        'HttpOnly, SameSite=Lax, sent only with the confirmation link; Secure on servers reached over HTTPS',
      lifetime: '60 minutes; removed once the link has signed you in',
    },
  },
];

const STORAGE_COLUMNS: readonly InfoTableColumn[] = [
  { key: 'purpose', label: 'Purpose' },
  { key: 'lifetime', label: 'Kept for' },
];

const STORAGE_ROWS: readonly InfoTableRow[] = [
  {
    id: 'theme',
    label: <code>{STORAGE_KEYS.theme}</code>,
    cells: { purpose: 'Your choice of light, dark or system appearance.', lifetime: 'Until you change it' },
  },
  {
    id: 'draft',
    label: <code>daybook · drafts</code>,
    cells: {
      purpose:
        'The entry you are writing, so closing the tab does not lose it. Kept in IndexedDB, encrypted with your key.',
      lifetime: 'Until you save or clear the entry, or sign out',
    },
  },
  {
    id: 'entry-queue',
    label: <code>daybook · entry-queue</code>,
    cells: {
      purpose: 'Entries you saved while offline, encrypted, waiting to be sent to Daybook.',
      lifetime: 'Until they are sent, or you discard one the server refused',
    },
  },
  {
    id: 'entry-copy',
    label: <code>daybook · entry-copy</code>,
    cells: {
      purpose:
        'Your entries as this browser has fetched them, each sealed whole with your key (text, mood and dates alike), so you can read your journal without a network.',
      lifetime: 'Until you sign out, or another person signs in on this browser',
    },
  },
  {
    id: 'media-copy',
    label: <code>daybook · media-copy</code>,
    cells: {
      purpose: `The photos, voice notes and videos you opened in this browser, with their thumbnails, each sealed with your key (the file and its type alike), so you can see them without a network. At most ${MEDIA_COPY_LIMITS.maxBytes / 1024 / 1024} MB; past it, the ones you opened longest ago go first.`,
      lifetime: 'Until you sign out, delete the entry, or another person signs in on this browser',
    },
  },
  {
    id: 'app-cache',
    label: <code>workbox-precache</code>,
    cells: {
      purpose: "The app's own files (no personal data), so Daybook opens without a network.",
      lifetime: 'Until the next version replaces them',
    },
  },
  {
    id: 'affirmation',
    label: <code>{STORAGE_KEYS.affirmationDismissedDate}</code>,
    cells: {
      purpose: 'The day you dismissed the daily affirmation, so it stays hidden until tomorrow.',
      lifetime: 'Replaced when you next dismiss it',
    },
  },
  {
    id: 'login-helper',
    label: <code>{STORAGE_KEYS.loginHelperDismissed}</code>,
    cells: {
      purpose: 'Stops the sign-in help tip appearing again once dismissed.',
      lifetime: 'Until cleared',
    },
  },
  {
    id: 'pricing',
    label: <code>{PRICING_CACHE.localStorageKey('{currency}')}</code>,
    cells: {
      purpose: 'A copy of Premium prices in your currency, so the pricing section appears quickly.',
      lifetime: 'Refreshed after 10 minutes',
    },
  },
  {
    id: 'welcome-card',
    label: <code>{STORAGE_KEYS.welcomeCardDismissed}</code>,
    cells: { purpose: 'Keeps the dashboard welcome card closed once dismissed.', lifetime: 'Until cleared' },
  },
  {
    id: 'plan-choice',
    label: <code>{STORAGE_KEYS.registrationPlanChoice}</code>,
    cells: {
      purpose: 'The plan you picked when signing up, so a Premium checkout can carry on where you left off.',
      lifetime: 'Until cleared',
    },
  },
  {
    id: 'private-mode-choice',
    label: <code>{STORAGE_KEYS.registrationPrivateMode}</code>,
    cells: {
      purpose:
        'That you chose private mode when signing up, so setting it up comes first once you sign in. Removed once it is set up or you choose not now.',
      lifetime: 'Until set up',
    },
  },
  {
    id: 'registration-date',
    label: <code>{STORAGE_KEYS.registrationDate}</code>,
    cells: {
      purpose: 'When you signed up, so the welcome card shows only in your first seven days.',
      lifetime: 'Until cleared',
    },
  },
  {
    id: 'upgrade',
    label: <code>{STORAGE_KEYS.upgradeNotification}</code>,
    cells: {
      purpose: 'The name of a plan you have just upgraded to, to welcome you to it once.',
      lifetime: 'Removed when closed; ignored after 5 minutes',
    },
  },
  {
    id: 'premium-banner',
    label: <code>{STORAGE_KEYS.premiumBannerDismissedUntil}</code>,
    cells: {
      purpose: 'Snoozes the reminder to finish a Premium signup when you choose "Remind me later".',
      lifetime: '24 hours',
    },
  },
  {
    id: 'encryption-key',
    label: 'Encryption key (session storage)',
    cells: {
      purpose:
        'The key derived in your browser to encrypt and decrypt your entries, so it is not worked out again on every page.',
      lifetime: 'Until you close the tab or window',
    },
  },
];

const SECTIONS: readonly InfoSection[] = [
  {
    id: 'session-cookie',
    title: 'The session cookie',
    content: (
      <>
        <p>
          When you sign in, Daybook sets a single cookie. HttpOnly means scripts on the page cannot read it;
          SameSite=Lax means your browser does not send it with requests started by other websites.
        </p>
        <InfoTable
          caption="The cookie Daybook sets"
          rowHeaderLabel="Name"
          columns={COOKIE_COLUMNS}
          rows={COOKIE_ROWS}
        />
      </>
    ),
  },
  {
    id: 'no-third-party-cookies',
    title: 'No third-party cookies',
    content: (
      <>
        <p>
          Daybook uses no analytics, advertising or social media cookies, and embeds nothing that sets them.
          Nobody else can follow you around the web through Daybook.
        </p>
        <p>
          When you upgrade to Premium, you pay on Stripe's own checkout page. Stripe may set cookies there, on
          its own domain, to prevent fraud; Stripe's privacy policy covers them.
        </p>
      </>
    ),
  },
  {
    id: 'browser-storage',
    title: 'What Daybook keeps in your browser',
    content: (
      <>
        <p>
          A few small items live in your browser's local storage, plus one in session storage. Unlike a
          cookie, your browser does not send them with requests; they stay on your device.
        </p>
        <InfoTable
          caption="Browser storage used by Daybook"
          rowHeaderLabel="Key"
          columns={STORAGE_COLUMNS}
          rows={STORAGE_ROWS}
        />
      </>
    ),
  },
  {
    id: 'clearing',
    title: 'How to clear them',
    content: (
      <>
        <ul>
          <li>
            <strong>Sign out</strong> to end your session on the server and remove the cookie. Closing the tab
            clears the encryption key.
          </li>
          <li>
            <strong>Clear site data</strong> to remove everything at once. In most browsers, select the icon
            to the left of the address bar and look for cookies or site data, or go to the privacy section of
            your browser's settings and find this site.
          </li>
          <li>
            <strong>Block cookies</strong> if you prefer; the public pages still work, but you will not be
            able to sign in without the session cookie.
          </li>
        </ul>
        <p>
          Clearing storage signs you out, resets your theme, brings dismissed cards and banners back, and
          deletes any unsaved draft, so save what you are writing first. On a shared computer, sign out and
          close the tab when you finish.
        </p>
        <p>
          For how Daybook handles everything else, see the <Link to="/privacy">privacy policy</Link>, or ask
          us through the <Link to="/contact">contact page</Link>.
        </p>
      </>
    ),
  },
];

export default function CookiesPage() {
  return (
    <InfoPage
      title="Cookie Policy"
      lastUpdated="2026-11-21"
      lead={
        <p>
          Daybook uses one cookie, to keep you signed in, and a handful of browser storage items to remember
          your settings. Nothing here tracks you.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

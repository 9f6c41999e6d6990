#!/usr/bin/env node
// References to why, kept inside the repository (ADR 091), checked as part of `npm run lint`.
//
//   references/spec-section      a numbered section of the original specification ("spec" followed by a section
//                                sign and a number, or "spec" and a bare number): cite docs/product/<area>.md#<id>
//   references/spec-document     the original specification's files by name (accounts-plans-dashboard,
//                                entries-media-sharing)
//   references/design-notes      the original design notes (the upper-case DESIGN file, "design notes"): cite
//                                docs/design.md#<id>
//   references/issue             an issue number, outside docs/decisions (where it records where a request came
//                                from): cite the ADR that records the decision, or a product or design section
//   references/outside-path      a path outside the repository (../shared/, /work/…)
//   references/product-id        a link to docs/product/… or docs/design.md whose file or section id does not exist
//   references/duplicate-id      the same section id twice in docs/product and docs/design.md
//   references/adr               an ADR number, or a link to docs/decisions/NNN-….md, with no such record
//
// Section ids are `<a id="…"></a>` lines in docs/product/*.md and docs/design.md. "The spec" without a section
// number names docs/product, which is the specification now (docs/product/README.md).
//
//   node scripts/check-references.mjs          report every violation as file:line: rule: what; exit 1 if any
//   node scripts/check-references.mjs --fix    rewrite the old forms by the mapping tables below (a spec section
//                                              to a product section id, a design-notes section to a design.md id,
//                                              an issue to its ADR), then report what is left for a person to fix.
//                                              Idempotent: nothing it writes matches an old form.
//   --root DIR                                 work on another tree (the tests' scratch trees)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const rootArg = args.indexOf('--root');
const root = path.resolve(rootArg >= 0 ? args[rootArg + 1] : path.join(import.meta.dirname, '..'));
const isFix = args.includes('--fix');

/** What is read: every text file of the repository outside these folders. */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'results',
  'coverage',
]);
const TEXT = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|json|md|sql|ya?ml|html|css|sh|txt|toml)$/;
/** This script and its test hold the old forms on purpose, as the rules' own examples. */
const EXEMPT = new Set(['scripts/check-references.mjs', 'apps/server/test/check-references.test.ts']);
const SKIP_FILES = new Set(['package-lock.json']);

function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listFiles(full, out);
    } else if (TEXT.test(entry.name) && !SKIP_FILES.has(entry.name)) out.push(full);
  }
  return out;
}

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const isMarkdown = (file) => file.endsWith('.md');

// ---------------------------------------------------------------------------------------------------------------
// Section ids

const PRODUCT_DIR = path.join(root, 'docs/product');
const DESIGN_FILE = path.join(root, 'docs/design.md');
const ANCHOR = /<a id="([A-Za-z0-9_-]+)"><\/a>/g;

/** Every section id by file (absolute path), and the heading that follows each (for link labels). */
function readIds() {
  const ids = new Map();
  const titles = new Map();
  const files = existsSync(PRODUCT_DIR)
    ? readdirSync(PRODUCT_DIR)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => path.join(PRODUCT_DIR, name))
    : [];
  if (existsSync(DESIGN_FILE)) files.push(DESIGN_FILE);
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const set = new Set();
    const pageTitle = (/^#\s+(.*)$/m.exec(lines.join('\n'))?.[1] ?? rel(file)).trim();
    lines.forEach((line, index) => {
      for (const match of line.matchAll(ANCHOR)) {
        set.add(match[1]);
        const heading = lines
          .slice(index + 1, index + 3)
          .find((next) => /^#+\s/.test(next))
          ?.replace(/^#+\s+/, '')
          .replace(/\s*\(`[^`]*`\)\s*$/, '')
          .trim();
        titles.set(match[1], heading ? `${pageTitle}: ${heading}` : pageTitle);
      }
    });
    ids.set(file, set);
  }
  return { ids, titles };
}

const ADR_DIR = path.join(root, 'docs/decisions');
const adrNumbers = new Set(
  existsSync(ADR_DIR)
    ? readdirSync(ADR_DIR)
        .filter((name) => /^\d{3}-.+\.md$/.test(name))
        .map((name) => name.slice(0, 3))
    : [],
);

// ---------------------------------------------------------------------------------------------------------------
// The old forms

/** Standards cite their own sections with the same sign: those are not the specification's. */
const STANDARD_BEFORE_SECTION =
  /(?:RFC\s*\d+|WebAuthn(?:\s+Level\s+\d)?|ECMA-?\d*|ISO\s*[\d-]+|HTTP\/?[\d.]*|HTML)\s*$/;
/** A run of section numbers: "§4", "§2, §5", "§4 and §9", "§2–§9", "§4/§7". */
const SECTION_RUN = String.raw`§\s*\d+(?:\s*(?:,|and|or|/|–|-|&)\s*§?\s*\d+(?![\d.]))*`;
const SPEC_DOC = '(?:accounts-plans-dashboard|entries-media-sharing)';
/** "spec §4", "Spec §8", "spec's §7", "spec (entries) §5", "spec entries §5", "accounts-plans-dashboard §9". */
const SPEC_SECTION = new RegExp(
  String.raw`(?:\b[Ss]pec(?:'s)?\s*(?:\(?(?:entries|accounts)\)?\s*)?|\b${SPEC_DOC}\s*|\b(?:accounts|entries)\s+)?(${SECTION_RUN})`,
  'g',
);
const SPEC_NUMBER = /\b[Ss]pec\s+(\d+)\b(?![.\d])/g;
const SPEC_DOC_NAME = new RegExp(String.raw`\b${SPEC_DOC}\b`, 'g');
const DESIGN_NOTES =
  /\bDESIGN(?:\.md)?\b(?:(?:,\s*|\s+|'s\s+)"([^"\n]+)"(?:\s+section)?)?|\b[Dd]esign notes\b/g;
/** "issue 25 item 12", "issue 25 row 11", and an item on the comment's next line ("issue 26\n// item 7"). */
const ISSUE = /\b[Ii]ssues?\s+#?(\d+)(?:(?:,\s*|\s+(?:(?:\/\/|\*|--|#)[ \t]+)?)(?:items?|rows?)\s+(\d+))?/g;
const OUTSIDE_PATH = /(?:\.\.\/)+shared\/|\/work\/[A-Za-z]|\bshared\/spec\b/g;

// ---------------------------------------------------------------------------------------------------------------
// The mapping tables of --fix

/**
 * Topics, first match wins, read from the words around a reference: a topic names the product section that
 * holds the rule whatever the old section number was (the old specification told the same topic in several
 * numbered sections: screens, states, validation, errors, constants).
 */
/** Marks a topic whose words are common: it counts only when no other topic's words are on the line. */
const GENERIC = 'generic';
const TOPICS = [
  [/error screen|Something went wrong|Page not found|not-found/i, 'shell.md#shell-not-found'],
  [
    /Unable to load dashboard|Authentication Error|Redirecting to login|only logged|session check|both the profile|profile and (?:the )?mood|neither the profile/i,
    'dashboard.md#dashboard-errors',
  ],
  [/auth or 401|\bretr(?:y|ies|ied)\b/i, 'dashboard.md#dashboard-errors'],
  [/Checkout routing|request for a plan leads/i, 'plans-billing.md#plans-checkout'],
  [/Subscription intent|Premium intent|\bintent\b/i, 'plans-billing.md#plans-intent'],
  [
    /welcome (?:card|window)|Dismissal is permanent|dashboard copy|checkout overlay|\boverlay\b|signup banner|Premium Signup|celebration|Welcome to \{plan\}|upgrade notice|plan pieces|snooze/i,
    'plans-billing.md#plans-prompts',
  ],
  [
    /test[- ]accounts|test or debug|test tools?\b|non-production|registered only/i,
    'plans-billing.md#plans-test-tools',
  ],
  [
    /See Premium|upgrade target|\blocked\b|\block\b|lock icon|Upgrade to Premium|gated|leads to the plans/i,
    'plans-billing.md#plans-locked',
  ],
  [/\bpric(?:e|es|ing)\b|currenc|£2\.99|'Unavailable'/i, 'plans-billing.md#plans-pricing'],
  [
    /check-subscription|subscription status|status load|start checkout|\bcheckout\b|Welcome to Premium/i,
    'plans-billing.md#plans-checkout',
  ],
  [
    /plan features|feature flags|Free plan|plan's lists|Premium card|checkout list|Premium adds|\bBasic\b|each plan|\bplans? (?:allows?|flags)/i,
    'plans-billing.md#plans-features',
  ],
  [/timings for plans|plans and billing timings/i, 'plans-billing.md#plans-timings'],
  [/lockout|remaining attempts|attempts? remaining|lower-cased and trimmed/i, 'accounts.md#accounts-lockout'],
  [/strength|33 ?%|\bstrong\b/i, 'accounts.md#accounts-password-strength'],
  [/Can't log in|login page|login form|\bsign-in\b|\blog in\b/i, 'accounts.md#accounts-login'],
  [/regist(?:er|ration)|Create Account|sign-up|EMAIL_ALREADY_EXISTS/i, 'accounts.md#accounts-registration'],
  [/\bpassword\b/i, 'accounts.md#accounts-registration', GENERIC],
  [
    /account deletion|deletion status|deletion is scheduled|due to be deleted|Cancel deletion|cancel toasts|requiresResubscribe|scheduled date/i,
    'accounts.md#accounts-deletion',
  ],
  [/time ?zone|full_name/i, 'accounts.md#accounts-profile'],
  [/\bprofile\b/i, 'accounts.md#accounts-profile', GENERIC],
  [/disabled (?:user|account)|account is (?:currently )?disabled/i, 'accounts.md#accounts-disabled'],
  [/signing out|sign-out|signed out|sign out|clears cached data|auth user/i, 'accounts.md#accounts-sessions'],
  [/\bstreak/i, 'dashboard.md#dashboard-streak'],
  [
    /mood ring|current mood|Mood \(7 days\)|insights overview|\bpositive\b|\bnegative\b|percentages|mood (?:queries|card)|\bmood \d|mood sets/i,
    'dashboard.md#dashboard-moods',
  ],
  [/affirmation/i, 'dashboard.md#dashboard-affirmation'],
  [/calendar|Monday|weeks start/i, 'dashboard.md#dashboard-calendar'],
  [
    /filters?\b|\bchips?\b|date=|preselects a day|reducer|transition|past day|page number|\bclamp|\bprompt\b/i,
    'dashboard.md#dashboard-filters',
  ],
  [/greeting|Welcome back|first name/i, 'dashboard.md#dashboard-layout'],
  [/User not authenticated|\bsearch|debounce|300 ms after|case-insensitive/i, 'search.md#search-rules'],
  [/\bthemes?\b|hashtag|You've written about/i, 'search.md#search-themes'],
  [/AI Assist|enhance/i, 'ai.md#ai-assist'],
  [/\bAI\b|insights|coach/i, 'ai.md#ai-insights'],
  [/crisis|self.harm|lifeline/i, 'moderation.md#moderation-crisis'],
  [/short notes|rules for a (?:share|thank-you) note/i, 'moderation.md#moderation-sharing'],
  [/thank.you/i, 'sharing.md#sharing-thank-you'],
  [/\breport|control characters/i, 'sharing.md#sharing-report'],
  [
    /shares bell|Shared with you|in_app_viewed|\breceived\b|unviewed|shares popover/i,
    'sharing.md#sharing-received',
  ],
  [/share viewer|view-share|token view|opened share|\/share\//i, 'sharing.md#sharing-viewer'],
  [/share status|status badge|share_viewed|email_sent|badge a sender/i, 'sharing.md#sharing-status'],
  [/Manage Shar|\brevok|\bresend/i, 'sharing.md#sharing-manage'],
  [
    /moderat|severity|verdict|to be more appropriate|community guidelines|three characters|3 characters/i,
    'moderation.md#moderation-rules',
  ],
  [
    /recipients?\b|Share reflection|share action|share button|simple (?:address )?pattern|share note|Shared successfully/i,
    'sharing.md#sharing-create',
  ],
  [/\bshar(?:e|es|ed|ing)\b/i, 'sharing.md#sharing-limits', GENERIC],
  [/notification|\bbells?\b|9\+|page 0|size 20/i, 'notifications.md#notifications-bell'],
  [/future|past self|me-ahead/i, 'future-messages.md#future-letters-card'],
  [/media viewer|Media Viewer|Shared by \{name\}/i, 'media.md#media-viewer'],
  [/recorder|recording|camera|720p|microphone|\bdevices?\b/i, 'media.md#media-recorders'],
  [/Attach Media|media panel|side sheet|\bdrawer|Media is a Premium/i, 'media.md#media-attach-panel'],
  [/\bframes?\b|\bduration\b|signed (?:media )?URL|\d+ ?MB\b|upload/i, 'media.md#media-checks'],
  [/\bimages?\b|\bphoto|\baudio\b|\bvideos?\b|\bmedia\b/i, 'media.md#media-checks', GENERIC],
  [/\bsalt\b|entry key|encrypt|decrypt|cipher/i, 'encryption.md#encryption-browser'],
  [/mood tags?|19 moods|\bemoji|mood label|mood picker/i, 'entries.md#entries-moods'],
  [/\bmoods?\b/i, 'entries.md#entries-moods', GENERIC],
  [
    /edit(?:ing)? window|editing an entry|12.hour|12 hours|countdown|hours left|age re-check|expiry callback|can no longer be edited|edit form|Escape cancels|\/ 5,000|4,000/i,
    'entries.md#entries-edit-window',
  ],
  [/Delete this reflection|deletion allowance|\bdeletions?\b/i, 'entries.md#entries-delete'],
  [/\bdelete\b/i, 'entries.md#entries-delete', GENERIC],
  [
    /daily limit|daily entry limit|Entry created|Saved ✓|Please add some text|creation sequence|limit comes first|\bsequence\b|entry (?:is )?(?:then )?created|takes over|answer itself/i,
    'entries.md#entries-create',
  ],
  [
    /journal-draft|quick entry|entry box|writing box|Inspire me|collapse|What's on your mind/i,
    'entries.md#entries-quick-entry',
  ],
  [/\bdrafts?\b/i, 'entries.md#entries-quick-entry', GENERIC],
  [
    /entry list|Read more|scroll-to-top|\bcut\b|\b200\b|grouped by day|range paging|created_at desc|exact count|No entries|heading over a day|day headings?|weekday/i,
    'entries.md#entries-list',
  ],
  [/storage keys|local storage|localStorage/i, 'shell.md#shell-local-storage'],
  [
    /\btoasts?\b|tooltip|copied|breakpoint|768 px|refetch on (?:window )?focus|default cache/i,
    'shell.md#shell-timings',
  ],
  [/#features|#pricing|\bhash\b|landing|scroll/i, 'shell.md#shell-landing'],
  [/user menu|\bheader\b|theme toggle/i, 'shell.md#shell-header', GENERIC],
  [/\broutes?\b|page path/i, 'shell.md#shell-routes', GENERIC],
  [/\bentr(?:y|ies)\b/i, 'entries.md#entries-list', GENERIC],
];

/** Where a file's path says the reference belongs, when its words do not. First match wins. */
const PATH_AREAS = [
  [/sharing|share-|\/shares?\//, 'sharing.md#sharing-create'],
  [/notification/, 'notifications.md#notifications-bell'],
  [/future-(?:messages|self)/, 'future-messages.md#future-letters-card'],
  [/billing|pricing|plans?\b|plan-/, 'plans-billing.md#plans-features'],
  [/account|deletion/, 'accounts.md#accounts-deletion'],
  [/auth|login|password|session/, 'accounts.md#accounts-login'],
  [/media|recorder|camera/, 'media.md#media-checks'],
  [/moderat/, 'moderation.md#moderation-rules'],
  [/search/, 'search.md#search-rules'],
  [
    /companions|insights|streak|moods?\b|calendar|dashboard|affirmation|greeting|analytics/,
    'dashboard.md#dashboard-layout',
  ],
  [/\bai\b|\/ai\//, 'ai.md#ai-assist'],
  [/export|import|archive/, 'export-import.md#export-archive'],
  [/admin/, 'admin.md#admin-area'],
  [/encryption|crypto|salt/, 'encryption.md#encryption-browser'],
  [/entries|entry|offline|drafts/, 'entries.md#entries-list'],
  [/.*/, 'README.md#product-areas'],
];

/** The design notes' section names, and the words that point at one when no name is given. */
const DESIGN_SECTIONS = [
  [/^Architecture$/i, 'design-architecture'],
  [/^Scale$/i, 'design-scale'],
  [/^Accounts/i, 'design-accounts'],
  [/^Private mode/i, 'design-private-mode'],
  [/^Encryption/i, 'design-encryption'],
  [/^Plans/i, 'design-plans'],
  [/^AI$/i, 'design-ai'],
  [/^Themes$|not shown|^Other/i, 'design-open-values'],
  [/^Known-good|^Versions/i, 'design-versions'],
];
const DESIGN_TOPICS = [
  [/private mode/i, 'design-private-mode'],
  [
    /\bthemes?\b|hashtag|milestone|every minute|5 minutes ahead|10 years|notification types?|types? the server writes|unknown types|\/coach|\/data-export|deletion limit|\bexpire|purge|drafts older/i,
    'design-open-values',
  ],
  [/argon2|OWASP|better-auth|auth is not|lockout|\bsessions?\b/i, 'design-accounts'],
  [
    /\bsalt\b|HMAC|encrypt|\bkeys?\b|plaintext|plain text|decrypt|secure context|WebCrypto|protection-at-rest/i,
    'design-encryption',
  ],
  [/\bBasic\b|\bprices?\b|\bplans?\b/i, 'design-plans'],
  [/\bAI\b|\bmodel\b|provider|five years|\bSDK\b/i, 'design-ai'],
  [/instances?\b|\bscale\b|one process|load balancer/i, 'design-scale'],
  [/pg-boss|SKIP LOCKED|\bjobs?\b/i, 'design-jobs'],
  [/apps\/web|workspaces|known-good|\bversions?\b/i, 'design-architecture'],
];

/** An issue (and item) to the decision that records what it asked. Items not listed fall back to the issue. */
const ISSUE_ADRS = {
  9: '013',
  9.6: '017',
  10: '023',
  10.7: '024',
  11: '025',
  12: '026',
  13: '031',
  14: '028',
  16: '020',
  16.7: '022',
  17: '042',
  25.11: '062',
  25.13: '076',
  26.4: '072',
  26.7: '079',
  27.1: '091',
  27.3: '071',
  27.6: '074',
  27.7: '082',
  28: '063',
  29.1: '070',
  29.2: '077',
  29.3: '068',
  29.4: '064',
  29.5: '066',
  29.6: '069',
  29.7: '084',
  30.1: '081',
  32.1: '075',
  32.2: '080',
  32.4: '073',
  33: '059',
  33.1: '054',
  33.5: '060',
};
/** Issues whose decision depends on the part of the code: the file's path picks the record. */
const ISSUE_ADRS_BY_PATH = {
  15: [
    [/admin/, '034'],
    [/import/, '037'],
    [/export|archive/, '035'],
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// Finding and rewriting

/**
 * The topic of `table` whose words stand nearest to the reference at [start, end) of `line`, or null. Nearest,
 * not first: a line often names several things, and the one beside the citation is what it cites.
 */
function nearestTopic(table, line, start, end) {
  return nearestOfTier(table, line, start, end, false) ?? nearestOfTier(table, line, start, end, true);
}

function nearestOfTier(table, line, start, end, generic) {
  let best = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [pattern, target, tier] of table) {
    if ((tier === GENERIC) !== generic) continue;
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    );
    for (const match of line.matchAll(global)) {
      const from = match.index;
      const to = from + match[0].length;
      const distance = to <= start ? start - to : from >= end ? from - end : 0;
      if (distance < bestDistance) {
        best = target;
        bestDistance = distance;
      }
    }
  }
  return best;
}

/** The lines around `offset` of `text`: the one holding it (with the reference's place in it), and the one before. */
function linesAt(text, offset, length) {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const endAt = text.indexOf('\n', offset + length);
  const end = endAt < 0 ? text.length : endAt;
  const previousStart = start > 0 ? text.lastIndexOf('\n', start - 2) + 1 : start;
  return {
    line: text.slice(start, end),
    at: offset - start,
    until: offset - start + length,
    previous: start > 0 ? text.slice(previousStart, start - 1) : '',
  };
}

/** A line with the other old citations blanked out (same length), so that their words choose nothing. */
function withoutCitations(line) {
  const blank = (match) => ' '.repeat(match.length);
  return line
    .replace(SPEC_SECTION, blank)
    .replace(DESIGN_NOTES, blank)
    .replace(ISSUE, blank)
    .replace(SPEC_DOC_NAME, blank);
}

/** The product section a spec reference means: the nearest topic on its line, then the line before, then the path. */
function productTarget(text, offset, length, file) {
  const lines = linesAt(text, offset, length);
  const line = withoutCitations(lines.line);
  const previous = withoutCitations(lines.previous);
  const { at, until } = lines;
  return (
    nearestTopic(TOPICS, line, at, until) ??
    nearestTopic(TOPICS, previous, previous.length, previous.length) ??
    PATH_AREAS.find(([pattern]) => pattern.test(rel(file)))[1]
  );
}

function designTarget(name, text, offset, length) {
  if (name) for (const [pattern, id] of DESIGN_SECTIONS) if (pattern.test(name.trim())) return id;
  const { line, at, until } = linesAt(text, offset, length);
  const blank = (match) => ' '.repeat(match.length);
  return nearestTopic(DESIGN_TOPICS, line.replace(SPEC_SECTION, blank).replace(ISSUE, blank), at, until);
}

function issueAdr(issue, item, file) {
  const key = item ? `${issue}.${item}` : String(issue);
  if (ISSUE_ADRS[key]) return ISSUE_ADRS[key];
  for (const [pattern, adr] of ISSUE_ADRS_BY_PATH[issue] ?? []) if (pattern.test(rel(file))) return adr;
  if (!item && ISSUE_ADRS[String(issue)]) return ISSUE_ADRS[String(issue)];
  return null;
}

/** How a file cites a section: a path from the root in code, a relative Markdown link in Markdown. */
function cite(file, docPath, id, titles) {
  const target = `${docPath}${id ? `#${id}` : ''}`;
  if (!isMarkdown(file)) return target;
  const relative = path.relative(path.dirname(file), path.join(root, docPath)).split(path.sep).join('/');
  const label = (id && titles.get(id)) || docPath;
  return `[${label}](${relative}${id ? `#${id}` : ''})`;
}

/** Whether the words just before a section sign name a standard rather than the specification. */
function citesStandard(before) {
  return STANDARD_BEFORE_SECTION.test(before);
}

/**
 * The old specification's headings, when a citation names one right after its number ("spec §4 \"Checkout
 * routing\"", "Spec §2 Recorders", "Spec §8 (Dashboard)"): the strongest hint, and consumed with the citation.
 * A heading that names no single section (Shell, Entry) is only consumed.
 */
const HEADINGS = [
  ['Checkout routing', 'plans-billing.md#plans-checkout'],
  ['Subscription intent', 'plans-billing.md#plans-intent'],
  ['Premium and checkout', 'plans-billing.md#plans-checkout'],
  ['Registration outcomes', 'accounts.md#accounts-registration'],
  ['Registration', 'accounts.md#accounts-registration'],
  ['Login', 'accounts.md#accounts-login'],
  ['Account deletion', 'accounts.md#accounts-deletion'],
  ['Dashboard filters', 'dashboard.md#dashboard-filters'],
  ['Dashboard', 'dashboard.md#dashboard-errors'],
  ['Roles and permissions', 'plans-billing.md#plans-features'],
  ['Devices', 'media.md#media-recorders'],
  ['Recorders', 'media.md#media-recorders'],
  ['camera photo capture', 'media.md#media-recorders'],
  ['Attach Media panel', 'media.md#media-attach-panel'],
  ['Audio upload', 'media.md#media-checks'],
  ['Video upload', 'media.md#media-checks'],
  ['Image', 'media.md#media-checks'],
  ['Media viewer dialog', 'media.md#media-viewer'],
  ['AI Assist', 'ai.md#ai-assist'],
  ['Share viewer dialog', 'sharing.md#sharing-viewer'],
  ['Share viewer', 'sharing.md#sharing-viewer'],
  ['Shares bell', 'sharing.md#sharing-received'],
  ['Share creation', 'sharing.md#sharing-create'],
  ['Thank-you dialog', 'sharing.md#sharing-thank-you'],
  ['Thank-you note', 'sharing.md#sharing-thank-you'],
  ['Report dialog', 'sharing.md#sharing-report'],
  ['Notification bell', 'notifications.md#notifications-bell'],
  ['Mood picker', 'entries.md#entries-moods'],
  ['Entry list card', 'entries.md#entries-list'],
  ['Quick entry card', 'entries.md#entries-quick-entry'],
  ['Future Self card', 'future-messages.md#future-letters-card'],
  ['Future message', 'future-messages.md#future-letters-rules'],
  ['Moderation rules', 'moderation.md#moderation-rules'],
  ['Shell', null],
  ['Entry', null],
];
const HEADING_AFTER = new RegExp(
  String.raw`^(?:'s)?\s*(?:"(${HEADINGS.map(([name]) => name).join('|')})"|\((${HEADINGS.map(([name]) => name).join('|')})\)|(${HEADINGS.map(([name]) => name).join('|')}))(?![\w-])`,
);

/** A file's text with every old form it can map rewritten. The whole text, since a citation may break a line. */
function fixText(text, file, titles) {
  const spans = [];
  for (const match of text.matchAll(SPEC_SECTION)) {
    const sectionAt = match.index + match[0].indexOf(match[1]);
    if (citesStandard(text.slice(text.lastIndexOf('\n', sectionAt) + 1, sectionAt))) continue;
    let end = match.index + match[0].length;
    let target = null;
    const heading = HEADING_AFTER.exec(text.slice(end));
    if (heading) {
      const name = heading[1] ?? heading[2] ?? heading[3];
      target = HEADINGS.find(([candidate]) => candidate === name)[1];
      end += heading[0].length;
    }
    target ??= productTarget(text, match.index, match[0].length, file);
    // Keep the break of a citation that ran over two lines where it was: "spec\n  §2" → "\n  <citation>".
    const lead = /^[^§]*?(\n[ \t]*(?:\/\/|\*|--|#)?[ \t]*)/.exec(match[0])?.[1] ?? '';
    spans.push({ start: match.index, end, lead, target });
  }
  for (const match of text.matchAll(SPEC_NUMBER)) {
    if (spans.some((span) => match.index >= span.start && match.index < span.end)) continue;
    spans.push({
      start: match.index,
      end: match.index + match[0].length,
      lead: '',
      target: productTarget(text, match.index, match[0].length, file),
    });
  }
  spans.sort((left, right) => left.start - right.start);
  let out = '';
  let from = 0;
  for (const span of spans) {
    if (span.start < from) continue;
    const [page, id] = span.target.split('#');
    out += text.slice(from, span.start) + span.lead + cite(file, `docs/product/${page}`, id, titles);
    from = span.end;
  }
  out += text.slice(from);

  out = out.replace(DESIGN_NOTES, (whole, name, offset, all) =>
    cite(file, 'docs/design.md', designTarget(name, all, offset, whole.length), titles),
  );
  if (!rel(file).startsWith('docs/decisions/')) {
    // "issue 12, ADR 026" and "issue 29 item 3 (ADR 068)": the ADR is already there.
    out = out.replace(
      /\b[Ii]ssues?\s+#?\d+(?:(?:,\s*|\s+)(?:items?|rows?)\s+\d+)?(?:,\s*|;\s*|\s+)(\(?ADRs?\s+\d{3})/g,
      '$1',
    );
    out = out.replace(ISSUE, (whole, issue, item) => {
      // An item on the comment's next line is left for a person: rewriting it would join two lines.
      if (whole.includes('\n')) return whole;
      const adr = issueAdr(issue, item, file);
      return adr ? `ADR ${adr}` : whole;
    });
    // The ADR named twice in a row once its issue became it: "ADR 026, ADR 026" → "ADR 026".
    out = out.replace(/\bADR (\d{3})(?:,\s*|;\s*|\s+)ADR \1\b/g, 'ADR $1');
  }
  // One citation, not the same one twice: "spec §2, accounts §6" may both land on one section.
  out = out.replace(
    /((?:docs\/product\/|docs\/design\.md|\[[^\]\n]*\]\()[\w./#-]*\)?)(?:,\s*|\s+and\s+|;\s*)\1/g,
    '$1',
  );
  return out;
}

/** Every violation in one file's text. */
function check(file, text, ids) {
  const where = rel(file);
  const found = [];
  const lines = text.split('\n');
  const inDecisions = where.startsWith('docs/decisions/');
  lines.forEach((line, index) => {
    const at = `${where}:${index + 1}`;
    for (const match of line.matchAll(SPEC_SECTION)) {
      const sectionAt = match.index + match[0].indexOf(match[1]);
      if (!citesStandard(line.slice(0, sectionAt)))
        found.push(
          `${at}: references/spec-section: "${match[0].trim()}" cites the old specification; cite a docs/product section id`,
        );
    }
    for (const match of line.matchAll(SPEC_NUMBER))
      found.push(
        `${at}: references/spec-section: "${match[0]}" cites the old specification; cite a docs/product section id`,
      );
    for (const match of line.matchAll(SPEC_DOC_NAME))
      found.push(
        `${at}: references/spec-document: "${match[0]}" is not in the repository; cite a docs/product page`,
      );
    for (const match of line.matchAll(DESIGN_NOTES))
      found.push(
        `${at}: references/design-notes: "${match[0]}" is not in the repository; cite a docs/design.md section id`,
      );
    if (!inDecisions)
      for (const match of line.matchAll(ISSUE))
        found.push(
          `${at}: references/issue: "${match[0]}" is not in the repository; cite the ADR, or a product or design section`,
        );
    for (const match of line.matchAll(OUTSIDE_PATH))
      found.push(`${at}: references/outside-path: "${match[0]}" is outside the repository`);
    // Links to sections: a path from the root (code) or relative to the file (Markdown), or "#id" inside a page.
    for (const match of line.matchAll(
      /(?:^|[^\w/.-])((?:\.\.?\/)*(?:docs\/)?(?:product\/[\w-]+\.md|design\.md))(?:#([\w-]+))?/g,
    )) {
      const link = match[1];
      const base = link.startsWith('.') || !link.startsWith('docs/') ? path.dirname(file) : root;
      let target = path.resolve(base, link);
      if (!existsSync(target)) {
        // "docs/product/x.md" written without "docs/" from a Markdown file outside docs/.
        const fromRoot = path.join(
          root,
          link.startsWith('docs/') ? link : `docs/${link.replace(/^(?:\.\.?\/)+/, '')}`,
        );
        if (existsSync(fromRoot)) target = fromRoot;
      }
      if (!existsSync(target) || !ids.has(target)) {
        found.push(`${at}: references/product-id: ${link} does not exist`);
      } else if (match[2] && !ids.get(target).has(match[2])) {
        found.push(`${at}: references/product-id: ${link}#${match[2]} names no section id of ${rel(target)}`);
      }
    }
    if (ids.has(file))
      for (const match of line.matchAll(/\]\(#([\w-]+)\)/g))
        if (!ids.get(file).has(match[1]))
          found.push(`${at}: references/product-id: #${match[1]} names no section id of this page`);
    // ADR numbers: "ADR 069", "ADRs 045, 049", "ADRs 045–051", and links to the records.
    for (const match of line.matchAll(/\bADRs?\s+((?:\d{3})(?:(?:\s*(?:,|and|or|–|-|\/)\s*|\s+)\d{3})*)/g)) {
      for (const number of match[1].match(/\d{3}/g))
        if (!adrNumbers.has(number)) found.push(`${at}: references/adr: ADR ${number} does not exist`);
    }
    for (const match of line.matchAll(/decisions\/(\d{3})-[\w.-]+\.md/g)) {
      if (!adrNumbers.has(match[1])) found.push(`${at}: references/adr: ${match[0]} does not exist`);
    }
  });
  return found;
}

// ---------------------------------------------------------------------------------------------------------------

const files = listFiles(root).filter((file) => !EXEMPT.has(rel(file)));
let { ids, titles } = readIds();

if (isFix) {
  let changed = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const next = fixText(text, file, titles);
    if (next !== text) {
      writeFileSync(file, next);
      changed += 1;
    }
  }
  console.info(`check-references --fix: rewrote ${changed} file(s)`);
  ({ ids, titles } = readIds());
}

const violations = [];
const seen = new Map();
for (const [file, set] of ids)
  for (const id of set) {
    if (seen.has(id))
      violations.push(`${rel(file)}: references/duplicate-id: "${id}" is also an id of ${rel(seen.get(id))}`);
    else seen.set(id, file);
  }
for (const file of files) {
  if (!statSync(file).isFile()) continue;
  violations.push(...check(file, readFileSync(file, 'utf8'), ids));
}

if (violations.length > 0) {
  console.error(violations.join('\n'));
  console.error(
    `\n${violations.length} reference(s) to fix (ADR 091). \`node scripts/check-references.mjs --fix\` rewrites the old forms it can map; the rest need a person.`,
  );
  process.exit(1);
}
if (!isFix) console.info('check-references: every reference is inside the repository');

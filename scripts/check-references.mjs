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
const ISSUE = /\b[Ii]ssues?\s+#?(\d+)(?:(?:,\s*|\s+)(?:items?|rows?)\s+(\d+))?/g;
const OUTSIDE_PATH = /(?:\.\.\/)+shared\/|\/work\/[A-Za-z]|\bshared\/spec\b/g;

// ---------------------------------------------------------------------------------------------------------------
// The mapping tables of --fix

/**
 * Topics, first match wins, read from the words around a reference: a topic names the product section that
 * holds the rule whatever the old section number was (the old specification told the same topic in several
 * numbered sections: screens, states, validation, errors, constants).
 */
const TOPICS = [
  [/error screen|Something went wrong|Page not found|not-found/i, 'shell.md#shell-not-found'],
  [
    /Unable to load dashboard|Authentication Error|Redirecting to login|\(Dashboard\)|only logged/i,
    'dashboard.md#dashboard-errors',
  ],
  [
    /auth or 401|retr(?:y|ies)\b.*(?:auth|401)|up to 2 retries|retries once|retry once/i,
    'dashboard.md#dashboard-errors',
  ],
  [/Checkout routing|request for a plan leads/i, 'plans-billing.md#plans-checkout'],
  [/Subscription intent|Premium intent|\bintent\b/i, 'plans-billing.md#plans-intent'],
  [
    /welcome card|overlay|signup banner|Premium Signup|celebration|Welcome to \{plan\}|upgrade notice|plan pieces/i,
    'plans-billing.md#plans-prompts',
  ],
  [/test[- ]accounts|test or debug|test tools?/i, 'plans-billing.md#plans-test-tools'],
  [/See Premium|upgrade target|locked|lock icon|Upgrade to Premium/i, 'plans-billing.md#plans-locked'],
  [/pric(?:e|ing)|currenc|£2\.99|Unavailable'/i, 'plans-billing.md#plans-pricing'],
  [
    /check-subscription|subscription status|Failed to start checkout|checkout|Welcome to Premium/i,
    'plans-billing.md#plans-checkout',
  ],
  [
    /plan features|feature flags|Free plan|plan's lists|Roles and permissions|Premium card|Basic|what each plan/i,
    'plans-billing.md#plans-features',
  ],
  [/lockout|attempts|lower-cased and trimmed/i, 'accounts.md#accounts-lockout'],
  [/strength|33 ?%/i, 'accounts.md#accounts-password-strength'],
  [/Can't log in|login page|log in|sign-in|sign in|login/i, 'accounts.md#accounts-login'],
  [/regist|Create Account|EMAIL_ALREADY_EXISTS|confirmation|password/i, 'accounts.md#accounts-registration'],
  [
    /delet(?:e|ion) (?:status|banner|request)|account deletion|deletion is scheduled|due to be deleted|Cancel deletion|cancel toasts|requiresResubscribe/i,
    'accounts.md#accounts-deletion',
  ],
  [/time ?zone|full_name|profile/i, 'accounts.md#accounts-profile'],
  [/disabled/i, 'accounts.md#accounts-disabled'],
  [/signing out|sign-out|signed out|session/i, 'accounts.md#accounts-sessions'],
  [/streak/i, 'dashboard.md#dashboard-streak'],
  [
    /mood ring|current mood|Mood \(7 days\)|insights overview|positive|negative|percentages|mood (?:queries|card)|\bmood 2 min/i,
    'dashboard.md#dashboard-moods',
  ],
  [/affirmation/i, 'dashboard.md#dashboard-affirmation'],
  [/calendar|Monday first/i, 'dashboard.md#dashboard-calendar'],
  [/filter|chips?\b|date=|preselects a day|reducer|transition rules/i, 'dashboard.md#dashboard-filters'],
  [/greeting|Welcome back|first name/i, 'dashboard.md#dashboard-layout'],
  [/User not authenticated|search|debounce|500/i, 'search.md#search-rules'],
  [/themes?\b|hashtag/i, 'search.md#search-themes'],
  [/AI Assist|enhance/i, 'ai.md#ai-assist'],
  [/\bAI\b|insights|coach/i, 'ai.md#ai-insights'],
  [/crisis|self.harm/i, 'moderation.md#moderation-crisis'],
  [/thank.you/i, 'sharing.md#sharing-thank-you'],
  [/report/i, 'sharing.md#sharing-report'],
  [/shares bell|Shared with you|in_app_viewed|received|unviewed/i, 'sharing.md#sharing-received'],
  [
    /share viewer|view-share|token view|opened share|share(?:d)? entry page|\/share\//i,
    'sharing.md#sharing-viewer',
  ],
  [/Manage Shar|revoke|resend/i, 'sharing.md#sharing-manage'],
  [/share status|status badge|Pending|Delivered|Viewed/i, 'sharing.md#sharing-status'],
  [/moderat|severity|verdict|to be more appropriate|community guidelines/i, 'moderation.md#moderation-rules'],
  [
    /recipient|Share reflection|share action|share button|simple (?:address )?pattern|share note/i,
    'sharing.md#sharing-create',
  ],
  [/shar(?:e|ing)/i, 'sharing.md#sharing-limits'],
  [/notification|bell|badge|9\+|page 0|size 20/i, 'notifications.md#notifications-bell'],
  [/future|past self|me-ahead/i, 'future-letters.md#future-letters-card'],
  [/media viewer|Media Viewer|Shared by \{name\}/i, 'media.md#media-viewer'],
  [/recorder|recording|camera|720p|microphone|Devices/i, 'media.md#media-recorders'],
  [/Attach Media|media panel|side sheet|drawer|Media is a Premium/i, 'media.md#media-attach-panel'],
  [/image|photo|audio|video|frames?\b|duration|media/i, 'media.md#media-checks'],
  [/salt|entry key|encrypt|decrypt|cipher/i, 'encryption.md#encryption-browser'],
  [/mood tags?|19 moods|\bemoji|mood label|moods?\b/i, 'entries.md#entries-moods'],
  [
    /edit(?:ing)? window|12.hour|12 hours|countdown|hours left|age re-check|expiry callback|can no longer be edited/i,
    'entries.md#entries-edit-window',
  ],
  [/Delete this reflection|deletion|deletions|delete/i, 'entries.md#entries-delete'],
  [
    /daily limit|daily entry limit|Entry created|Saved ✓|Please add some text|creation|limit comes first|sequence/i,
    'entries.md#entries-create',
  ],
  [
    /journal-draft|draft|quick entry|entry box|writing box|Inspire me|collapse|What's on your mind/i,
    'entries.md#entries-quick-entry',
  ],
  [/edit form|Escape|characters'|5,000|counter/i, 'entries.md#entries-edit-window'],
  [
    /entry list|Read more|heading|scroll-to-top|cut|200|Today|grouped|range paging|order created_at|exact count/i,
    'entries.md#entries-list',
  ],
  [
    /toast|tooltip|copied|breakpoint|768|refetch on (?:window )?focus|default cache/i,
    'shell.md#shell-timings',
  ],
  [/#features|#pricing|hash|landing|scroll/i, 'shell.md#shell-landing'],
  [/user menu|header|Shell|theme toggle/i, 'shell.md#shell-header'],
  [/route|page path/i, 'shell.md#shell-routes'],
  [/entr(?:y|ies)/i, 'entries.md#entries-list'],
];

/** Where a file's path says the reference belongs, when its words do not. First match wins. */
const PATH_AREAS = [
  [/sharing|share/, 'sharing.md#sharing-create'],
  [/notification/, 'notifications.md#notifications-bell'],
  [/future-(?:messages|self)/, 'future-letters.md#future-letters-card'],
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
    /theme|hashtag|milestone|every minute|5 minutes ahead|10 years|notification|unknown types|\/coach|\/data-export|deletion limit|expire|purge|drafts older/i,
    'design-open-values',
  ],
  [/argon2|OWASP|better-auth|auth is not|lockout|session/i, 'design-accounts'],
  [
    /salt|HMAC|encrypt|key|plaintext|plain text|decrypt|secure context|WebCrypto|protection-at-rest/i,
    'design-encryption',
  ],
  [/Basic|price|plan/i, 'design-plans'],
  [/\bAI\b|model|provider|five years|SDK/i, 'design-ai'],
  [/instance|scale|one process|load balancer/i, 'design-scale'],
  [/pg-boss|SKIP LOCKED|job/i, 'design-jobs'],
  [/apps\/web|workspaces|known-good|version/i, 'design-architecture'],
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

/** The product section a spec reference on this line of this file means: words first, then the path. */
function productTarget(line, file) {
  for (const [pattern, target] of TOPICS) if (pattern.test(line)) return target;
  const where = rel(file);
  for (const [pattern, target] of PATH_AREAS) if (pattern.test(where)) return target;
  return 'README.md#product-areas';
}

function designTarget(name, line) {
  if (name) for (const [pattern, id] of DESIGN_SECTIONS) if (pattern.test(name.trim())) return id;
  for (const [pattern, id] of DESIGN_TOPICS) if (pattern.test(line)) return id;
  return null;
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

/** The line holding `offset` of `text`, and the line before it: the words that choose a section. */
function contextAt(text, offset) {
  const start = text.lastIndexOf('\n', text.lastIndexOf('\n', offset - 1) - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end < 0 ? text.length : end);
}

/** A file's text with every old form it can map rewritten. The whole text, since a citation may break a line. */
function fixText(text, file, titles) {
  let out = text;
  // Spec sections: one citation per run of numbers; the words around the run choose the section.
  out = out.replace(SPEC_SECTION, (whole, run, offset, all) => {
    const sectionAt = offset + whole.indexOf(run);
    if (citesStandard(all.slice(all.lastIndexOf('\n', sectionAt) + 1, sectionAt))) return whole;
    const [page, id] = productTarget(contextAt(all, offset), file).split('#');
    // Keep the break of a citation that ran over two lines where it was: "spec\n  §2" → "\n  <citation>".
    const lead = /^[^§]*?(\n[ \t]*(?:\/\/|\*|--|#)?[ \t]*)/.exec(whole)?.[1] ?? '';
    return lead + cite(file, `docs/product/${page}`, id, titles);
  });
  out = out.replace(SPEC_NUMBER, (_whole, _number, offset, all) => {
    const [page, id] = productTarget(contextAt(all, offset), file).split('#');
    return cite(file, `docs/product/${page}`, id, titles);
  });
  out = out.replace(DESIGN_NOTES, (_whole, name, offset, all) => {
    const id = designTarget(name, contextAt(all, offset));
    return cite(file, 'docs/design.md', id, titles);
  });
  if (!rel(file).startsWith('docs/decisions/')) {
    // "issue 12, ADR 026" and "issue 29 item 3 (ADR 068)": the ADR is already there.
    out = out.replace(
      /\b[Ii]ssues?\s+#?\d+(?:(?:,\s*|\s+)(?:items?|rows?)\s+\d+)?(?:,\s*|;\s*|\s+)(\(?ADRs?\s+\d{3})/g,
      '$1',
    );
    out = out.replace(ISSUE, (whole, issue, item) => {
      const adr = issueAdr(issue, item, file);
      return adr ? `ADR ${adr}` : whole;
    });
    // The ADR named twice in a row once its issue became it: "ADR 026, ADR 026" → "ADR 026".
    out = out.replace(/\bADR (\d{3})(?:,\s*|;\s*|\s+)ADR \1\b/g, 'ADR $1');
  }
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

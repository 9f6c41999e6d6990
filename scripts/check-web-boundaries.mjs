#!/usr/bin/env node
// The web app's import boundaries (ADR 022), checked as part of `npm run lint`.
//
// Biome's `noRestrictedImports` matches the import *specifier*, and the web app imports by relative path, so
// `../../calendar/format.ts` (another feature) and `../../../lib/cn.ts` (allowed) cannot be told apart by a
// glob on the text. This script resolves each relative specifier to the file it names and checks the zones:
//
//   web/no-cross-feature        features/A never imports features/B (share through lib or components/ui)
//   web/shared-layer-is-leaf    components/ui and lib never import features or app
//   web/feature-not-into-app    features never import app (the app composes features, not the reverse)
//   web/no-server-import        apps/web never imports apps/server (the browser gets the API, not the server)
//   shared/no-app-import        packages/shared never imports an app (both apps depend on it, not the reverse)
//   web/one-way-to-write-dates  only lib/dates.ts (and lib/relative-time.ts, "5 minutes ago") write a date or a
//                               time for people (ADR 085): no `toLocaleDateString`, `toLocaleTimeString`,
//                               `toLocaleString` with date options, `Intl.DateTimeFormat` with a locale or
//                               options, date-fns' `format` family, nor the shared formatters it wraps. The
//                               check reads the text: a bare `date.toLocaleString()` looks like a number's and
//                               passes. Tests may format their own expectations.
//   web/endpoints-declared-once an address of the API (a string that starts `/api/`) is written only by the client,
//                               lib/api-client.ts, from the endpoints declared in packages/shared (ADR 106): a
//                               feature calls `callApi(api.<module>.<operation>, …)`. Tests may name addresses.
//
// Test files obey the same import rules: a test that needs the whole router lives in app/.
// Usage: node scripts/check-web-boundaries.mjs [srcDir] [sharedDir]   (default apps/web/src, packages/shared/src)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const srcDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/src'));
const sharedDir = path.resolve(process.argv[3] ?? path.join(root, 'packages/shared/src'));
const appsDir = path.resolve(srcDir, '../..');

const SOURCE = /\.(?:ts|tsx|mts|js|jsx|mjs)$/;
// Static imports, re-exports (`export … from`), side-effect imports, dynamic `import()` and vitest's module
// mocks (`vi.mock`, `vi.doMock`, `vi.importActual`); comments are
// stripped first so an example in a comment is not read as an import.
const IMPORT =
  /(?:\bimport\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?|\bexport\s+(?:type\s+)?[^'"`;]*?\s+from\s+|\bimport\s*\(\s*|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)['"]([^'"]+)['"]/g;

/** Which zone a path (relative to srcDir, with forward slashes) belongs to. */
function zoneOf(relative) {
  const parts = relative.split('/');
  if (parts[0] === 'features' && parts.length > 2) return { kind: 'feature', name: parts[1] };
  if (parts[0] === 'components' && parts[1] === 'ui') return { kind: 'ui' };
  if (parts[0] === 'lib') return { kind: 'lib' };
  if (parts[0] === 'app') return { kind: 'app' };
  return { kind: 'other' };
}

/** The rule an import from `from` to `to` breaks, or null. */
function brokenRule(from, to) {
  if (to.kind === 'feature' && from.kind === 'feature' && from.name !== to.name)
    return 'web/no-cross-feature';
  if ((from.kind === 'ui' || from.kind === 'lib') && (to.kind === 'feature' || to.kind === 'app')) {
    return 'web/shared-layer-is-leaf';
  }
  if (from.kind === 'feature' && to.kind === 'app') return 'web/feature-not-into-app';
  return null;
}

/** The text without comments, its lines kept where they were (so that a violation names the right line). */
function stripComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const toPosix = (p) => p.split(path.sep).join('/');
const violations = [];
let checked = 0;

/** Where a specifier leads: the app it names by package, or the file a relative path resolves to. */
function appOf(file, specifier) {
  const byName = /^@daybook\/(web|server)(?:\/|$)/.exec(specifier);
  if (byName) return byName[1];
  if (!specifier.startsWith('.')) return null;
  const target = toPosix(path.relative(appsDir, path.resolve(path.dirname(file), specifier)));
  return target.startsWith('..') ? null : target.split('/')[0];
}

function eachImport(file, visit) {
  const text = stripComments(readFileSync(file, 'utf8'));
  for (const match of text.matchAll(IMPORT)) {
    const line = text.slice(0, match.index).split('\n').length;
    visit(match[1], line);
  }
}

for (const file of sourceFiles(srcDir)) {
  checked++;
  const fromRelative = toPosix(path.relative(srcDir, file));
  const from = zoneOf(fromRelative);
  eachImport(file, (specifier, line) => {
    if (appOf(file, specifier) === 'server') {
      violations.push(`web/no-server-import: apps/web/src/${fromRelative}:${line} imports '${specifier}'`);
      return;
    }
    if (!specifier.startsWith('.')) return; // packages (@daybook/shared, react, …) are not zones
    const target = toPosix(path.relative(srcDir, path.resolve(path.dirname(file), specifier)));
    if (target.startsWith('..')) return;
    const rule = brokenRule(from, zoneOf(target));
    if (rule)
      violations.push(`${rule}: apps/web/src/${fromRelative}:${line} imports '${specifier}' (${target})`);
  });
}

// web/one-way-to-write-dates (ADR 085).
const DATE_MODULES = new Set(['lib/dates.ts', 'lib/relative-time.ts']);
const DATE_CALLS = [
  [/\.toLocale(?:Date|Time)String\s*\(/g, 'toLocaleDateString/toLocaleTimeString'],
  // `Intl.DateTimeFormat()` with nothing in it only reads the browser's time zone.
  [/\bIntl\.DateTimeFormat\s*\(\s*[^)\s]/g, 'Intl.DateTimeFormat with a locale or options'],
  [
    /\.toLocaleString\s*\([^()]*\{[^}]*\b(?:dateStyle|timeStyle|weekday|era|year|month|day|hour|minute|second|timeZoneName)\b/g,
    'toLocaleString with date options',
  ],
];
const DATE_FNS_FORMATTERS = new Set([
  'format',
  'formatDate',
  'lightFormat',
  'intlFormat',
  'formatDistance',
  'formatDistanceStrict',
  'formatDistanceToNow',
  'formatDistanceToNowStrict',
  'formatRelative',
  'intlFormatDistance',
]);
const SHARED_FORMATTERS = new Set(['readingFormatter', 'dayHeading', 'formatDeletionDate']);
const NAMED_IMPORT = /\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const isTest = (relative) => /\.test\.tsx?$/.test(relative) || relative.startsWith('test/');

for (const file of sourceFiles(srcDir)) {
  const relative = toPosix(path.relative(srcDir, file));
  if (DATE_MODULES.has(relative) || isTest(relative)) continue;
  const text = stripComments(readFileSync(file, 'utf8'));
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  const report = (index, what) =>
    violations.push(
      `web/one-way-to-write-dates: apps/web/src/${relative}:${lineOf(index)} uses ${what}; write dates through lib/dates.ts`,
    );
  for (const [pattern, what] of DATE_CALLS)
    for (const match of text.matchAll(pattern)) report(match.index, what);
  for (const match of text.matchAll(NAMED_IMPORT)) {
    const names = match[1].split(',').map((name) =>
      name
        .trim()
        .split(/\s+as\s+/)[0]
        .replace(/^type\s+/, ''),
    );
    const banned = /^date-fns(?:\/|$)/.test(match[2])
      ? DATE_FNS_FORMATTERS
      : match[2] === '@daybook/shared'
        ? SHARED_FORMATTERS
        : null;
    for (const name of names) if (banned?.has(name)) report(match.index, `${name} from ${match[2]}`);
  }
}

// web/endpoints-declared-once (ADR 106). Comments are stripped first, so a path named in one is fine.
const API_CLIENT = 'lib/api-client.ts';
const API_ADDRESS = /['"`]\/api\//g;
for (const file of sourceFiles(srcDir)) {
  const relative = toPosix(path.relative(srcDir, file));
  if (relative === API_CLIENT || isTest(relative)) continue;
  const text = stripComments(readFileSync(file, 'utf8'));
  for (const match of text.matchAll(API_ADDRESS)) {
    const line = text.slice(0, match.index).split('\n').length;
    violations.push(
      `web/endpoints-declared-once: apps/web/src/${relative}:${line} writes an API address; call the endpoint declared in packages/shared through lib/api-client.ts`,
    );
  }
}

for (const file of sourceFiles(sharedDir)) {
  checked++;
  const fromRelative = toPosix(path.relative(sharedDir, file));
  eachImport(file, (specifier, line) => {
    const app = appOf(file, specifier);
    if (app)
      violations.push(
        `shared/no-app-import: packages/shared/src/${fromRelative}:${line} imports '${specifier}' (apps/${app})`,
      );
  });
}

if (violations.length > 0) {
  console.error(`✖ web boundaries: ${violations.length} violation(s) (ADR 022, 085, 106)`);
  for (const violation of violations) console.error(`  ${violation}`);
  process.exit(1);
}
console.info(`✔ web and shared import boundaries: ${checked} files, no violations`);

#!/usr/bin/env node
// The server's house rules that biome cannot express on its own, and the generated parts of docs/ARCHITECTURE.md:
// the module graph, and the tables of the server's and the web's folders from each folder's README.md.
//
//   node scripts/architecture.mjs          rewrite the generated blocks of docs/ARCHITECTURE.md
//   node scripts/architecture.mjs --check  fail (exit 1) on a broken rule or a stale graph; run by `npm run lint`
//   --root <dir>                           check another checkout (the script's own test uses a scratch tree)
//
// Biome's noRestrictedImports matches the import text and noImportCycles works file by file; this script resolves
// every relative import to a unit (modules/<name>, infra/<name>, jobs, db, lib, cli, or a top-level file), so it
// also sees a cycle between two modules that never forms between two files (ADR 021).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootFlag = process.argv.indexOf('--root');
const root =
  rootFlag === -1
    ? resolve(dirname(fileURLToPath(import.meta.url)), '..')
    : resolve(process.argv[rootFlag + 1]);
const srcRoot = join(root, 'apps/server/src');
const docPath = join(root, 'docs/ARCHITECTURE.md');
const START = '<!-- module-graph:start -->';
const END = '<!-- module-graph:end -->';

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** modules/entries/service.ts → modules/entries; infra/http/errors.ts → infra/http; services.ts → services.ts */
function unitOf(file) {
  const parts = relative(srcRoot, file).split('/');
  if (parts[0] === 'modules' || parts[0] === 'infra') return `${parts[0]}/${parts[1]}`;
  return parts.length === 1 ? parts[0] : parts[0];
}

// Static imports, re-exports and dynamic import() of a relative path; bare specifiers are packages and not ours.
const IMPORT =
  /(?:^|\n)\s*(import|export)\s(type\s)?[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = match[3] ?? match[4];
    return {
      specifier,
      target: resolve(dirname(file), specifier),
      typeOnly: match[1] === 'import' && Boolean(match[2]),
      line: text.slice(0, text.indexOf(specifier, match.index)).split('\n').length,
    };
  });
}

const files = sourceFiles(srcRoot);
/** A function's or method's first line in a repository: `async name(`, `function name(`, `name(`. */
const METHOD_START =
  /^\s*(async\s+)?(function\s+)?(?!(if|for|while|switch|return|catch)\b)[A-Za-z_]\w*\s*[(<].*[({]\s*$/;
/** A read of the entries table, in SQL text or through drizzle. */
const ENTRIES_READ = /\b(from|join)\s+(entries|\$\{entries\})\b|\.(from|innerJoin|leftJoin)\(entries\b/;
const violations = [];
const graph = new Map(); // unit → Set of units it imports
// Edges that count for no-module-cycles: all but the routes' `import type { Services }` of the composition root,
// which is how services.ts hands each module its wired services and carries no code back.
const cycleGraph = new Map();
const rel = (path) => relative(root, path);

for (const file of files) {
  const from = unitOf(file);
  if (!graph.has(from)) graph.set(from, new Set());
  if (!cycleGraph.has(from)) cycleGraph.set(from, new Set());
  const text = readFileSync(file, 'utf8');
  const name = file.split('/').pop();
  const isRepository = /(^|-)repository\.ts$/.test(name);

  // sql-in-repositories: tables and raw SQL are touched by repositories (and by db/ and the infra stores) only.
  if ((from.startsWith('modules/') || from === 'jobs') && !isRepository) {
    const sqlUse =
      /from\s+['"]drizzle-orm['"]/.test(text) ||
      /\/db\/schema(\/index)?\.ts['"]/.test(text) ||
      /\.execute\s*[<(]|\bsql`|\.query\s*[<(]/.test(text);
    if (sqlUse) {
      violations.push(
        `sql-in-repositories: ${rel(file)} touches tables or SQL; move the query into a repository and call it through the service`,
      );
    }
  }

  // server/visible-entries-rule: outside the entries module, a statement that reads the entries table says which
  // entries it may see with the entries module's rule (visibleEntriesOf, visibleEntry, handed in by services.ts),
  // or names its reason on an `entries-rule:` comment just above (a purge reads every row, deleted ones too).
  if (isRepository && from !== 'modules/entries') {
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if (!ENTRIES_READ.test(line)) return;
      // The statement's function: from its signature above to the next one below.
      let start = index;
      while (start > 0 && !METHOD_START.test(lines[start])) start--;
      let end = index + 1;
      while (end < lines.length && !METHOD_START.test(lines[end])) end++;
      const statement = lines.slice(start, end).join('\n');
      if (/visibleEntr|visible\.(of|rule)\(|exportableIn\(|entries-rule:/.test(statement)) return;
      violations.push(
        `server/visible-entries-rule: ${rel(file)}:${index + 1} reads entries without the visible-entries rule (visibleEntriesOf or visibleEntry from services.ts, or an "entries-rule:" reason)`,
      );
    });
  }

  // server/routes-from-endpoints (ADR 106): a module's route is registered from its endpoint declared in
  // packages/shared, through infra/http/endpoint-route.ts's `route`, never by a path written in the module (an
  // `endpoint-rule:` comment just above names why a route is not an API operation, e.g. better-auth's own).
  if (from.startsWith('modules/')) {
    const lines = text.split('\n');
    for (const match of text.matchAll(
      /\.(?:get|post|put|patch|delete|head|all)\(\s*['"`]\/|\.route\(\s*\{/g,
    )) {
      const index = text.slice(0, match.index).split('\n').length - 1;
      if (/endpoint-rule:/.test(lines.slice(Math.max(0, index - 3), index + 1).join('\n'))) continue;
      violations.push(
        `server/routes-from-endpoints: ${rel(file)}:${index + 1} registers a route by its path; declare it in packages/shared/src/endpoints and register it with route() (ADR 106)`,
      );
    }
  }

  for (const { specifier, target, typeOnly, line } of importsOf(file)) {
    if (!target.startsWith(srcRoot)) continue;
    const to = unitOf(target);
    if (to === from) continue;
    graph.get(from).add(to);
    if (!(typeOnly && to === 'services.ts')) cycleGraph.get(from).add(to);
    const at = `${rel(file)}:${line} imports '${specifier}'`;
    if (from.startsWith('infra/') && to.startsWith('modules/')) {
      violations.push(`infra-never-imports-modules: ${at}`);
    }
    if (
      from.startsWith('modules/') &&
      to.startsWith('modules/') &&
      !/(^|-)service\.ts$/.test(target.split('/').pop())
    ) {
      violations.push(
        `server-module-boundary: ${at}; another module is reached through its service.ts (public functions) only`,
      );
    }
  }
}

// no-module-cycles: strongly connected components of the unit graph (Tarjan), reported when larger than one unit.
function cycles() {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (node) => {
    info.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of cycleGraph.get(node) ?? []) {
      if (!info.has(next)) {
        visit(next);
        info.get(node).low = Math.min(info.get(node).low, info.get(next).low);
      } else if (info.get(next).onStack) {
        info.get(node).low = Math.min(info.get(node).low, info.get(next).index);
      }
    }
    if (info.get(node).low === info.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        info.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...cycleGraph.keys()].sort()) if (!info.has(node)) visit(node);
  return found;
}
for (const component of cycles()) {
  violations.push(
    `no-module-cycles: ${component.join(' ↔ ')} import each other (directly or through each other)`,
  );
}

const order = (a, b) => {
  const rank = (unit) =>
    unit.startsWith('modules/')
      ? 0
      : unit === 'jobs' || unit === 'cli'
        ? 1
        : unit.startsWith('infra/')
          ? 3
          : /\.ts$/.test(unit)
            ? 2
            : 4;
  return rank(a) - rank(b) || a.localeCompare(b);
};
const rows = [...graph.keys()].sort(order).map((unit) => {
  const targets = [...graph.get(unit)].sort(order);
  return `| \`${unit}\` | ${targets.length ? targets.map((t) => `\`${t}\``).join(', ') : '—'} |`;
});
const block = [
  START,
  '<!-- generated by `node scripts/architecture.mjs` from the imports of apps/server/src; `npm run lint` fails when it is stale -->',
  '',
  '| Unit | Imports (units of apps/server/src) |',
  '|---|---|',
  ...rows,
  END,
].join('\n');

/**
 * The folders a newcomer looks for first, each described by the first paragraph of its own README.md: the
 * server's modules and infra, the web's features. The tables in docs/ARCHITECTURE.md are made from them, so a
 * folder added without a word, or a word changed in one place only, fails `npm run lint` (ADR 074).
 */
const FOLDER_TABLES = [
  {
    name: 'server-folders',
    parents: ['apps/server/src/modules', 'apps/server/src/infra'],
    strip: 'apps/server/src/',
  },
  { name: 'web-features', parents: ['apps/web/src/features'], strip: 'apps/web/src/' },
];

function folderTable({ name, parents, strip }) {
  const rows = parents.flatMap((parent) =>
    (existsSync(join(root, parent)) ? readdirSync(join(root, parent), { withFileTypes: true }) : [])
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .sort()
      .map((folder) => {
        let text = '';
        try {
          text = readFileSync(join(root, folder, 'README.md'), 'utf8');
        } catch {}
        const paragraph = text
          .trim()
          .split(/\n\s*\n/)[0]
          ?.replace(/\s+/g, ' ')
          .trim();
        if (!paragraph) violations.push(`folder-described: ${folder} has no README.md saying what it holds`);
        return `| [\`${folder.slice(strip.length)}\`](../${folder}) | ${paragraph || '—'} |`;
      }),
  );
  return [
    `<!-- ${name}:start -->`,
    "<!-- generated by `node scripts/architecture.mjs` from each folder's README.md; `npm run lint` fails when it is stale -->",
    '',
    '| Folder | What it holds |',
    '|---|---|',
    ...rows,
    `<!-- ${name}:end -->`,
  ].join('\n');
}

/** The document with the generated block between `start` and `end` replaced. */
function withBlock(doc, start, end, generated) {
  const startAt = doc.indexOf(start);
  const endAt = doc.indexOf(end);
  if (startAt === -1 || endAt === -1) {
    console.error(`architecture: ${rel(docPath)} has no ${start} … ${end} block`);
    process.exit(1);
  }
  return doc.slice(0, startAt) + generated + doc.slice(endAt + end.length);
}

const doc = readFileSync(docPath, 'utf8');
const next = FOLDER_TABLES.reduce(
  (text, table) =>
    withBlock(text, `<!-- ${table.name}:start -->`, `<!-- ${table.name}:end -->`, folderTable(table)),
  withBlock(doc, START, END, block),
);

if (process.argv.includes('--check')) {
  if (next !== doc) {
    violations.push(
      `module-graph-up-to-date: ${rel(docPath)} does not show the module graph and folders as they are; run node scripts/architecture.mjs`,
    );
  }
  for (const violation of violations) console.error(`✖ ${violation}`);
  if (violations.length) process.exit(1);
  console.info(`architecture: ${files.length} server files, ${graph.size} units, house rules hold`);
} else {
  writeFileSync(docPath, next);
  for (const violation of violations) console.error(`✖ ${violation}`);
  console.info(`architecture: wrote the module graph of ${graph.size} units to ${rel(docPath)}`);
  if (violations.length) process.exit(1);
}

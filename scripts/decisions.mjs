#!/usr/bin/env node
// The decision records (docs/decisions) kept from drifting (ADR 074).
//
//   node scripts/decisions.mjs          add a missing Date (from git) or Status to a record, rewrite each record's
//                                       "Changed by" line and the index (docs/decisions/README.md)
//   node scripts/decisions.mjs --check  fail (exit 1), naming the rule, when a record lacks its Date or Status,
//                                       a "Changed by" line is stale, or the index is; run by `npm run lint`
//
// A record changes an earlier one when its Status says it "amends" or "supersedes" it ("amends 037",
// "supersedes the … part of 045"); the earlier record then says so on a generated "Changed by" line, and the index
// lists both ways. Numbers never used are explained in the index, from SKIPPED below.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'docs/decisions');
const indexPath = path.join(dir, 'README.md');
const isCheck = process.argv.includes('--check');

/** Numbers no record was ever committed under (git log of docs/decisions has none), and why. */
const SKIPPED = {
  '036': 'skipped on 2026-11-22, when 035, 037, 040 and 041 were written the same day; no record was lost',
  '038': 'skipped on 2026-11-22, as 036',
  '039': 'skipped on 2026-11-22, as 036',
};

const CHANGED_BY = /^Changed by: .*$/m;
const files = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

function read(file) {
  const text = readFileSync(path.join(dir, file), 'utf8');
  const number = file.slice(0, 3);
  const title = (/^#\s+(.*)$/m.exec(text)?.[1] ?? file).replace(/^\d{3}\s*(—|-|:)?\s*/, '').trim();
  const head = text.split('\n').slice(0, 12).join('\n');
  const date = /^Date:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(head)?.[1] ?? null;
  // The Status paragraph: its line and the lines that continue it, up to a blank line.
  const statusMatch = /^Status:\s*(.*(?:\n(?!\n).+)*)/m.exec(head);
  const status = statusMatch ? statusMatch[1].replace(/\s+/g, ' ').trim() : null;
  return { file, number, title, text, date, status };
}

let records = files.map(read);

/** The records a Status says this one amends or supersedes. */
function changes(record) {
  if (!record.status) return [];
  const found = new Set();
  for (const clause of record.status.matchAll(/\b(amends|supersedes)\b([^;)]*)/gi)) {
    for (const number of clause[2].matchAll(/\b([01]\d\d)\b/g))
      if (number[1] !== record.number) found.add(number[1]);
  }
  return [...found];
}

const violations = [];
if (!isCheck) {
  // Missing Date or Status: the date the record was first committed, and Accepted (every record is).
  const today = new Date().toISOString().slice(0, 10);
  for (const record of records) {
    if (record.date && record.status) continue;
    const added = (() => {
      try {
        const out = execFileSync(
          'git',
          ['log', '--diff-filter=A', '--format=%ad', '--date=short', '--', `docs/decisions/${record.file}`],
          { cwd: root, encoding: 'utf8' },
        ).trim();
        return out.split('\n').at(-1) || today;
      } catch {
        return today;
      }
    })();
    const lines = [];
    if (!record.date) lines.push(`Date: ${added}`);
    if (!record.status) lines.push('Status: Accepted');
    const text = record.text.replace(/^(#\s+.*\n)\n?/, `$1\n${lines.join('\n')}\n\n`);
    writeFileSync(path.join(dir, record.file), text);
  }
  records = files.map(read);
}

const byNumber = new Map(records.map((record) => [record.number, record]));
const changedBy = new Map();
for (const record of records) {
  for (const number of changes(record)) {
    if (!byNumber.has(number)) {
      violations.push(
        `adr/changes-a-record: ${record.file} amends or supersedes ${number}, which does not exist`,
      );
      continue;
    }
    changedBy.set(number, [...(changedBy.get(number) ?? []), record.number]);
  }
}
const link = (number) => `[${number}](${byNumber.get(number).file})`;

for (const record of records) {
  if (!record.date || !record.status) {
    violations.push(
      `adr/date-and-status: ${record.file} lacks its ${[!record.date && 'Date:', !record.status && 'Status:'].filter(Boolean).join(' and ')} line; run node scripts/decisions.mjs`,
    );
    continue;
  }
  const later = changedBy.get(record.number) ?? [];
  const wanted = later.length ? `Changed by: ${later.map(link).join(', ')}` : null;
  const current = CHANGED_BY.exec(record.text)?.[0] ?? null;
  if (current === wanted) continue;
  if (isCheck) {
    violations.push(
      `adr/changed-by-link: ${record.file} ${wanted ? `should say "${wanted}"` : 'has a stale "Changed by" line'}; run node scripts/decisions.mjs`,
    );
    continue;
  }
  let text = record.text.replace(/^Changed by: .*\n/m, '');
  if (wanted) text = text.replace(/^(Status:.*(?:\n(?!\n).+)*)\n/m, `$1\n${wanted}\n`);
  writeFileSync(path.join(dir, record.file), text);
}

const used = new Set(records.map((record) => record.number));
const highest = Math.max(...records.map((record) => Number(record.number)));
for (let n = 1; n <= highest; n++) {
  const number = String(n).padStart(3, '0');
  if (!used.has(number) && !SKIPPED[number])
    violations.push(
      `adr/no-unexplained-gap: no record ${number}; explain it in SKIPPED (scripts/decisions.mjs)`,
    );
}

const escapeCell = (value) => value.replace(/\|/g, '\\|');
const index = [
  '# Decision records',
  '',
  '<!-- generated by `node scripts/decisions.mjs`; `npm run lint` fails when it is stale -->',
  '',
  'Each record says what we decided, why, and what it costs; a later record that amends or supersedes one is named',
  'on its "Changed by" line. Numbers are never reused.',
  '',
  '| Record | Date | Status | Changed by |',
  '|---|---|---|---|',
  ...records.map((record) => {
    const later = changedBy.get(record.number) ?? [];
    const status = record.status
      ? record.status.split(/[\s(;]/)[0].replace(/^./, (c) => c.toUpperCase())
      : '—';
    return `| [${record.number}](${record.file}) ${escapeCell(record.title)} | ${record.date ?? '—'} | ${status} | ${later.length ? later.map(link).join(', ') : '—'} |`;
  }),
  '',
  '## Numbers not used',
  '',
  ...Object.entries(SKIPPED).map(([number, why]) => `- ${number}: ${why}.`),
  '',
].join('\n');

let currentIndex = '';
try {
  currentIndex = readFileSync(indexPath, 'utf8');
} catch {}
if (currentIndex !== index) {
  if (isCheck)
    violations.push(
      'adr/index-up-to-date: docs/decisions/README.md is stale; run node scripts/decisions.mjs',
    );
  else writeFileSync(indexPath, index);
}

for (const violation of violations) console.error(`✖ ${violation}`);
if (violations.length > 0) process.exit(1);
console.info(`decisions: ${records.length} records, each dated with a status; index up to date`);

#!/usr/bin/env node
// Every environment variable the server reads is documented, and nothing documented is unknown to it (ADR 079):
// the keys of `EnvSchema` in apps/server/src/config.ts against the README's configuration table, the
// .env.example an operator copies, and the environment of deploy/compose.yaml. Run by `npm run lint`.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');

const config = read('apps/server/src/config.ts');
const start = config.indexOf('const EnvSchema = z.object({');
const end = config.indexOf('\n});', start);
if (start === -1 || end === -1) throw new Error('check-env-docs: EnvSchema not found in config.ts');
const known = new Set([...config.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));

// The README's table: every `NAME` in a row's first cell ("`PORT` / `HOST`").
const readme = read('README.md');
const inReadme = new Set(
  readme
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])),
);
// .env.example: set or commented out ("# SMTP_URL=").
const inExample = new Set([...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
// compose.yaml: the keys of each service's `environment:` map that the app reads (the app services' x-app block).
const compose = read('deploy/compose.yaml');
const appBlock = compose.slice(compose.indexOf('x-app-environment:'), compose.indexOf('\nservices:'));
const inCompose = new Set([...appBlock.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));

const problems = [];
for (const name of known) {
  if (!inReadme.has(name)) problems.push(`${name} is read by the server but not in the README's table`);
  if (!inExample.has(name)) problems.push(`${name} is read by the server but not in .env.example`);
}
for (const [where, names] of [
  ['the README', inReadme],
  ['.env.example', inExample],
  ['deploy/compose.yaml', inCompose],
])
  for (const name of names)
    if (!known.has(name)) problems.push(`${name} is in ${where} but the server does not read it`);

if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ env-docs: ${problem}`);
  process.exit(1);
}
console.info(
  `env-docs: ${known.size} variables, each in the README, .env.example and known to deploy/compose.yaml`,
);

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptOnScratchTrees } from './support/script-scratch.ts';

// scripts/architecture.mjs run against a scratch tree: each house rule fails by its name (ADR 021).
const scratch = scriptOnScratchTrees('architecture.mjs', 'daybook-house-rules-');
const run = scratch.run;
const GRAPH = [
  '<!-- server-folders:start -->\n<!-- server-folders:end -->',
  '<!-- module-graph:start -->\n<!-- module-graph:end -->',
  '<!-- web-features:start -->\n<!-- web-features:end -->\n',
].join('\n');

/** A tiny server tree: a plans module whose service another module uses properly. */
function scratchTree(extra: Record<string, string>) {
  const files: Record<string, string> = {
    'apps/server/src/lib/errors.ts': 'export class AppError extends Error {}\n',
    'apps/server/src/modules/plans/repository.ts':
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
    'apps/server/src/modules/plans/service.ts':
      "import { q } from './repository.ts';\nexport const planOf = () => q;\n",
    'apps/server/src/modules/entries/service.ts':
      "import { AppError } from '../../lib/errors.ts';\nimport { planOf } from '../plans/service.ts';\nexport const x = [AppError, planOf];\n",
    'apps/server/src/infra/http/errors.ts':
      "import { AppError } from '../../lib/errors.ts';\nexport { AppError };\n",
    'apps/server/src/modules/plans/README.md': 'What a plan allows.\n',
    'apps/server/src/modules/entries/README.md': 'Journal entries.\n',
    'apps/server/src/infra/http/README.md': 'What every route shares.\n',
    'docs/ARCHITECTURE.md': `# Architecture\n\n${GRAPH}`,
    ...extra,
  };
  return scratch.tree(files);
}

describe('scripts/architecture.mjs', () => {
  it('lets a repository read entries with the rule or a stated reason', () => {
    const dir = scratchTree({
      'apps/server/src/modules/plans/repository.ts': [
        "import { sql } from 'drizzle-orm';",
        'export const q = sql`select 1`;',
        'export function mine(visibleEntriesOf: (id: string) => unknown, id: string) {',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the string is the source of a scratch file
        '  return sql`select count(*) from entries where ${visibleEntriesOf(id)}`;',
        '}',
        'export function purge(id: string) {',
        '  // entries-rule: a purge counts every row.',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the string is the source of a scratch file
        '  return sql`select count(*) from entries where user_id = ${id}`;',
        '}',
        '',
      ].join('\n'),
    });
    run(dir);
    expect(run(dir, '--check')).toEqual({ status: 0, stderr: '' });
  });

  it('writes the module graph, then passes --check on a tree that keeps the rules', () => {
    const dir = scratchTree({});
    expect(run(dir, '--check').stderr).toContain('module-graph-up-to-date');
    expect(run(dir).status).toBe(0);
    const written = readFileSync(join(dir, 'docs/ARCHITECTURE.md'), 'utf8');
    expect(written).toContain('| `modules/entries` | `modules/plans`, `lib` |');
    expect(written).toContain(
      '| [`modules/entries`](../apps/server/src/modules/entries) | Journal entries. |',
    );
    expect(run(dir, '--check')).toEqual({ status: 0, stderr: '' });
  });

  it.each([
    [
      'server-module-boundary',
      {
        'apps/server/src/modules/media/service.ts':
          "import { q } from '../plans/repository.ts';\nexport const y = q;\n",
      },
    ],
    [
      'infra-never-imports-modules',
      {
        'apps/server/src/infra/http/plan-check.ts':
          "import { planOf } from '../../modules/plans/service.ts';\nexport const z = planOf;\n",
      },
    ],
    [
      'no-module-cycles',
      {
        'apps/server/src/modules/plans/service.ts':
          "import { q } from './repository.ts';\nimport type { x } from '../entries/service.ts';\nexport const planOf = () => q;\nexport type X = typeof x;\n",
      },
    ],
    [
      'sql-in-repositories',
      {
        'apps/server/src/jobs/prune.ts':
          "import { sql } from 'drizzle-orm';\nexport const p = sql`delete from t`;\n",
      },
    ],
    [
      'server/visible-entries-rule',
      {
        'apps/server/src/modules/plans/repository.ts':
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the string is the source of a scratch file
          "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\nexport function count(id: string) {\n  return sql`select count(*) from entries where user_id = ${id}`;\n}\n",
      },
    ],
    [
      'server/routes-from-endpoints',
      {
        'apps/server/src/modules/plans/routes.ts':
          "export const plansRoutes = async (app: { get: Function }) => {\n  app.get(\n    '/plans',\n    () => [],\n  );\n};\n",
      },
    ],
    ['folder-described', { 'apps/server/src/modules/media/service.ts': 'export const m = 1;\n' }],
  ])('fails --check with %s', (rule, files) => {
    const dir = scratchTree(files);
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`✖ ${rule}:`);
    // The graph is written even so; the check still fails on the rule alone.
    const check = run(dir, '--check');
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(`✖ ${rule}:`);
    expect(check.stderr).not.toContain('module-graph-up-to-date');
  });
});

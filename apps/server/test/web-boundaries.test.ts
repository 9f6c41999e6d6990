import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptOnScratchTrees } from './support/script-scratch.ts';

// scripts/check-web-boundaries.mjs run against a scratch web app and shared package: each rule fails by its name.
const scratch = scriptOnScratchTrees('check-web-boundaries.mjs', 'daybook-web-boundaries-');
const SCRIPT = resolve(import.meta.dirname, '../../../scripts/check-web-boundaries.mjs');

function check(files: Record<string, string>) {
  const dir = scratch.tree({ 'packages/shared/src/index.ts': 'export const x = 1;\n', ...files });
  const result = spawnSync(
    process.execPath,
    [SCRIPT, join(dir, 'apps/web/src'), join(dir, 'packages/shared/src')],
    { encoding: 'utf8' },
  );
  return { status: result.status, stderr: result.stderr };
}

const CLIENT = 'export const callApi = (endpoint: { path: string }) => fetch(endpoint.path);\n';

describe('scripts/check-web-boundaries.mjs', () => {
  it('passes a feature that calls a declared endpoint, a path named in a comment, and a test that names an address', () => {
    const result = check({
      'apps/web/src/lib/api-client.ts': `${CLIENT}export const API_PREFIX = '/api/';\n`,
      'apps/web/src/features/plans/api.ts':
        "import { callApi } from '../../lib/api-client.ts';\n// GET /api/plans: the plans.\nexport const plans = () => callApi({ path: 'declared' });\n",
      'apps/web/src/features/plans/api.test.ts': "export const stub = { 'GET /api/plans': [] };\n",
    });
    expect(result).toEqual({ status: 0, stderr: '' });
  });

  it.each([
    [
      'web/endpoints-declared-once',
      {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the string is the source of a scratch file
        'apps/web/src/features/plans/api.ts': 'export const plans = () => fetch(`/api/plans?page=${1}`);\n',
      },
    ],
    [
      'web/no-server-import',
      {
        'apps/web/src/lib/plans.ts': "import { x } from '../../../server/src/app.ts';\nexport const y = x;\n",
      },
    ],
    [
      'shared/no-app-import',
      {
        'packages/shared/src/plans.ts':
          "import { y } from '../../../apps/web/src/lib/plans.ts';\nexport const z = y;\n",
      },
    ],
    [
      'web/no-cross-feature',
      { 'apps/web/src/features/plans/a.ts': "import { b } from '../billing/b.ts';\nexport const a = b;\n" },
    ],
  ])('fails with %s', (rule, files) => {
    const result = check({ 'apps/web/src/lib/api-client.ts': CLIENT, ...files });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${rule}:`);
  });
});

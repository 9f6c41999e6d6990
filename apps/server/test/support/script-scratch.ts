import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');

/**
 * One of the repository's checking scripts (`scripts/<name>`) run against scratch trees: the house rules' and the
 * references' tests write a tiny repository, run the script on it with `--root`, and read its exit and messages.
 * Each tree is removed after its test.
 */
export function scriptOnScratchTrees(name: string, prefix: string) {
  const script = join(ROOT, 'scripts', name);
  let root: string | null = null;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = null;
  });
  return {
    /** Writes `files` (path → text) into a fresh tree and returns its folder. */
    tree(files: Record<string, string>): string {
      root = mkdtempSync(join(tmpdir(), prefix));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      return root;
    },
    run(dir: string, ...args: string[]) {
      const result = spawnSync(process.execPath, [script, '--root', dir, ...args], { encoding: 'utf8' });
      return { status: result.status, stderr: result.stderr };
    },
  };
}

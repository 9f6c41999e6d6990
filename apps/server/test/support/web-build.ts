import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A minimal built web app (index.html and one hashed asset) for tests of how the server serves it. */
export function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'daybook-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log("app");');
  return dir;
}

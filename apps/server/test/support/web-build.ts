import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_TOOLS_META } from '@daybook/shared';

export const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"><main id="main-content"><!--first-screen--></main></div></body></html>';

/** The source map of the fake build's script, written beside it as Vite's 'hidden' maps are (named by no script). */
export const SOURCE_MAP = '/assets/app-1234.js.map';

/**
 * A minimal built web app (index.html, one hashed asset and its source map, the service worker and the manifest) for
 * tests of how the server serves it.
 */
export function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'daybook-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log("app");');
  writeFileSync(
    path.join(dir, SOURCE_MAP),
    JSON.stringify({
      version: 3,
      file: 'app-1234.js',
      sources: ['../src/main.tsx'],
      sourcesContent: ['// the app, comments and all\nconsole.log("app");'],
      mappings: 'AACA',
    }),
  );
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Daybook","start_url":"/dashboard"}');
  return dir;
}

/**
 * A served page without the mark test tools put at the start of its head (ADR 057): tests run with test tools on,
 * and the pages are otherwise the built file, byte for byte.
 */
export const withoutTestToolsMark = (html: string) =>
  html.replace(`<meta name="${TEST_TOOLS_META.name}" content="${TEST_TOOLS_META.content}">`, '');

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_BOOTSTRAP_ELEMENT_ID } from '@daybook/shared';
import { z } from 'zod';

/** Written by the web build (apps/web vite.config.ts `routePreload`): each lazy page's address and chunks. */
const ROUTE_CHUNKS_FILE = path.join('.vite', 'route-chunks.json');
const RouteChunks = z.array(
  z.object({ pattern: z.string(), files: z.array(z.string()), later: z.array(z.string()).default([]) }),
);

/** Where the module preloads go: before the entry script, so they are asked for alongside it. */
const ENTRY_SCRIPT = '<script type="module"';
/** Where the bootstrap goes: before the app's mount point (the entry script runs once the page is parsed). */
const ROOT_ELEMENT = '<div id="root">';

/**
 * JSON that can sit inside a `<script>` element: `<` escaped, so no value (a person's name, say) can close the
 * element or open a comment, and the two line separators JavaScript once rejected, escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export type AppDocument = {
  /** index.html for `pathname`: its page's chunks preloaded, and `bootstrap` (if any) carried for the app. */
  render(pathname: string, bootstrap?: unknown): string;
};

/**
 * The app's index.html as the server sends it (ADR 050). The build leaves one index.html for every address;
 * the server knows the address and the session, so it adds what the browser would otherwise discover late:
 * a `<link rel="modulepreload">` for each chunk of the page being opened (found before any script runs), and,
 * for a signed-in browser, the answers the app's first screen waits for. Read once, at start.
 */
export function loadAppDocument(distDir: string): AppDocument {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!template.includes(ENTRY_SCRIPT) || !template.includes(ROOT_ELEMENT)) {
    throw new Error(`${distDir}/index.html has no entry script or no ${ROOT_ELEMENT}`);
  }
  let routes: Array<{ pattern: RegExp; links: string }> = [];
  try {
    routes = RouteChunks.parse(JSON.parse(readFileSync(path.join(distDir, ROUTE_CHUNKS_FILE), 'utf8'))).map(
      ({ pattern, files, later }) => ({
        pattern: new RegExp(pattern),
        // `later`: what the page loads as it first renders; asked for now, so it is there when wanted.
        links: [...files, ...later]
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">\n    `)
          .join(''),
      }),
    );
  } catch (error) {
    // A build without the file (an older one) still works: the pages' chunks are then found by the entry.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return {
    render(pathname, bootstrap) {
      const links = routes.find((route) => route.pattern.test(pathname))?.links ?? '';
      let html = links ? template.replace(ENTRY_SCRIPT, `${links}${ENTRY_SCRIPT}`) : template;
      if (bootstrap !== undefined) {
        html = html.replace(
          ROOT_ELEMENT,
          `<script type="application/json" id="${APP_BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>\n    ${ROOT_ELEMENT}`,
        );
      }
      return html;
    },
  };
}

import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { VISITOR_ROUTE_PATHS } from '../../packages/shared/src/routes.ts';

const apiProxy = { '/api': 'http://127.0.0.1:3000' };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text the browser loads; source maps (read by developer tools only) and the build manifest are left out. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files gain too little to be worth a second request path. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside each text file of the build, at the highest levels (done once, at
 * build time), for @fastify/static's `preCompressed` to send as the browser accepts (ADR 020).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'daybook:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          if ((await stat(full)).size < MIN_BYTES) return;
          const source = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The fonts' files (styles.css): headings and text, preloaded from every page. */
const PRELOADED_FONTS = [
  /^assets\/source-serif-4-latin-wght-normal-[\w-]+\.woff2$/,
  /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
];

/**
 * Both fonts draw the first screen's text (the heading font its largest): ask for them at once, beside the CSS,
 * rather than once the CSS is in and the page has been laid out.
 */
function preloadFonts(html: string, bundle: Rollup.OutputBundle): string {
  const links = PRELOADED_FONTS.map((pattern) => {
    const font = Object.keys(bundle).find((file) => pattern.test(file));
    if (!font) throw new Error(`No font file matching ${pattern} in the build`);
    return `\n    <link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin />`;
  });
  return html.replace('</title>', () => `</title>${links.join('')}`);
}

/** `lazyPage('path', () => import('…'))` (or a loader constant) in app/router.tsx: each page and its module. */
function routePages(routerFile: string): Array<{ path: string; module: string }> {
  const source = readFileSync(routerFile, 'utf8');
  const loaders = new Map(
    [...source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map(([, name, spec]) => [name, spec]),
  );
  const pages = [
    ...source.matchAll(/lazyPage\(\s*(null|'[^']*')\s*,\s*(?:\(\) => import\('([^']+)'\)|(\w+))/g),
  ].flatMap(([, pathLiteral = '', spec, loader]) => {
    const module = spec ?? (loader ? loaders.get(loader) : undefined);
    const segment = pathLiteral === 'null' ? '' : pathLiteral.slice(1, -1);
    return module && segment !== '*'
      ? [{ path: `/${segment}`, module: path.resolve(routerFile, '..', module) }]
      : [];
  });
  // A rewrite of the router that this reading misses would silently drop every preload: fail the build instead.
  if (!pages.some((page) => page.path === '/') || !pages.some((page) => page.path === '/dashboard')) {
    throw new Error(
      `route-preload: no lazy pages found in ${routerFile}; update routePages() in vite.config.ts`,
    );
  }
  return pages;
}

/** index.html's script: the one module the entry chunk keeps (`firstScreenChunks`). */
const ENTRY_SCRIPT = 'src/main.tsx';
/** The signed-in home page: its code comes in one chunk beside the shell (`firstScreenChunks`). */
const FIRST_SCREEN_PAGE = 'src/app/pages/DashboardPage.tsx';
/**
 * What it loads as it first renders, below or beside the first paint: the plan pieces, the companions, the
 * Future Self card and banner, the offline queue, and the header's bells and account button (their popups, menus
 * and dialogs load on first use, ADR 076). One chunk, asked for with the page and run after its first render.
 */
const FIRST_SCREEN_LATER = [
  'src/features/billing/components/DashboardBilling.tsx',
  'src/features/companions/components/DashboardCompanions.tsx',
  'src/features/future-messages/components/FutureSelfCard.tsx',
  'src/features/future-messages/components/FutureMessageBanner.tsx',
  'src/features/entries/components/QueuedEntries.tsx',
  'src/app/layout/UserMenu.tsx',
  'src/app/layout/HeaderBells.tsx',
];

/** The chunks of `start` and every chunk they import statically. */
function staticChunkClosure(
  chunks: Rollup.OutputChunk[],
  start: Rollup.OutputChunk[],
): Set<Rollup.OutputChunk> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<Rollup.OutputChunk>();
  const stack = [...start];
  while (stack.length > 0) {
    const chunk = stack.pop() as Rollup.OutputChunk;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    stack.push(...chunk.imports.flatMap((file) => byFile.get(file) ?? []));
  }
  return seen;
}

/**
 * The app shell and the signed-in first screen in four chunks instead of about seventy (ADR 050). Left to
 * itself, the bundler gives every set of pages that share some modules a chunk of its own: the dashboard
 * loaded about sixty, most under 2 KB, then a dozen more as it rendered, and a browser on a slow network pays a
 * round trip for each, six at a time over HTTP/1.1. A first build, in memory, shows which chunks each part
 * loads; the real build then moves their modules, whole chunks at a time (so what each needs is already where
 * it was), into:
 * - `shell`: what the entry loads on every page of the app;
 * - `first-screen-shared`: what the dashboard needs that a visitor's page needs too (such a page then loads
 *   it whole; it holds only what both use);
 * - `signed-in`: the rest of the dashboard's code, which no visitor's page uses;
 * - `signed-in-later`: what it loads as it first renders (`FIRST_SCREEN_LATER`) and no other page uses.
 * What other pages alone use is split as before.
 */
function firstScreenChunks(): Plugin {
  return {
    name: 'daybook:first-screen-chunks',
    apply: 'build',
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      const output = await build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [react()],
        build: { write: false, emptyOutDir: false, minify: false, sourcemap: false },
      });
      const [result] = Array.isArray(output) ? output : [output];
      if (!result || !('output' in result))
        throw new Error('first-screen-chunks: the first build gave no output');
      const chunks = result.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const chunksOf = (modules: string[]) =>
        modules.map((module) => {
          const id = path.join(root, module);
          const chunk = chunks.find((item) => item.facadeModuleId === id);
          if (!chunk) throw new Error(`first-screen-chunks: no chunk for ${module}; update vite.config.ts`);
          return chunk;
        });
      const entries = chunks.filter((chunk) => chunk.isEntry);
      const pages = routePages(path.join(root, 'src/app/router.tsx')).map((page) => ({
        path: page.path,
        module: path.relative(root, page.module),
      }));
      const modulesOf = (list: typeof pages) => list.map((page) => page.module);
      const visitors = staticChunkClosure(
        chunks,
        chunksOf(
          modulesOf(pages.filter((page) => (VISITOR_ROUTE_PATHS as readonly string[]).includes(page.path))),
        ),
      );
      const otherPages = staticChunkClosure(
        chunks,
        chunksOf(modulesOf(pages.filter((page) => page.module !== FIRST_SCREEN_PAGE))),
      );
      // The entry chunk keeps index.html's own script; everything it imports goes to the shell.
      const staysInEntry = new Set([
        ...entries.map((entry) => entry.facadeModuleId),
        path.join(root, ENTRY_SCRIPT),
      ]);
      const group = new Map<string, string>();
      const assign = (
        name: (chunk: Rollup.OutputChunk) => string,
        start: Rollup.OutputChunk[],
        takes: (chunk: Rollup.OutputChunk) => boolean = () => true,
      ) => {
        for (const chunk of staticChunkClosure(chunks, start)) {
          if (!takes(chunk)) continue;
          // A module stays in the first group that takes it: the shell, then the page, then what comes later.
          for (const id of chunk.moduleIds) {
            if (!group.has(id) && !staysInEntry.has(id)) group.set(id, name(chunk));
          }
        }
      };
      assign(() => 'shell', entries);
      assign(
        (chunk) => (visitors.has(chunk) ? 'first-screen-shared' : 'signed-in'),
        chunksOf([FIRST_SCREEN_PAGE]),
      );
      assign(
        () => 'signed-in-later',
        chunksOf(FIRST_SCREEN_LATER),
        (chunk) => !otherPages.has(chunk),
      );
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: (id: string) => group.get(id) ?? null, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      };
    },
  };
}

/** Where the build leaves each page's chunks for the server (apps/server infra/http/app-document.ts). */
const ROUTE_CHUNKS_FILE = '.vite/route-chunks.json';
/** index.html's mount point, as written in the source; the build puts the app's shell inside it. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * index.html as the server sends it (ADR 020, ADR 050, ADR 051):
 * - the app's shell prerendered inside `#root` (src/app/app-shell-prerender.tsx), so the first paint needs only
 *   the HTML and the stylesheet;
 * - both fonts preloaded;
 * - the page being opened downloading with the app, not after it: the build writes, for each lazy page of the
 *   router, its address pattern and the chunks its code needs beyond the entry's (and, for the dashboard, what
 *   it loads as it first renders), and the server puts a `<link rel="modulepreload">` for each into the page
 *   it sends for that address, where the browser's preload scanner finds them with no script to run first;
 * - the top of the dashboard for a signed-in person, with the slots the server fills (`.vite/first-screens.json`,
 *   ADR 051), and the mark in the shell's <main> where it goes.
 */
function appDocument(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'daybook:app-document',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      // Chunk files reachable from `start` through static imports.
      const closure = (start: Rollup.OutputChunk[]) =>
        [...staticChunkClosure(chunks, start)].map((chunk) => chunk.fileName);
      const inEntry = new Set(closure(chunks.filter((chunk) => chunk.isEntry)));
      // A module's own chunk, or the chunk `firstScreenChunks` grouped it into.
      const chunkOf = (module: string) =>
        chunks.find((item) => item.facadeModuleId === module) ??
        chunks.find((item) => item.moduleIds.includes(module));
      const routes = routePages(path.join(root, 'src/app/router.tsx')).flatMap(
        ({ path: routePath, module }) => {
          const chunk = chunkOf(module);
          if (!chunk) return [];
          const files = closure([chunk]).filter((file) => !inEntry.has(file));
          // What the page loads as it first renders (only the dashboard names any): asked for with the page.
          const later = module.endsWith(FIRST_SCREEN_PAGE)
            ? closure(FIRST_SCREEN_LATER.flatMap((lazy) => chunkOf(path.join(root, lazy)) ?? [])).filter(
                (file) => !inEntry.has(file) && !files.includes(file),
              )
            : [];
          const pattern = `^${routePath.replace(/:[^/]+/g, '[^/]+')}/?$`.replace('^//?$', '^/$');
          return [{ pattern, files, later }];
        },
      );
      await writeFile(path.join(outDir, ROUTE_CHUNKS_FILE), `${JSON.stringify(routes, null, 2)}\n`);
      const indexFile = path.join(outDir, 'index.html');
      const html = await readFile(indexFile, 'utf8');
      if (!html.includes(EMPTY_ROOT)) throw new Error('app-document: index.html has no empty #root');
      const { shell, dashboard } = await renderAppDocumentParts(root);
      await writeFile(
        indexFile,
        preloadFonts(html.replace(EMPTY_ROOT, `<div id="root">${shell}</div>`), bundle),
      );
      await writeFile(path.join(outDir, FIRST_SCREENS_FILE), `${JSON.stringify({ dashboard }, null, 2)}\n`);
    },
  };
}

/**
 * The pages prerendered at build time and sent to visitors by the server (apps/server app.ts `PRERENDERED_PAGES`):
 * each its HTML file (which names its small entry) and the module whose `renderPage()` gives its HTML and title.
 */
const PRERENDERED_PAGES = [
  // `/` (ADR 045).
  { name: 'landing', html: 'landing.html', prerender: '/src/app/landing/prerender.tsx' },
  // `/login` (ADR 049).
  { name: 'login', html: 'login.html', prerender: '/src/app/login/prerender.tsx' },
] as const;
/** Where each page's HTML file takes its prerendered page. */
const PRERENDER_SLOT = '<!--prerendered-page-->';
/** The prerendered pages' entries' own manifest (scripts/check-budgets.mjs reads it for `/` and `/login`). */
const PRERENDERED_MANIFEST = '.vite/prerendered-manifest.json';
/** Where the prerendered pages' scripts go. */
const PRERENDERED_SCRIPTS = 'assets/prerendered';

type PrerenderedPage = { html: string; title: string };

/**
 * Runs `use` with Vite's module loader, so that what it loads at build time (a page's React tree, to render as
 * HTML) resolves like the app.
 */
async function withBuildLoader<T>(
  root: string,
  use: (load: (module: string) => Promise<Record<string, unknown>>) => Promise<T>,
): Promise<T> {
  const loader = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    appType: 'custom',
    // Nothing to watch or serve: only its module loader is used, and the build must be able to exit.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await use((module) => loader.ssrLoadModule(module));
  } finally {
    await loader.close();
  }
}

/** Each prerendered page's React tree as HTML. */
function renderPages(root: string): Promise<Map<string, PrerenderedPage>> {
  return withBuildLoader(root, async (load) => {
    const pages = new Map<string, PrerenderedPage>();
    for (const page of PRERENDERED_PAGES) {
      const { renderPage } = (await load(page.prerender)) as { renderPage: () => PrerenderedPage };
      pages.set(page.html, renderPage());
    }
    return pages;
  });
}

/**
 * The app's shell as HTML, for index.html's `#root`, and the dashboard's first screen, for the server (both from
 * src/app/app-shell-prerender.tsx).
 */
function renderAppDocumentParts(root: string) {
  return withBuildLoader(root, async (load) => {
    const module = (await load('/src/app/app-shell-prerender.tsx')) as {
      renderAppShell: () => string;
      renderDashboardFirstScreen: () => { layout: string; welcomeCard: string };
    };
    return { shell: module.renderAppShell(), dashboard: module.renderDashboardFirstScreen() };
  });
}

/** Where the build leaves the dashboard's first screen for the server (ADR 051). */
const FIRST_SCREENS_FILE = '.vite/first-screens.json';
/** The script every page runs before it is drawn (src/app/first-paint.ts), at the site's root. */
const FIRST_PAINT_SCRIPT = 'first-paint.js';

/** src/app/first-paint.ts as one classic script: it runs in the <head>, before any module could. */
async function buildFirstPaintScript(root: string): Promise<string> {
  const output = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      lib: { entry: path.join(root, 'src/app/first-paint.ts'), formats: ['iife'], name: 'daybookFirstPaint' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = (result as Rollup.RollupOutput).output.find((item) => item.type === 'chunk');
  if (!chunk) throw new Error('first-paint: the build gave no script');
  return chunk.code;
}

/** `/first-paint.js`: written into the build, and served by the dev server (built on each request there). */
function firstPaintScript(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'daybook:first-paint',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(`/${FIRST_PAINT_SCRIPT}`, (_request, response, next) => {
        buildFirstPaintScript(root).then((code) => {
          response.setHeader('content-type', 'text/javascript');
          response.end(code);
        }, next);
      });
    },
    async writeBundle() {
      await writeFile(path.join(outDir, FIRST_PAINT_SCRIPT), await buildFirstPaintScript(root));
    },
  };
}

/** Escapes text for an HTML element's content (the page's title). */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `/` and `/login` as HTML (ADR 045, 049). The pages' HTML files and their small entries (src/app/<page>/main.tsx)
 * are built on their own, in a second build with one input per page into the same folder, so that the app's
 * chunks stay as they are, the entries keep only the parts of React Router and the rest that they use, and what
 * they share (React DOM, the header's islands) is one file the browser keeps from one page to the other. Each
 * page's React tree is then rendered to a string and written into its HTML file with its title, which the
 * server sends to visitors. Runs before the service worker and the pre-compression see the folder.
 */
function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'daybook:prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const output = await build({
        root,
        configFile: false,
        logLevel: 'warn',
        plugins: [react(), tailwindcss()],
        build: {
          outDir,
          emptyOutDir: false,
          // As the app's: written, never referenced (see `build.sourcemap` below).
          sourcemap: 'hidden',
          manifest: PRERENDERED_MANIFEST,
          rollupOptions: {
            input: Object.fromEntries(
              PRERENDERED_PAGES.map((page) => [page.name, path.join(root, page.html)]),
            ),
            output: {
              // React as one chunk: every island needs all of it, and one file compresses better than the pieces
              // two entries would otherwise split it into.
              codeSplitting: {
                groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
              },
              // Their scripts apart, so the service worker can leave them out (the offline app has its own).
              entryFileNames: `${PRERENDERED_SCRIPTS}/[name]-[hash].js`,
              chunkFileNames: `${PRERENDERED_SCRIPTS}/[name]-[hash].js`,
              // The stylesheet is the app's (Tailwind reads the same sources): named as the app's, it is the
              // same file, so the browser has it already when a visitor goes on to the app. Fonts likewise.
              assetFileNames: (asset) =>
                asset.names.some((name) => name.endsWith('.css'))
                  ? 'assets/index-[hash][extname]'
                  : 'assets/[name]-[hash][extname]',
            },
          },
        },
      });
      const [result] = Array.isArray(output) ? output : [output];
      if (!result || !('output' in result))
        throw new Error("prerender-pages: the pages' build gave no output");
      const bundle = Object.fromEntries(result.output.map((item) => [item.fileName, item]));
      const rendered = await renderPages(root);
      for (const page of PRERENDERED_PAGES) {
        const file = path.join(outDir, page.html);
        const html = await readFile(file, 'utf8');
        const prerendered = rendered.get(page.html);
        if (!html.includes(PRERENDER_SLOT) || !prerendered)
          throw new Error(`prerender-pages: ${page.html} has no slot or no page`);
        const filled = html
          .replace(PRERENDER_SLOT, () => prerendered.html)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(prerendered.title)}</title>`);
        await writeFile(file, preloadFonts(filled, bundle));
      }
    },
  };
}

/** Where the build writes the browser's image moderator (a Web Worker, its chunks and its WASM, ADR 096). */
const MODERATION_WORKER_DIR = 'assets/moderation';

/**
 * The installable app (ADR 040): the web app manifest, and a Workbox service worker that precaches the app
 * shell and every route chunk so the app opens offline. It caches no API answer: personal data in plain form
 * (names, e-mail addresses, moods) never lands in Cache Storage, and /api is left to the network. A new
 * version waits until the person chooses "Reload" (registerType 'prompt'); lib/pwa registers it, lazily.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Daybook — your private journal',
    short_name: 'Daybook',
    description:
      'A private journal: the text of your entries is encrypted in your browser before it is stored.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    // The manifest holds one colour; index.html's theme-color metas give the light and the dark one.
    theme_color: '#faf7f2',
    background_color: '#faf7f2',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    // Every page path is the app: offline, a navigation gets the precached index.html.
    navigateFallback: '/index.html',
    // The prerendered pages and their scripts are what the server sends a visitor at `/` and `/login`; offline,
    // the app (which renders those pages too) does.
    // The browser's image moderator (ADR 096: TensorFlow.js and the model's 3.5 MB of weights) loads only when a
    // private-mode person chooses a file: never precached for everyone.
    globIgnores: [
      ...PRERENDERED_PAGES.map((page) => page.html),
      `${PRERENDERED_SCRIPTS}/**`,
      `${MODERATION_WORKER_DIR}/**`,
    ],
    navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
    // The charts chunk (recharts) is over Workbox's 2 MB default only before compression; take it too.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    // Background Sync: the worker asks open windows to send the queue of entries written offline (lib/pwa); daily
    // reminders arrive as Web Push and are shown by reminder-push-sw.js (features/reminders, ADR 042).
    importScripts: ['/sw-sync.js', '/reminder-push-sw.js'],
    // Workbox has no 'hidden' maps: given the app's setting it would link sw.js to its map. The worker is Workbox's
    // own code, so it gets none (ADR 060).
    sourcemap: false,
  },
});

export default defineConfig({
  // The moderation worker (ADR 096) loads its model with dynamic imports, which only module workers can split; its
  // files go to a folder of their own, which the service worker leaves out.
  worker: {
    format: 'es',
    rolldownOptions: {
      output: {
        entryFileNames: `${MODERATION_WORKER_DIR}/[name]-[hash].js`,
        chunkFileNames: `${MODERATION_WORKER_DIR}/[name]-[hash].js`,
        assetFileNames: `${MODERATION_WORKER_DIR}/[name]-[hash][extname]`,
      },
    },
  },
  plugins: [
    react(),
    tailwindcss(),
    firstScreenChunks(),
    appDocument(),
    firstPaintScript(),
    prerenderPages(),
    pwa,
    precompress(),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The manifest lets scripts/check-budgets.mjs follow each route's chunks (ADR 020).
  build: {
    // Written for the developer's tools and profiles, but 'hidden': no script names its map (no sourceMappingURL),
    // and the server answers a map only outside production (ADR 060), so production hands out no sources.
    sourcemap: 'hidden',
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    // Most of a file's time is jsdom's start-up, not its tests: two workers keep both cores busy.
    maxWorkers: 2,
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 20_000,
    projects: unitTestProjects(),
  },
});

/**
 * The web's unit tests in two projects (ADR 065). A file that replaces modules with `vi.mock` gets a fresh module
 * registry and jsdom of its own, as Vitest does by default; every other file shares its worker's registry and jsdom
 * with the files before it (`isolate: false`), which halves the step: jsdom's start-up and the app's imports were
 * most of each file's time. The setup file resets what a test may leave behind (IndexedDB, storage, the DOM,
 * the theme class), so shared files start clean.
 */
function unitTestProjects(): TestProjectInlineConfiguration[] {
  const testFiles = readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
  const replacesModules = testFiles.filter((file) =>
    readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('vi.mock('),
  );
  return [
    { extends: true, test: { name: 'isolated', include: replacesModules } },
    {
      extends: true,
      test: {
        name: 'shared',
        include: testFiles.filter((file) => !replacesModules.includes(file)),
        isolate: false,
      },
    },
  ];
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

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

/** The heading font's file (styles.css), preloaded from index.html. */
const HEADING_FONT = /^assets\/source-serif-4-latin-wght-normal-[\w-]+\.woff2$/;

/** The heading font draws the landing page's largest text: ask for it at once rather than once the CSS is in. */
function preloadHeadingFont(html: string, bundle: Rollup.OutputBundle): string {
  const headingFont = Object.keys(bundle).find((file) => HEADING_FONT.test(file));
  if (!headingFont) throw new Error('The heading font is not in the build');
  return html.replace(
    '</title>',
    `</title>\n    <link rel="preload" href="/${headingFont}" as="font" type="font/woff2" crossorigin />`,
  );
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

/**
 * The page being opened starts downloading with the app, not after it (ADR 020): a small classic script in
 * <head> (a file: the CSP allows no inline script) matches the address against the router's lazy pages and
 * adds <link rel="modulepreload"> for that page's chunks, which otherwise would be asked for only once the
 * entry has run.
 */
function routePreload(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'daybook:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length > 0) {
          const file = stack.pop() as string;
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      const inEntry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const routes = routePages(path.join(root, 'src/app/router.tsx')).flatMap(
        ({ path: routePath, module }) => {
          const chunk = chunks.find((item) => item.facadeModuleId === module);
          if (!chunk) return [];
          const files = [...closure([chunk.fileName])].filter((file) => !inEntry.has(file));
          const pattern = `^${routePath.replace(/:[^/]+/g, '[^/]+')}/?$`.replace('^//?$', '^/$');
          return [[pattern, files]];
        },
      );
      const script = `// Generated by vite.config.ts (routePreload): preloads the chunks of the page being opened.
(function () {
  var routes = ${JSON.stringify(routes)};
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0]).test(location.pathname)) continue;
    routes[i][1].forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
    return;
  }
})();
`;
      const fileName = `assets/route-preload-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
      await writeFile(path.join(outDir, fileName), script);
      const indexFile = path.join(outDir, 'index.html');
      const html = await preloadHeadingFont(await readFile(indexFile, 'utf8'), bundle);
      // Before the entry script, so the page's chunks are asked for alongside the app's own.
      await writeFile(
        indexFile,
        html.replace(
          '<script type="module"',
          `<script src="/${fileName}"></script>\n    <script type="module"`,
        ),
      );
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

/** Each page's React tree as HTML, loaded through Vite's module loader so it resolves like the app. */
async function renderPages(root: string): Promise<Map<string, PrerenderedPage>> {
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
    const pages = new Map<string, PrerenderedPage>();
    for (const page of PRERENDERED_PAGES) {
      const { renderPage } = (await loader.ssrLoadModule(page.prerender)) as {
        renderPage: () => PrerenderedPage;
      };
      pages.set(page.html, renderPage());
    }
    return pages;
  } finally {
    await loader.close();
  }
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
          sourcemap: true,
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
        await writeFile(file, preloadHeadingFont(filled, bundle));
      }
    },
  };
}

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
    globIgnores: [...PRERENDERED_PAGES.map((page) => page.html), `${PRERENDERED_SCRIPTS}/**`],
    navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
    // The charts chunk (recharts) is over Workbox's 2 MB default only before compression; take it too.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    // Background Sync: the worker asks open windows to send the queue of entries written offline (lib/pwa); daily
    // reminders arrive as Web Push and are shown by reminder-push-sw.js (features/reminders, ADR 042).
    importScripts: ['/sw-sync.js', '/reminder-push-sw.js'],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreload(), prerenderPages(), pwa, precompress()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The manifest lets scripts/check-budgets.mjs follow each route's chunks (ADR 020).
  build: {
    sourcemap: true,
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    // Most of a file's time is jsdom's start-up, not its tests: two workers keep both cores busy.
    maxWorkers: 2,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 20_000,
  },
});

#!/usr/bin/env node
// The server's production build (ADR 043): apps/server/src/main.ts and the workspace code it imports
// (@daybook/shared) bundled into one ES module, apps/server/dist/main.js, which plain `node` runs with no
// TypeScript loader. npm packages stay external: node resolves them from node_modules at run time, as in
// development, so native addons (sharp, argon2) and packages that read their own files keep working.
// Files the code opens beside itself at run time are copied next to the bundle, where it looks for them:
// the Drizzle migrations (db/client.ts) and the plain-JavaScript worker and helper entry files.
// `node scripts/build-server.mjs [outDir]`: the same build elsewhere than apps/server/dist, for a test that must not
// read a build `npm test` may be remaking beside it (the topology test, ADR 090). outDir must be a folder of
// apps/server (git ignores apps/server/dist-*), so that npm packages and the repository resolve as from dist.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'apps/server/src');
const out = path.resolve(root, process.argv[2] ?? 'apps/server/dist');

/** Paths are relative to src; each lands at the top of dist, as `import.meta.dirname`/`import.meta.url` expect. */
const BESIDE_THE_BUNDLE = [
  ['db/migrations', 'migrations'],
  ['db/pglite-initdb.mjs', 'pglite-initdb.mjs'],
  ['infra/moderation/image-classifier-worker.mjs', 'image-classifier-worker.mjs'],
];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** Bare imports stay imports, except our own workspace packages (TypeScript sources), which are bundled. */
const externalPackages = {
  name: 'daybook:external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@daybook/') ? undefined : { path: args.path, external: true },
    );
  },
};

const result = await build({
  entryPoints: [path.join(src, 'main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalPackages],
  // Stack traces point at the TypeScript sources (node --enable-source-maps, or NODE_OPTIONS).
  sourcemap: 'linked',
  // Names of classes and functions stay as written: error names and logs read the same as in development.
  keepNames: true,
  logLevel: 'warning',
  metafile: true,
});

for (const [from, to] of BESIDE_THE_BUNDLE) {
  cpSync(path.join(src, from), path.join(out, to), { recursive: true });
}

const bytes = result.metafile.outputs[path.relative(process.cwd(), path.join(out, 'main.js'))]?.bytes;
console.info(
  `Server built: apps/server/dist/main.js${bytes ? ` (${Math.round(bytes / 1024)} kB)` : ''}, migrations and worker files beside it`,
);

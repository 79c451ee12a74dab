/**
 * Compiles the server for `npm start`: src/main.ts and the files that run as
 * processes or threads of their own (the SQLite reader child, the MD5 worker)
 * into dist/, as plain JavaScript that node runs without a TypeScript loader.
 * Packages from node_modules stay imports (native addons, and node loads them
 * faster from their own files); our contract package, whose entry is
 * TypeScript, is bundled in.
 *
 *   node apps/server/build.mjs
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');

/**
 * Bundled in as well: kysely and zod, plain ES modules of some 280 and 110
 * files that node otherwise finds, reads and links one by one at every start
 * (about half a second of it on our 2-core machine; one file instead).
 */
const BUNDLED = /^(@medalliance\/|kysely($|\/)|zod($|\/))/;

/** Every other bare import stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'sqlite-reader.child': path.join(here, 'src/modules/system/sqlite-reader.child.ts'),
  },
  outdir: dist,
  bundle: true,
  // Modules loaded lazily (`await import()`) become chunks of their own, read only when first used.
  splitting: true,
  // Chunks sit beside main.js: code that finds files from import.meta.dirname sees the same folder in each.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
});
// A worker thread file is loaded by path at run time (md5-worker.ts), next to the code that starts it.
fs.copyFileSync(path.join(here, 'src/modules/file/md5-worker.mjs'), path.join(dist, 'md5-worker.mjs'));

// The build's id: main.ts skips the demo seed on a database this same build already seeded.
const hash = createHash('sha256');
for (const f of fs.readdirSync(dist).sort()) if (f.endsWith('.js') || f.endsWith('.mjs')) hash.update(fs.readFileSync(path.join(dist, f)));
fs.writeFileSync(path.join(dist, 'build-id'), hash.digest('hex').slice(0, 16) + '\n');

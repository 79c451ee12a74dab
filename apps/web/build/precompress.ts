import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt)$/;
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` next to every text asset of the build, so the
 * server sends the smaller file to browsers that accept it (@fastify/static's
 * preCompressed) without compressing on every request. Township clinics are on
 * slow links: the login page's JavaScript is a fifth of its raw size in Brotli.
 * Compressed once at maximum quality, in parallel on libuv's threads.
 */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'medalliance:precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz(data, { level: 9 }),
          ]);
          // A variant that saves nothing is not worth a second copy.
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gzipped.length < data.length) await fs.writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * MD5 speed of the upload worker's library in Node.
 *
 *   npx tsx bench/file-md5.ts [sizeMiB=512]
 *
 * The browser computes the identifier of a chunked upload (the MD5 of the
 * whole file) in a Web Worker, reading slices of 10240000 bytes (spec §9).
 * This times the same loop with the worker's library (hash-wasm), next to
 * spark-md5 (the older choice) and Node's own OpenSSL MD5 as the ceiling. The
 * browser worker itself, reading a file from disk in headless Chromium, is
 * timed by bench/file-md5-browser.ts (and printed by e2e/file-upload.spec.ts).
 * Goal: ≥ 400 MB/s.
 */
import { createHash, createCipheriv, randomBytes } from 'node:crypto';
import os from 'node:os';
import SparkMD5 from 'spark-md5';
import { createMD5 } from 'hash-wasm';

const SLICE = 10240000;
const GOAL = 400;
const sizeMiB = Number(process.argv[2] ?? 512);
const size = sizeMiB * 1024 * 1024;

function data(): Uint8Array {
  const cipher = createCipheriv('aes-256-ctr', randomBytes(32), Buffer.alloc(16));
  return new Uint8Array(cipher.update(Buffer.alloc(size)));
}

async function time(label: string, fn: () => Promise<string> | string): Promise<{ label: string; mbps: number; hex: string }> {
  const runs: number[] = [];
  let hex = '';
  for (let i = 0; i < 3; i += 1) {
    const t = performance.now();
    hex = await fn();
    runs.push(performance.now() - t);
  }
  const best = Math.min(...runs);
  return { label, mbps: size / 1e6 / (best / 1000), hex };
}

async function main() {
  console.log(`MD5 bench: ${sizeMiB} MiB in slices of ${SLICE} bytes, best of 3, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''})`);
  const buf = data();
  const slices = () => {
    const out: Uint8Array[] = [];
    for (let o = 0; o < size; o += SLICE) out.push(buf.subarray(o, Math.min(size, o + SLICE)));
    return out;
  };
  const results = [
    await time('hash-wasm (the upload worker)', async () => {
      const h = await createMD5();
      h.init();
      for (const s of slices()) h.update(s);
      return h.digest('hex');
    }),
    await time('spark-md5 (ArrayBuffer API)', () => {
      const s = new SparkMD5.ArrayBuffer();
      for (const part of slices()) s.append(part.slice().buffer);
      return s.end();
    }),
    await time('node:crypto (OpenSSL, the server)', () => {
      const h = createHash('md5');
      for (const s of slices()) h.update(s);
      return h.digest('hex');
    }),
  ];
  if (new Set(results.map((r) => r.hex)).size !== 1) throw new Error('the libraries disagree on the MD5');
  const worker = results[0]!;
  for (const r of results)
    console.log(`  ${r.label.padEnd(36)} ${r.mbps.toFixed(0).padStart(6)} MB/s  ${(r.mbps / worker.mbps).toFixed(2)}x`);
  console.log(`  hash-wasm / spark-md5: ${(worker.mbps / results[1]!.mbps).toFixed(2)}x`);
  console.log(
    `  goal ≥ ${GOAL} MB/s for the worker's library: ${worker.mbps.toFixed(0)} MB/s — ${worker.mbps >= GOAL ? 'met' : 'NOT met'}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

/// <reference lib="webworker" />
/**
 * MD5 of a whole file for the chunk uploader (spec §7.9, §9): reads slices of
 * 10240000 bytes and reports progress after each. hash-wasm first (about 3x
 * spark-md5); spark-md5 if WebAssembly is unavailable (an old browser, a
 * stricter CSP).
 */
import SparkMD5 from 'spark-md5';
import { createMD5 } from 'hash-wasm';

export type Md5Request = { file: Blob; sliceSize: number };
export type Md5Message =
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'done'; md5: string; ms: number; engine: 'hash-wasm' | 'spark-md5' }
  | { type: 'error'; message: string };

interface Hasher {
  update(data: Uint8Array): void;
  digest(): string;
}

async function hasher(): Promise<{ h: Hasher; engine: 'hash-wasm' | 'spark-md5' }> {
  try {
    const md5 = await createMD5();
    md5.init();
    return { h: { update: (d) => void md5.update(d), digest: () => md5.digest('hex') }, engine: 'hash-wasm' };
  } catch {
    const spark = new SparkMD5.ArrayBuffer();
    return { h: { update: (d) => void spark.append(d.slice().buffer), digest: () => spark.end() }, engine: 'spark-md5' };
  }
}

const post = (m: Md5Message) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

self.onmessage = async (e: MessageEvent<Md5Request>) => {
  const { file, sliceSize } = e.data;
  const started = performance.now();
  try {
    const { h, engine } = await hasher();
    const read = (offset: number) => file.slice(offset, Math.min(file.size, offset + sliceSize)).arrayBuffer();
    // Read the next slice while hashing this one: the browser reads in another process.
    let next = file.size > 0 ? read(0) : null;
    for (let offset = 0; next; offset += sliceSize) {
      const slice = new Uint8Array(await next);
      next = offset + sliceSize < file.size ? read(offset + sliceSize) : null;
      h.update(slice);
      post({ type: 'progress', loaded: Math.min(file.size, offset + sliceSize), total: file.size });
    }
    post({ type: 'done', md5: h.digest(), ms: performance.now() - started, engine });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};

/// <reference lib="webworker" />
/**
 * MD5 of a whole file for the chunk uploader (spec §7.9, §9), reported after
 * each slice of 10240000 bytes. hash-wasm first (about 3x spark-md5);
 * spark-md5 if WebAssembly is unavailable (an old browser, a stricter CSP).
 *
 * Reading: the file's byte stream through a BYOB reader into one reused
 * buffer. The browser process keeps the stream's pipe filled while this
 * thread hashes, so reading overlaps hashing, and no fresh buffer is
 * allocated (and page-faulted) per slice. `slice().arrayBuffer()` with a
 * read-ahead of one slice, the fallback where Blob streams have no BYOB
 * readers, cost about 2.5x the CPU per byte and hashed about 25% slower in
 * Chromium (bench/file-md5-browser.ts).
 */
import SparkMD5 from 'spark-md5';
import { createMD5 } from 'hash-wasm';

export type Md5Request = { file: Blob; sliceSize: number };
export type Md5Message =
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'done'; md5: string; ms: number; engine: 'hash-wasm' | 'spark-md5'; reader: 'byob' | 'slice' }
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
    const whole = (d: Uint8Array) => d.byteOffset === 0 && d.byteLength === d.buffer.byteLength && d.buffer instanceof ArrayBuffer;
    return {
      h: { update: (d) => void spark.append(whole(d) ? (d.buffer as ArrayBuffer) : d.slice().buffer), digest: () => spark.end() },
      engine: 'spark-md5',
    };
  }
}

/** A BYOB reader of the file's bytes, or null where Blob streams are not byte streams. */
function byobReader(file: Blob): ReadableStreamBYOBReader | null {
  try {
    return file.stream().getReader({ mode: 'byob' });
  } catch {
    return null;
  }
}

/**
 * The file's bytes in order, in pieces that never cross the end of a slice.
 * Each piece is valid only until the next is asked for (the BYOB buffer is
 * reused), which the hashing loop respects.
 */
async function* pieces(file: Blob, sliceSize: number, reader: ReadableStreamBYOBReader | null): AsyncGenerator<Uint8Array> {
  if (reader) {
    let buffer = new ArrayBuffer(sliceSize);
    let filled = 0; // of the current slice: a read never crosses a slice's end
    try {
      for (;;) {
        const { done, value } = await reader.read(new Uint8Array(buffer, filled, sliceSize - filled));
        if (done || !value) return;
        buffer = value.buffer as ArrayBuffer;
        filled = (filled + value.byteLength) % sliceSize;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  // Read the next slice while hashing this one: the browser reads in another process.
  const read = (offset: number) => file.slice(offset, Math.min(file.size, offset + sliceSize)).arrayBuffer();
  let next = file.size > 0 ? read(0) : null;
  for (let offset = 0; next; offset += sliceSize) {
    const slice = new Uint8Array(await next);
    next = offset + sliceSize < file.size ? read(offset + sliceSize) : null;
    yield slice;
  }
}

const post = (m: Md5Message) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

self.onmessage = async (e: MessageEvent<Md5Request>) => {
  const { file, sliceSize } = e.data;
  const started = performance.now();
  try {
    // The stream starts filling while WebAssembly compiles.
    const reader = byobReader(file);
    const { h, engine } = await hasher();
    let loaded = 0;
    for await (const piece of pieces(file, sliceSize, reader)) {
      h.update(piece);
      loaded += piece.byteLength;
      // Progress once per slice (pieces end at slice ends).
      if (loaded % sliceSize === 0 || loaded === file.size) post({ type: 'progress', loaded, total: file.size });
    }
    if (loaded !== file.size) throw new Error(`read ${loaded} of ${file.size} bytes`);
    post({ type: 'done', md5: h.digest(), ms: performance.now() - started, engine, reader: reader ? 'byob' : 'slice' });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};

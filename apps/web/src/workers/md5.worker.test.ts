import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Md5Message, Md5Request } from './md5.worker.ts';

/**
 * The MD5 worker's loop, run in Node (whose Blob streams, like Chromium's,
 * are byte streams): whole-file digest across slice ends, one progress
 * report per slice, the fallback reader, and read failures reported as errors.
 */
const messages: Md5Message[] = [];
const scope = {
  postMessage: (m: Md5Message) => void messages.push(m),
  onmessage: null as null | ((e: { data: Md5Request }) => Promise<void>),
};
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

async function hash(file: Blob, sliceSize: number): Promise<Md5Message[]> {
  messages.length = 0;
  await scope.onmessage!({ data: { file, sliceSize } });
  return [...messages];
}

/** The Blob, its stream handing out chunks of `size` bytes (pieces then cross slice ends unless the reader stops them). */
function chunked(blob: Blob, bytes: Uint8Array, size: number): Blob {
  return Object.assign(blob, {
    stream: () => {
      let offset = 0;
      return new ReadableStream({
        type: 'bytes',
        pull(c) {
          if (offset >= bytes.length) {
            c.close();
            c.byobRequest?.respond(0); // a pending BYOB read then ends
            return;
          }
          c.enqueue(bytes.slice(offset, offset + size));
          offset += size;
        },
      });
    },
  });
}

/** A Blob whose stream is not a byte stream (no BYOB reader), as in browsers without them. */
function withoutByob(blob: Blob): Blob {
  return Object.assign(blob, { stream: () => new ReadableStream<Uint8Array>({ start: (c) => c.close() }) });
}

beforeAll(async () => {
  (globalThis as unknown as { self: typeof scope }).self = scope;
  await import('./md5.worker.ts');
});

beforeEach(() => {
  messages.length = 0;
});

describe('md5 worker', () => {
  const bytes = new Uint8Array(randomBytes(350_017));
  const slice = 100_000;

  it('hashes the whole file through the BYOB reader, reporting once per slice', async () => {
    const out = await hash(chunked(new Blob([bytes]), bytes, 70_001), slice);
    expect(out.filter((m) => m.type === 'progress')).toEqual(
      [100_000, 200_000, 300_000, 350_017].map((loaded) => ({ type: 'progress', loaded, total: 350_017 })),
    );
    const done = out.at(-1)!;
    expect(done).toMatchObject({ type: 'done', md5: md5(bytes), engine: 'hash-wasm', reader: 'byob' });
  });

  it("hashes the Blob's own stream, a file of whole slices and an empty file", async () => {
    expect((await hash(new Blob([bytes]), slice)).at(-1)).toMatchObject({ type: 'done', md5: md5(bytes), reader: 'byob' });
    const whole = bytes.subarray(0, 3 * slice);
    const out = await hash(new Blob([whole]), slice);
    expect(out.filter((m) => m.type === 'progress').map((m) => m.type === 'progress' && m.loaded)).toEqual([100_000, 200_000, 300_000]);
    expect(out.at(-1)).toMatchObject({ type: 'done', md5: md5(whole) });
    expect(await hash(new Blob([]), slice)).toEqual([expect.objectContaining({ type: 'done', md5: 'd41d8cd98f00b204e9800998ecf8427e' })]);
  });

  it('falls back to slice().arrayBuffer() where the stream has no BYOB reader', async () => {
    const out = await hash(withoutByob(new Blob([bytes])), slice);
    expect(out.filter((m) => m.type === 'progress')).toHaveLength(4);
    expect(out.at(-1)).toMatchObject({ type: 'done', md5: md5(bytes), reader: 'slice' });
  });

  it('reports a failed read as an error, with either reader', async () => {
    const failing = Object.assign(new Blob([bytes]), {
      stream: () =>
        new ReadableStream({
          type: 'bytes',
          pull: (c) => c.error(new DOMException('The file changed on disk', 'NotReadableError')),
        }),
    });
    expect(await hash(failing, slice)).toEqual([{ type: 'error', message: 'The file changed on disk' }]);

    const blob = withoutByob(new Blob([bytes]));
    const unreadable = Object.assign(blob, {
      slice: (start?: number, end?: number) =>
        Object.assign(Blob.prototype.slice.call(blob, start, end), {
          arrayBuffer: () => Promise.reject(new DOMException('The file changed on disk', 'NotReadableError')),
        }),
    });
    expect(await hash(unreadable, slice)).toEqual([{ type: 'error', message: 'The file changed on disk' }]);
  });

  it('reports a stream that ends before the file size as an error', async () => {
    const short = Object.assign(new Blob([bytes]), { stream: () => new Blob([bytes.subarray(0, 1000)]).stream() });
    const out = await hash(short, slice);
    expect(out.at(-1)).toEqual({ type: 'error', message: 'read 1000 of 350017 bytes' });
  });
});

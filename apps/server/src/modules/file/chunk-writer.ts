import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { alignDown, alignedPool, BLOCK, openDirect, SLOT } from './direct-io.ts';

const IN_FLIGHT = 2;

/** Until when a chunk's writer may write (its claim; see chunks.service.ts). */
export interface WriteDeadline {
  expiresAt: number;
}

/**
 * Writes one chunk stream at `position` of `file`: exactly `expected` bytes,
 * never after the deadline. The rest of an overlong stream is still read, so
 * the request completes; the answer says whether it fit.
 *
 * The bytes are gathered into staging buffers of SLOT bytes; a full one is
 * written while the next fills (at most IN_FLIGHT writes per chunk, which also
 * paces the socket: a direct write waits for the device). With `direct` (see direct-io.ts), a chunk that starts on
 * a block boundary goes through O_DIRECT, all but an unaligned end (the file's
 * last block, or every chunk's end when the chunk size is not a multiple of
 * BLOCK); that end, and a chunk starting mid-block, go through the page cache.
 * A chunk's direct blocks lie wholly inside it, so no page is ever written both
 * ways at once (the kernel keeps the two coherent, but not for racing writes to
 * one page).
 */
export async function writeChunk(
  stream: Readable,
  file: string,
  position: number,
  expected: number,
  deadline: WriteDeadline,
  direct: boolean,
): Promise<boolean> {
  const buffered = await fsp.open(file, 'r+');
  const useDirect = direct && position % BLOCK === 0;
  const directFh = useDirect ? await openDirect(file).catch(() => null) : null;
  let received = 0;
  let written = 0;
  let slot = alignedPool.take();
  let filled = 0;
  /** Writes under way, oldest first. */
  const inFlight: Promise<void>[] = [];

  /** Writes `length` bytes of a staging buffer at the chunk's next offset. */
  const write = async (s: { buf: Buffer; aligned: boolean }, length: number) => {
    const at = position + written;
    written += length;
    try {
      if (Date.now() >= deadline.expiresAt) throw new Error('chunk claim expired');
      // O_DIRECT for the whole blocks; an unaligned end through the page cache.
      const head = directFh && s.aligned ? alignDown(length) : 0;
      if (head && (await directFh!.write(s.buf, 0, head, at)).bytesWritten !== head) throw new Error('short write');
      if (length > head && (await buffered.write(s.buf, head, length - head, at + head)).bytesWritten !== length - head) {
        throw new Error('short write');
      }
    } finally {
      alignedPool.give(s);
    }
  };
  /** Hands the full staging buffer to a write (after the oldest, when IN_FLIGHT are under way) and takes a fresh one. */
  const flush = async () => {
    if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
    const writing = write(slot, filled);
    // A failed write is reported when it is awaited; keep it from being "unhandled" meanwhile.
    writing.catch(() => undefined);
    inFlight.push(writing);
    slot = alignedPool.take();
    filled = 0;
  };

  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      const room = expected - received;
      received += piece.length;
      if (room <= 0) continue;
      let from = 0;
      const until = Math.min(piece.length, room);
      while (from < until) {
        const n = piece.copy(slot.buf, filled, from, until);
        from += n;
        filled += n;
        if (filled === SLOT) await flush();
      }
    }
    if (received === expected && filled > 0) await flush();
    await Promise.all(inFlight);
  } finally {
    alignedPool.give(slot);
    // A write under way still owns its buffer: wait for it before closing the files.
    await Promise.allSettled(inFlight);
    await Promise.all([buffered.close(), directFh?.close()]);
  }
  return received === expected && written === expected;
}

import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Direct I/O (O_DIRECT) for the temporary file of a chunked upload.
 *
 * Why: that file is written once, read once by the MD5 worker, then renamed
 * into the store; keeping it in the page cache buys nothing. And on our VMs
 * (Firecracker, memory handed back to the host when free) every fresh
 * page-cache page costs a fault in the host: profiling the upload bench showed
 * over half of the server's CPU in the kernel's copy into new page-cache pages
 * (up to ≈2.5 s of system time per GiB while the machine is busy, ≈0.2 s when
 * recently freed pages are at hand; ≈0.3 s per GiB with O_DIRECT either way).
 *
 * O_DIRECT wants the file offset, the length and the buffer's address aligned
 * (to the device's block; we use 4096, which covers every usual device). Node
 * gives no control over a Buffer's address, but a WebAssembly.Memory is
 * page-aligned, so buffers are slices of one. Whether it all works here (the
 * file system may refuse O_DIRECT, tmpfs before Linux 6.6 does) is checked once per folder by
 * writing one block; when it does not, the same code writes through the page
 * cache as before.
 */

export const BLOCK = 4096;
/** One staging buffer: big enough for efficient device writes, small enough that a slow client holds little. */
export const SLOT = 512 * 1024;
const SLOTS = 32;

/** The one WebAssembly API used here (the server's TypeScript libraries do not declare WebAssembly). */
const wasm = (globalThis as { WebAssembly?: { Memory: new (size: { initial: number }) => { buffer: ArrayBuffer } } }).WebAssembly;

export const alignDown = (n: number) => n - (n % BLOCK);

/** Page-aligned staging buffers, lent to chunk writers; none left (or no WebAssembly) means a plain Buffer. */
class AlignedPool {
  private free: Buffer[] | null = null;

  private fill(): Buffer[] {
    if (this.free) return this.free;
    this.free = [];
    try {
      const memory = new wasm!.Memory({ initial: (SLOT * SLOTS) / 65536 });
      for (let i = 0; i < SLOTS; i += 1) this.free.push(Buffer.from(memory.buffer, i * SLOT, SLOT));
    } catch {
      // No WebAssembly memory: plain buffers only (and buffered writes).
    }
    return this.free;
  }

  /** A staging buffer; `aligned` says whether it may be written with O_DIRECT. */
  take(): { buf: Buffer; aligned: boolean } {
    const buf = this.fill().pop();
    return buf ? { buf, aligned: true } : { buf: Buffer.allocUnsafe(SLOT), aligned: false };
  }

  give(slot: { buf: Buffer; aligned: boolean }): void {
    if (slot.aligned) this.free!.push(slot.buf);
  }
}

export const alignedPool = new AlignedPool();

const O_DIRECT = fs.constants.O_DIRECT ?? 0;
const probes = new Map<string, Promise<boolean>>();

/** Whether O_DIRECT writes from the pool's buffers work in `dir` (checked once per folder and process). */
export function directWritesWork(dir: string): Promise<boolean> {
  let probe = probes.get(dir);
  if (!probe) {
    probe = (async () => {
      if (!O_DIRECT) return false;
      const slot = alignedPool.take();
      const file = path.join(dir, `.direct-probe-${randomBytes(6).toString('hex')}`);
      try {
        if (!slot.aligned) return false;
        await fsp.mkdir(dir, { recursive: true });
        const fh = await fsp.open(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | O_DIRECT);
        try {
          const { bytesWritten } = await fh.write(slot.buf, 0, BLOCK, 0);
          return bytesWritten === BLOCK;
        } finally {
          await fh.close();
        }
      } catch {
        return false; // EINVAL: not here
      } finally {
        alignedPool.give(slot);
        await fsp.rm(file, { force: true });
      }
    })();
    probes.set(dir, probe);
  }
  return probe;
}

/** Opens an existing file for direct writes. */
export const openDirect = (file: string) => fsp.open(file, fs.constants.O_WRONLY | O_DIRECT);

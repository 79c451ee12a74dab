import { Worker } from 'node:worker_threads';

/**
 * One worker thread per app that keeps the running MD5 of each upload in
 * progress: the main thread only says "chunk n of this file is done" and the
 * worker reads and hashes it on the other core, so receiving and hashing
 * overlap. Messages are handled in order, so a digest covers everything fed
 * before it. If the worker dies its state is gone and the merge hashes the
 * file from the start (the answer is the same, only slower).
 */
export class Md5Worker {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (hex: string | null) => void; reject: (err: Error) => void }>();

  private get w(): Worker {
    if (!this.worker) {
      const w = new Worker(new URL('./md5-worker.mjs', import.meta.url));
      w.unref();
      w.on('message', (m: { id: number; hex?: string; missing?: boolean; error?: string }) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.error) p.reject(new Error(m.error));
        else p.resolve(m.missing ? null : (m.hex ?? null));
      });
      const fail = (err: Error) => {
        if (this.worker === w) this.worker = null;
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
      };
      w.on('error', fail);
      w.on('exit', () => fail(new Error('md5 worker exited')));
      this.worker = w;
    }
    return this.worker;
  }

  /** Hashes bytes [position, position + length) of `file` into `key`'s MD5; `direct`: read with O_DIRECT (it was written so). */
  feed(key: string, file: string, position: number, length: number, direct = false): void {
    this.w.postMessage({ op: 'feed', key, file, position, length, direct });
  }

  /** The MD5 of what was fed under `key` plus bytes [from, to) of `file`; null when the key's state is lost. */
  digest(key: string, file: string, from: number, to: number, direct = false): Promise<string | null> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.w.postMessage({ op: 'digest', key, file, from, to, id, direct });
    });
  }

  drop(key: string): void {
    this.worker?.postMessage({ op: 'drop', key });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

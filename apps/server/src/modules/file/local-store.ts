import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertKey, StoreNotFoundError, type ByteRange, type FileStore, type StoredObject } from './store.ts';

/**
 * Files in a local folder (`<DATA_DIR>/files`). Writes go to `.staging/` in the
 * same folder and are renamed into place, so a half-written file is never seen.
 */
export class LocalStore implements FileStore {
  readonly kind = 'local' as const;
  private readonly staging: string;

  constructor(readonly root: string) {
    this.root = path.resolve(root);
    this.staging = path.join(this.root, '.staging');
  }

  /** The absolute path of a key, checked to stay inside the root. */
  pathOf(key: string): string {
    const full = path.resolve(this.root, assertKey(key));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  }

  private async stagingFile(): Promise<string> {
    await fsp.mkdir(this.staging, { recursive: true });
    return path.join(this.staging, randomBytes(12).toString('hex'));
  }

  private async place(tmp: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tmp, target);
  }

  async put(key: string, body: Readable, size: number): Promise<void> {
    this.pathOf(key);
    const tmp = await this.stagingFile();
    try {
      let written = 0;
      body.on('data', (b: Buffer) => (written += b.length));
      await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      if (written !== size) throw new Error(`expected ${size} bytes for ${key}, got ${written}`);
      await this.place(tmp, key);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, localPath: string, opts: { move?: boolean } = {}): Promise<void> {
    this.pathOf(key);
    if (opts.move) {
      try {
        await this.place(localPath, key);
        return;
      } catch (err) {
        // Another file system (EXDEV): fall back to copying.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      }
    }
    const tmp = await this.stagingFile();
    try {
      await fsp.copyFile(localPath, tmp);
      await this.place(tmp, key);
      if (opts.move) await fsp.rm(localPath, { force: true });
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StoreNotFoundError(key);
      throw err;
    }
    return handle.createReadStream(
      range ? { start: range.start, end: range.end, highWaterMark: 256 * 1024 } : { highWaterMark: 256 * 1024 },
    );
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}

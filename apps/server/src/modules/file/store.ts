import type { Readable } from 'node:stream';

/**
 * Where file contents live: a local folder by default, an S3-compatible bucket
 * for deployments past one machine. Keys are relative paths such as
 * `ab/abcdef….pdf`; every implementation refuses anything else.
 */
export interface StoredObject {
  size: number;
  mtimeMs: number;
}

/** Inclusive byte range, as HTTP Range counts. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Stores a stream of `size` bytes under `key`, atomically: a reader never sees half a file. */
  put(key: string, body: Readable, size: number): Promise<void>;
  /** Stores a local file under `key`; with `move` the local file is consumed (a rename where possible). */
  putFile(key: string, localPath: string, opts?: { move?: boolean }): Promise<void>;
  /** The content, or one byte range of it. Rejects with a NotFound error when the key is absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting an absent key is not an error. */
  delete(key: string): Promise<void>;
}

export class StoreNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = 'StoreNotFoundError';
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*(\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*)*$/;

/** Keys are a few plain segments: no `..`, no leading dot or slash, no backslash, no NUL. */
export function assertKey(key: string): string {
  if (typeof key !== 'string' || key.length > 300 || !KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** The content-addressed key of a blob: two hex levels keep folders small. */
export const blobKey = (md5: string) => assertKey(`${md5.slice(0, 2)}/${md5}`);

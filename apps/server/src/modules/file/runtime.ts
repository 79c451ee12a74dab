import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { KeyedLock } from './keyed-lock.ts';
import { LocalStore } from './local-store.ts';
import { Md5Worker } from './md5-worker.ts';
import { S3Store } from './s3-store.ts';
import { loadFileSettings, type FileSettings } from './settings.ts';
import type { FileStore } from './store.ts';

/** The running file module of one app: its store, folders, locks and the MD5 state of uploads in progress. */
export interface FileRuntime {
  ctx: AppContext;
  settings: FileSettings;
  store: FileStore;
  /** `<DATA_DIR>/files` */
  root: string;
  /** `<DATA_DIR>/files/.tmp`: chunks of uploads in progress, one folder per identifier. */
  tmpRoot: string;
  locks: KeyedLock;
  /** Running MD5 of each upload's chunks received so far in order (this process only). */
  hashers: Map<string, Hasher>;
  md5: Md5Worker;
  /** Stops the scheduled cleanup (the app's close does; tests that move clocks do it first). */
  stopCleanup: () => void;
  /** Chunk writes in flight in this process, by `identifier:n`. */
  writes: Map<string, Promise<unknown>>;
}

export interface Hasher {
  /** The upload's state in the MD5 worker. */
  key: string;
  totalSize: number;
  totalChunks: number;
  chunkSize: number;
  /** The next chunk to feed. */
  next: number;
  /** Taken by a merge: no more feeding. */
  closed: boolean;
  /** When the upload row was last confirmed (its updated_at touched) by this process. */
  touchedAt: number;
}

const runtimes = new WeakMap<AppContext, FileRuntime>();

export function createFileRuntime(ctx: AppContext, overrides: Partial<FileSettings> = {}, store?: FileStore): FileRuntime {
  const settings = { ...loadFileSettings(), ...overrides };
  const root = path.join(ctx.config.dataDir, 'files');
  const rt: FileRuntime = {
    ctx,
    settings,
    store: store ?? (settings.store === 's3' && settings.s3 ? new S3Store(settings.s3) : new LocalStore(root)),
    root,
    tmpRoot: path.join(root, '.tmp'),
    locks: new KeyedLock(),
    hashers: new Map(),
    writes: new Map(),
    md5: new Md5Worker(),
    stopCleanup: () => undefined,
  };
  runtimes.set(ctx, rt);
  return rt;
}

/** For other modules (imports reading an uploaded spreadsheet, exports writing one). */
export function fileRuntime(ctx: AppContext): FileRuntime {
  const rt = runtimes.get(ctx);
  if (!rt) throw new Error('the file module is not registered on this app');
  return rt;
}

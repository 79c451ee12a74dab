/**
 * What `npm run backup` and `npm run restore` share: where the data and the
 * backups live, how a stored file is named, and copying a file so that no
 * reader ever sees half of it (a temporary name, fsync, rename).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** The repository root: relative DATA_DIR and BACKUP_DIR resolve here, as the server resolves DATA_DIR (apps/server/src/config.ts). */
export const repoRoot = path.resolve(import.meta.dirname, '..');

export const dataDirOf = (env = process.env) => path.resolve(repoRoot, env.DATA_DIR ?? 'data');

/** BACKUP_DIR, or a `backups` folder beside DATA_DIR (./backups for the default ./data). */
export const backupRootOf = (env = process.env) =>
  env.BACKUP_DIR ? path.resolve(repoRoot, env.BACKUP_DIR) : path.join(path.dirname(dataDirOf(env)), 'backups');

export const MANIFEST = 'manifest.json';

/** Storage keys as the file module makes them (modules/file/store.ts assertKey): plain segments, nothing that leaves the folder. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*(\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*)*$/;
export const isStorageKey = (key) => typeof key === 'string' && key.length <= 300 && KEY.test(key);

/** Flushes a file or folder to the disk: a rename is durable only once its folder is. */
export async function fsyncPath(p) {
  const handle = await fsp.open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** sha256 and md5 of a file, with its size. */
export async function digestFile(file) {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    sha256.update(chunk);
    md5.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: sha256.digest('hex'), md5: md5.digest('hex') };
}

/**
 * Copies `from` to `to` through `to + '.partial'`, hashing the bytes as they
 * are written, flushed before the rename: `to` is either absent or whole.
 * Answers the digest of what was written.
 */
export async function copyWhole(from, to) {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  const tmp = `${to}.partial`;
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let bytes = 0;
  const out = await fsp.open(tmp, 'w');
  try {
    for await (const chunk of fs.createReadStream(from, { highWaterMark: 1 << 20 })) {
      sha256.update(chunk);
      md5.update(chunk);
      bytes += chunk.length;
      await out.write(chunk);
    }
    await out.sync();
  } catch (err) {
    await out.close();
    await fsp.rm(tmp, { force: true });
    throw err;
  }
  await out.close();
  await fsp.rename(tmp, to);
  return { bytes, sha256: sha256.digest('hex'), md5: md5.digest('hex') };
}

/** Runs `work` over `items`, `width` at a time. */
export async function eachLimited(items, width, work) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

export const fail = (message) => {
  console.error(message);
  process.exit(1);
};

#!/usr/bin/env node
/**
 * `npm run backup`: a consistent copy of the SQLite database and of the stored
 * files in `<BACKUP_DIR>/<yyyy-mm-dd-HHMMSS>/` (UTC), while the server keeps
 * serving.
 *
 * - The database is copied with SQLite's online backup API in one step, that
 *   is inside one read transaction: the copy is the database as of one commit,
 *   and writers carry on meanwhile (WAL).
 * - The files copied are exactly those the copy's `file_blobs` table lists.
 *   Stored files are content-addressed and never rewritten, and a blob's file
 *   is deleted only after its row (modules/file/cleanup.service.ts), so every
 *   file the copied database needs is still there when we read it; each is
 *   checked against its MD5 (its name) and written under a temporary name,
 *   then renamed.
 * - manifest.json (and SHA256SUMS, for `sha256sum -c`) list every file with
 *   its sha256; the folder is built as `<name>.partial` and renamed when
 *   complete, so a folder without that suffix is a whole backup.
 *
 * Environment: DATA_DIR (./data), BACKUP_DIR (a `backups` folder beside DATA_DIR).
 * With DATABASE_URL (PostgreSQL) or FILE_STORE=s3 it says which tools to use instead.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MANIFEST, backupRootOf, copyWhole, dataDirOf, digestFile, eachLimited, fail, fsyncPath, isStorageKey } from './backup-support.mjs';

const PG_HELP = `DATABASE_URL is set: the database is PostgreSQL, which this command does not copy. Use its own tools:

  pg_dump -Fc -f medalliance-$(date -u +%Y-%m-%d-%H%M%S).dump "$DATABASE_URL"        # consistent while the server runs
  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" medalliance-….dump   # into a stopped server's database

and copy the stored files as the README's "Data safety" section says.`;

const S3_HELP = (
  bucket,
) => `FILE_STORE=s3: the files live in the bucket${bucket ? ` ${bucket}` : ''} and are not copied here. Copy them after this backup with, e.g.

  aws s3 sync s3://${bucket || '<bucket>'} <backup folder>/files     (or: mc mirror <alias>/${bucket || '<bucket>'} <backup folder>/files)`;

/** `yyyy-mm-dd-HHMMSS` in UTC. */
const stamp = (d = new Date()) => d.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '');

async function freeFolder(root, name) {
  for (let n = 1; ; n++) {
    const candidate = path.join(root, n === 1 ? name : `${name}-${n}`);
    const taken = await Promise.all(
      [candidate, `${candidate}.partial`].map((p) =>
        fsp.stat(p).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (!taken.includes(true)) return candidate;
  }
}

/** The live database copied into `target` in one backup step, then turned into one self-contained file. */
async function copyDatabase(source, target) {
  // Read-write only so SQLite may recover a WAL left by a crash; this connection only reads.
  const live = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    // One step of every page (the first call only starts the backup): the copy is one read
    // transaction's view. Steps of a few pages would restart whenever the server commits.
    await live.backup(target, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new Database(target);
  try {
    // The copy's header says WAL like its source; a rollback-journal file is whole on its own.
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`the copied database fails its integrity check: ${integrity}`);
    const blobs = copy.prepare('SELECT md5, file_size AS size, storage_key AS key FROM file_blobs ORDER BY storage_key').all();
    return { blobs, integrity };
  } finally {
    copy.close();
  }
}

async function main() {
  if (process.env.DATABASE_URL) fail(PG_HELP);
  const dataDir = dataDirOf();
  const source = path.join(dataDir, 'app.db');
  if (!(await fsp.stat(source).catch(() => null))) fail(`no database at ${source} (DATA_DIR=${dataDir}): nothing to back up`);

  const started = Date.now();
  const root = backupRootOf();
  await fsp.mkdir(root, { recursive: true });
  const folder = await freeFolder(root, stamp());
  const work = `${folder}.partial`;
  await fsp.mkdir(work);

  const { blobs } = await copyDatabase(source, path.join(work, 'app.db'));
  const database = { path: 'app.db', ...(await digestFile(path.join(work, 'app.db'))) };

  const s3 = process.env.FILE_STORE === 's3';
  const files = [];
  const missing = [];
  const damaged = [];
  if (!s3) {
    await eachLimited(blobs, 4, async (b) => {
      if (!isStorageKey(b.key)) {
        damaged.push({ path: `files/${b.key}`, reason: 'not a storage key' });
        return;
      }
      const rel = `files/${b.key}`;
      try {
        const d = await copyWhole(path.join(dataDir, rel), path.join(work, rel));
        // The name is the content's MD5: a mismatch is a stored file damaged on the disk, copied as it is.
        if (d.md5 !== b.md5 || d.bytes !== Number(b.size)) damaged.push({ path: rel, reason: `expected md5 ${b.md5}, ${b.size} bytes` });
        files.push({ path: rel, bytes: d.bytes, sha256: d.sha256 });
      } catch (err) {
        if (err.code !== 'ENOENT') throw err;
        missing.push(rel);
      }
    });
    files.sort((a, b) => a.path.localeCompare(b.path));
  }

  const manifest = {
    format: 1,
    createdAt: new Date(started).toISOString(),
    dataDir,
    database,
    fileStore: s3 ? 's3' : 'local',
    files,
    missing,
    damaged,
  };
  await fsp.writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  const sums = [database, ...files].map((f) => `${f.sha256}  ${f.path}\n`).join('');
  await fsp.writeFile(path.join(work, 'SHA256SUMS'), sums);
  for (const name of [MANIFEST, 'SHA256SUMS']) await fsyncPath(path.join(work, name));
  await fsyncPath(work);
  await fsp.rename(work, folder);
  await fsyncPath(root);

  const mb = (n) => (n / 1048576).toFixed(1);
  const fileBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `backup written to ${folder}\n  database app.db ${mb(database.bytes)} MB, ${files.length} stored files ${mb(fileBytes)} MB, ${Date.now() - started} ms`,
  );
  if (missing.length)
    console.warn(
      `  ${missing.length} stored files the database lists were not on the disk (deleted since, or lost before): ${missing.slice(0, 5).join(', ')}`,
    );
  if (damaged.length)
    console.warn(
      `  ${damaged.length} stored files do not match their checksum and were copied as they are: ${damaged
        .slice(0, 5)
        .map((d) => d.path)
        .join(', ')}`,
    );
  if (s3) console.log(`\n${S3_HELP(process.env.S3_BUCKET)}`);
  const shown = path.relative(process.cwd(), folder);
  console.log(`\nrestore with: npm run restore -- ${shown.startsWith('..') ? folder : shown}`);
}

main().catch((err) => fail(`backup failed: ${err.stack ?? err}`));

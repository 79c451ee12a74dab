#!/usr/bin/env node
/**
 * `npm run restore -- <backup folder> [--force]`: puts a backup made by
 * `npm run backup` back into DATA_DIR.
 *
 * Every file of the backup is checked against the manifest's sha256 before
 * anything in DATA_DIR changes. A DATA_DIR that already holds something is
 * left alone unless --force; with --force the server must be stopped (checked:
 * the database must not be open elsewhere), and the database and files it
 * holds are moved into `DATA_DIR/replaced-<time>/` rather than deleted.
 * Files go in first and the database last, each under a temporary name, then
 * renamed: an interrupted restore leaves no app.db, so no server starts on half
 * of one.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MANIFEST, copyWhole, dataDirOf, digestFile, eachLimited, fail, fsyncPath, isStorageKey } from './backup-support.mjs';

const USAGE = 'usage: npm run restore -- <backup folder> [--force]';

/** What a data folder holds that a restore replaces. */
const REPLACED = ['app.db', 'app.db-wal', 'app.db-shm', 'app.db-journal', 'files'];

async function readManifest(folder) {
  let manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(folder, MANIFEST), 'utf8'));
  } catch (err) {
    fail(`${folder} is not a complete backup (no readable ${MANIFEST}: ${err.message})`);
  }
  const entries = [manifest.database, ...(manifest.files ?? [])];
  for (const e of entries) {
    const ok =
      e &&
      /^[0-9a-f]{64}$/.test(e.sha256) &&
      (e.path === 'app.db' || (e.path.startsWith('files/') && isStorageKey(e.path.slice('files/'.length))));
    if (!ok) fail(`${MANIFEST} lists an entry that is not part of a backup: ${JSON.stringify(e)}`);
  }
  if (manifest.database.path !== 'app.db') fail(`${MANIFEST} names no database`);
  return { manifest, entries };
}

/** Every file of the backup against its sha256, before anything is touched. */
async function verify(folder, entries) {
  const bad = [];
  await eachLimited(entries, 4, async (e) => {
    const d = await digestFile(path.join(folder, e.path)).catch(() => null);
    if (!d) bad.push(`${e.path}: missing`);
    else if (d.sha256 !== e.sha256 || d.bytes !== e.bytes) bad.push(`${e.path}: checksum differs`);
  });
  if (bad.length) fail(`the backup is damaged, nothing was restored:\n  ${bad.sort().join('\n  ')}`);
}

/** Refuses when a server (or anything) has the database open: replacing it under them would corrupt it. */
function assertNotInUse(file) {
  if (!fs.existsSync(file)) return;
  const db = new Database(file, { timeout: 200 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (err) {
    fail(`${file} is in use (${err.code ?? err.message}): stop the server first`);
  } finally {
    db.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const positional = args.filter((a) => !a.startsWith('--'));
  if (positional.length !== 1 || args.some((a) => a.startsWith('--') && a !== '--force')) fail(USAGE);
  if (process.env.DATABASE_URL)
    fail('DATABASE_URL is set: this backup is of the SQLite database; restore a PostgreSQL dump with pg_restore (README "Data safety")');

  const folder = path.resolve(positional[0]);
  const { manifest, entries } = await readManifest(folder);
  await verify(folder, entries);

  const dataDir = dataDirOf();
  await fsp.mkdir(dataDir, { recursive: true });
  const present = await fsp.readdir(dataDir);
  if (present.length && !force)
    fail(
      `${dataDir} is not empty (${present.slice(0, 5).join(', ')}): restore into an empty DATA_DIR, or add --force to replace its database and files`,
    );

  if (present.length) {
    assertNotInUse(path.join(dataDir, 'app.db'));
    const aside = path.join(dataDir, `replaced-${new Date().toISOString().replaceAll(':', '').slice(0, 17)}`);
    const moved = present.filter((name) => REPLACED.includes(name));
    if (moved.length) {
      await fsp.mkdir(aside);
      for (const name of moved) await fsp.rename(path.join(dataDir, name), path.join(aside, name));
      console.log(`moved the replaced ${moved.join(', ')} to ${aside}`);
    }
  }

  // Files first, the database last: a database never points at files not yet in place.
  const files = manifest.files ?? [];
  await eachLimited(files, 4, async (f) => {
    const d = await copyWhole(path.join(folder, f.path), path.join(dataDir, f.path));
    if (d.sha256 !== f.sha256) throw new Error(`${f.path} changed while it was copied`);
  });
  const target = path.join(dataDir, 'app.db');
  const d = await copyWhole(path.join(folder, 'app.db'), target);
  if (d.sha256 !== manifest.database.sha256) throw new Error('app.db changed while it was copied');
  await fsyncPath(dataDir);

  const db = new Database(target, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`the restored database fails its integrity check: ${integrity}`);
  } finally {
    db.close();
  }
  console.log(`restored ${folder} (taken ${manifest.createdAt}) into ${dataDir}: app.db and ${files.length} stored files, checksums match`);
  if (manifest.fileStore === 's3') console.log('the backup was taken with FILE_STORE=s3: its files are in the bucket, not in this backup');
}

main().catch((err) => fail(`restore failed: ${err.stack ?? err}`));

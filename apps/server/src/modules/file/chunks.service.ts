import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ChunkFields, ChunkStatus, FileEntry, MergeFields } from '@medalliance/contract';
import { badRequest, conflict } from '../../http/errors.ts';
import { writeChunk } from './chunk-writer.ts';
import { directWritesWork } from './direct-io.ts';
import { blobOf, createFile, recordBlob, toEntry } from './files.service.ts';
import { checkSize, sizeLimit } from './limits.ts';
import { checkUploadName, uploadType } from './names.ts';
import type { FileRuntime, Hasher } from './runtime.ts';
import { blobKey } from './store.ts';

/**
 * The chunk protocol (server-contract §9, simple-uploader style).
 *
 * An upload in progress is a folder `<tmp>/<identifier>/` holding `data` (the
 * file, preallocated to its size), `done/<n>` (chunk n is complete) and
 * `claim/<n>` (who writes chunk n). A chunk is written in place, at its offset
 * (chunk-writer.ts, with direct I/O where the file system allows it),
 * by the one request that created its claim with O_EXCL; the claim stays when
 * the chunk is done, so a finished chunk is never written again, and a merge
 * (which needs every chunk done) never races a writer. A writer that crashed
 * leaves a claim with an expiry; after it another request may take the chunk
 * over, and a writer never writes past its own claim's expiry. Chunks that
 * arrive in order feed a running MD5 in this process, so the merge rarely
 * hashes from scratch; the merge checks the MD5 of the whole against the
 * identifier and moves `data` into the store (a rename for the local store: no
 * bytes are copied). A content already stored is never sent again (instant upload).
 */

type Geometry = { totalSize: number; chunkSize: number; totalChunks: number };

const dirOf = (rt: FileRuntime, identifier: string) => path.join(rt.tmpRoot, identifier);
const dataPath = (rt: FileRuntime, identifier: string) => path.join(dirOf(rt, identifier), 'data');
const doneDir = (rt: FileRuntime, identifier: string) => path.join(dirOf(rt, identifier), 'done');
const donePath = (rt: FileRuntime, identifier: string, n: number) => path.join(doneDir(rt, identifier), String(n));
const claimPath = (rt: FileRuntime, identifier: string, n: number) => path.join(dirOf(rt, identifier), 'claim', String(n));

/** How long one request may take to write one chunk (a 5 MiB chunk over a slow township line). */
export const CLAIM_MS = 10 * 60_000;
/** Extra wait before another request takes over an expired claim (clock differences between processes). */
const CLAIM_GRACE_MS = 60_000;

/** totalChunks must be what one of the two client conventions computes (remainder in its own chunk, or added to the last). */
export function checkGeometry(g: Geometry): void {
  const ceil = Math.max(1, Math.ceil(g.totalSize / g.chunkSize));
  const floor = Math.max(1, Math.floor(g.totalSize / g.chunkSize));
  if (g.totalChunks !== ceil && g.totalChunks !== floor) throw badRequest('file.badChunk');
}

export function chunkLength(g: Geometry, n: number): number {
  return n < g.totalChunks ? g.chunkSize : g.totalSize - (g.totalChunks - 1) * g.chunkSize;
}

/** Type, name, extension, category and size of an upload, or the spec's refusal. */
function checkUpload(rt: FileRuntime, f: { type: string; fileName: string; extension?: string | undefined }, totalSize: number) {
  const type = uploadType(f.type);
  const name = checkUploadName(type, f.fileName, f.extension);
  checkSize(totalSize, sizeLimit(type, name.category, rt.settings, false));
  return { type, ...name };
}

async function listChunks(rt: FileRuntime, identifier: string): Promise<number[]> {
  try {
    const names = await fsp.readdir(doneDir(rt, identifier));
    return names
      .filter((n) => /^\d{1,5}$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** A stored content of this hash and size that the store still has. */
async function existingBlob(rt: FileRuntime, md5: string, size: number) {
  const blob = await blobOf(rt.ctx, md5);
  if (!blob || Number(blob.fileSize) !== size) return null;
  if (!(await rt.store.exists(blob.storageKey))) {
    await rt.ctx.db.deleteFrom('fileBlobs').where('md5', '=', md5).execute();
    return null;
  }
  return blob;
}

const instant: ChunkStatus = { uploaded: true, chunkNumbers: [], merge: true };

/** GET /api/file/chunk: what the server already has of this file. */
export async function checkChunks(rt: FileRuntime, f: ChunkFields): Promise<ChunkStatus> {
  checkGeometry(f);
  checkUpload(rt, f, f.totalSize);
  if (await existingBlob(rt, f.identifier, f.totalSize)) return instant;
  const row = await rt.ctx.db.selectFrom('fileUploads').selectAll().where('identifier', '=', f.identifier).executeTakeFirst();
  if (!row || Number(row.totalSize) !== f.totalSize || row.chunkSize !== f.chunkSize || row.totalChunks !== f.totalChunks) {
    return { uploaded: false, chunkNumbers: [], merge: false };
  }
  const chunkNumbers = await listChunks(rt, f.identifier);
  return { uploaded: false, chunkNumbers, merge: chunkNumbers.length === f.totalChunks };
}

/** The upload row of this identifier with this geometry, created or reset (old chunks dropped) as needed. */
const sameGeometry = (h: Hasher | undefined, g: Geometry) =>
  !!h && !h.closed && h.totalSize === g.totalSize && h.chunkSize === g.chunkSize && h.totalChunks === g.totalChunks;

async function ensureUpload(rt: FileRuntime, f: ChunkFields, userId: string): Promise<void> {
  // Fast path: this process set the upload up a moment ago.
  const known = rt.hashers.get(f.identifier);
  if (sameGeometry(known, f) && Date.now() - known!.touchedAt < 60_000 && fs.existsSync(dataPath(rt, f.identifier))) return;
  await rt.locks.run(`init:${f.identifier}`, async () => {
    const { db } = rt.ctx;
    const now = Date.now();
    await db
      .insertInto('fileUploads')
      .values({
        identifier: f.identifier,
        totalSize: f.totalSize,
        chunkSize: f.chunkSize,
        totalChunks: f.totalChunks,
        fileName: f.fileName.slice(0, 255),
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
        mergingAt: null,
      })
      .onConflict((oc) => oc.column('identifier').doNothing())
      .execute();
    const row = (await db.selectFrom('fileUploads').selectAll().where('identifier', '=', f.identifier).executeTakeFirst())!;
    const same = Number(row.totalSize) === f.totalSize && row.chunkSize === f.chunkSize && row.totalChunks === f.totalChunks;
    if (!same) {
      // Another chunking of the same content: the old chunks cannot be reused.
      if (row.mergingAt && now - Number(row.mergingAt) < rt.settings.mergeLeaseMs) throw conflict('file.busy');
      await dropTemp(rt, f.identifier);
      await db
        .updateTable('fileUploads')
        .set({ totalSize: f.totalSize, chunkSize: f.chunkSize, totalChunks: f.totalChunks, updatedAt: now, mergingAt: null })
        .where('identifier', '=', f.identifier)
        .execute();
    } else if (now - Number(row.updatedAt) > 60_000) {
      await db.updateTable('fileUploads').set({ updatedAt: now }).where('identifier', '=', f.identifier).execute();
    }
    await fsp.mkdir(doneDir(rt, f.identifier), { recursive: true });
    await fsp.mkdir(path.dirname(claimPath(rt, f.identifier, 1)), { recursive: true });
    try {
      const fh = await fsp.open(dataPath(rt, f.identifier), 'wx');
      await fh.truncate(f.totalSize).finally(() => fh.close());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const h = rt.hashers.get(f.identifier);
    if (h && sameGeometry(h, f)) {
      h.touchedAt = now;
    } else {
      if (h) rt.md5.drop(h.key);
      rt.hashers.set(f.identifier, {
        key: `${f.identifier}:${randomBytes(6).toString('hex')}`,
        totalSize: f.totalSize,
        totalChunks: f.totalChunks,
        chunkSize: f.chunkSize,
        next: 1,
        closed: false,
        touchedAt: now,
      });
    }
  });
}

/** Whether chunks are written, and so best read back, with O_DIRECT here (direct-io.ts). */
const useDirect = async (rt: FileRuntime) => rt.settings.directIo && (await directWritesWork(rt.tmpRoot));

/** Hands the chunks now done, in order, to the MD5 worker. */
async function advance(rt: FileRuntime, identifier: string): Promise<void> {
  const h = rt.hashers.get(identifier);
  if (!h || h.closed) return;
  const direct = await useDirect(rt);
  if (h.closed) return;
  while (h.next <= h.totalChunks && fs.existsSync(donePath(rt, identifier, h.next))) {
    rt.md5.feed(h.key, dataPath(rt, identifier), (h.next - 1) * h.chunkSize, chunkLength(h, h.next), direct);
    h.next += 1;
  }
}

/** Drains a request stream we do not need. */
async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) void _;
}

interface Claim {
  token: string;
  expiresAt: number;
}

/** Takes chunk n for this request, or null when another live request has it. */
async function takeClaim(file: string): Promise<Claim | null> {
  const claim: Claim = { token: randomBytes(9).toString('base64url'), expiresAt: Date.now() + CLAIM_MS };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fsp.writeFile(file, JSON.stringify(claim), { flag: 'wx' });
      return claim;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // Held: take it over only when it expired long enough ago (a crashed writer).
    let held: Claim | null = null;
    try {
      held = JSON.parse(await fsp.readFile(file, 'utf8')) as Claim;
    } catch {
      held = null; // being written or removed right now: treat as held
    }
    if (!held || held.expiresAt + CLAIM_GRACE_MS > Date.now()) return null;
    const broken = `${file}.${randomBytes(6).toString('hex')}.broken`;
    try {
      await fsp.rename(file, broken);
    } catch {
      return null; // another request broke it first
    }
    await fsp.rm(broken, { force: true });
  }
  return null;
}

/** POST /api/file/chunk: stores one chunk (once), answering what the server now has. */
export async function storeChunk(rt: FileRuntime, f: ChunkFields, file: Readable, userId: string): Promise<ChunkStatus> {
  const n = f.chunkNumber;
  try {
    checkGeometry(f);
    checkUpload(rt, f, f.totalSize);
    if (!n || n > f.totalChunks) throw badRequest('file.badChunk');
    const expected = chunkLength(f, n);
    if (f.currentChunkSize !== undefined && f.currentChunkSize !== expected) throw badRequest('file.badChunk');
    if (await existingBlob(rt, f.identifier, f.totalSize)) {
      await drain(file);
      return instant;
    }
    await ensureUpload(rt, f, userId);
    const done = donePath(rt, f.identifier, n);
    const claimFile = claimPath(rt, f.identifier, n);
    const claim = fs.existsSync(done) ? null : await takeClaim(claimFile);
    if (!claim) {
      // Done already, or another request is writing it right now: wait for that one a little.
      await drain(file);
      const deadline = Date.now() + 10_000;
      while (!fs.existsSync(done) && Date.now() < deadline) {
        const other = rt.writes.get(`${f.identifier}:${n}`);
        if (other) await other.catch(() => undefined);
        else await new Promise((r) => setTimeout(r, 100));
        if (!other && !fs.existsSync(claimFile)) break;
      }
      if (!fs.existsSync(done)) throw conflict('file.busy');
    } else {
      let ok = false;
      try {
        if (fs.existsSync(done)) {
          await drain(file);
          ok = true;
        } else {
          const writing = writeChunk(file, dataPath(rt, f.identifier), (n - 1) * f.chunkSize, expected, claim, await useDirect(rt));
          const key = `${f.identifier}:${n}`;
          rt.writes.set(key, writing);
          try {
            ok = await writing;
          } finally {
            if (rt.writes.get(key) === writing) rt.writes.delete(key);
          }
          if (!ok) throw badRequest('file.badChunk');
          if (Date.now() >= claim.expiresAt) throw conflict('file.busy');
          await fsp.writeFile(done, '');
        }
      } finally {
        // A failed writer gives the chunk back; a finished one keeps it, so it is never written again.
        if (!ok && Date.now() < claim.expiresAt) await fsp.rm(claimFile, { force: true });
      }
      await advance(rt, f.identifier);
    }
    const chunkNumbers = await listChunks(rt, f.identifier);
    return { uploaded: false, chunkNumbers, merge: chunkNumbers.length === f.totalChunks };
  } finally {
    // Whatever happened, the request body is read to its end.
    if (!file.readableEnded) await drain(file).catch(() => undefined);
  }
}

async function dropTemp(rt: FileRuntime, identifier: string): Promise<void> {
  const h = rt.hashers.get(identifier);
  if (h) {
    h.closed = true;
    rt.md5.drop(h.key);
  }
  rt.hashers.delete(identifier);
  await fsp.rm(dirOf(rt, identifier), { recursive: true, force: true });
}

/** Removes an upload in progress: its chunks and its row. */
export async function discardUpload(rt: FileRuntime, identifier: string): Promise<void> {
  await dropTemp(rt, identifier);
  await rt.ctx.db.deleteFrom('fileUploads').where('identifier', '=', identifier).execute();
}

/** The MD5 of the upload's file, continuing the running hash where it got to. */
async function digest(rt: FileRuntime, identifier: string, g: Geometry): Promise<string> {
  const file = dataPath(rt, identifier);
  const direct = await useDirect(rt);
  const h: Hasher | undefined = rt.hashers.get(identifier);
  rt.hashers.delete(identifier);
  if (h) {
    h.closed = true;
    if (sameGeometry({ ...h, closed: false }, g)) {
      const from = h.next > g.totalChunks ? g.totalSize : (h.next - 1) * g.chunkSize;
      const hex = await rt.md5.digest(h.key, file, from, g.totalSize, direct).catch(() => null);
      if (hex) return hex;
    } else {
      rt.md5.drop(h.key);
    }
  }
  const hex = await rt.md5.digest(`full:${randomBytes(6).toString('hex')}`, file, 0, g.totalSize, direct).catch(() => null);
  if (hex) return hex;
  // No worker: hash here.
  const hash = createHash('md5');
  for await (const buf of fs.createReadStream(file, { highWaterMark: 4 * 1024 * 1024 }) as AsyncIterable<Buffer>) hash.update(buf);
  return hash.digest('hex');
}

/** POST /api/file/merge: the stored file, or the reason there is none. */
export async function mergeChunks(rt: FileRuntime, f: MergeFields, userId: string): Promise<FileEntry> {
  const type = uploadType(f.type);
  const { db } = rt.ctx;
  return rt.locks.run(`merge:${f.identifier}`, async () => {
    const row = await db.selectFrom('fileUploads').selectAll().where('identifier', '=', f.identifier).executeTakeFirst();
    const totalSize = f.fileSize ?? (row ? Number(row.totalSize) : undefined);
    if (totalSize === undefined) throw badRequest('file.chunksMissing', {}, { chunkNumbers: [] });
    const name = checkUpload(rt, { type, fileName: f.fileName, extension: f.extension }, totalSize);
    const record = (storageKey: string) =>
      createFile(rt.ctx, {
        md5: f.identifier,
        fileSize: totalSize,
        storageKey,
        originalName: name.originalName,
        extension: name.extension,
        type,
        category: name.category,
        userId,
      });

    const blob = await existingBlob(rt, f.identifier, totalSize);
    if (blob) {
      // Instant upload; chunks someone sent meanwhile are of no use.
      if (row && !row.mergingAt) await discardUpload(rt, f.identifier);
      return toEntry(await record(blob.storageKey));
    }
    if (!row || Number(row.totalSize) !== totalSize) throw badRequest('file.chunksMissing', {}, { chunkNumbers: [] });
    const g: Geometry = { totalSize, chunkSize: row.chunkSize, totalChunks: row.totalChunks };
    const have = await listChunks(rt, f.identifier);
    if (have.length < g.totalChunks) throw badRequest('file.chunksMissing', {}, { chunkNumbers: have });

    // One merge across processes: a lease on the upload row.
    const now = Date.now();
    const claimed = await db
      .updateTable('fileUploads')
      .set({ mergingAt: now })
      .where('identifier', '=', f.identifier)
      .where((eb) => eb.or([eb('mergingAt', 'is', null), eb('mergingAt', '<', now - rt.settings.mergeLeaseMs)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict('file.busy');

    try {
      const file = dataPath(rt, f.identifier);
      const size = (await fsp.stat(file)).size;
      if (size !== totalSize || (await digest(rt, f.identifier, g)) !== f.identifier) {
        await discardUpload(rt, f.identifier);
        throw badRequest('file.md5Mismatch');
      }
      const key = blobKey(f.identifier);
      await rt.store.putFile(key, file, { move: true });
      await recordBlob(rt.ctx, f.identifier, totalSize, key);
      const stored = (await blobOf(rt.ctx, f.identifier))!;
      await discardUpload(rt, f.identifier);
      return toEntry(await record(stored.storageKey));
    } catch (err) {
      await db.updateTable('fileUploads').set({ mergingAt: null }).where('identifier', '=', f.identifier).execute();
      throw err;
    }
  });
}

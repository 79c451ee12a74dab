import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createHash, randomBytes } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { ChunkFields, ChunkStatus, FileEntry, MergeFields } from '@medalliance/contract';
import { badRequest, conflict } from '../../http/errors.ts';
import { blobOf, createFile, recordBlob, toEntry } from './files.service.ts';
import { checkSize, sizeLimit } from './limits.ts';
import { checkUploadName, uploadType } from './names.ts';
import type { FileRuntime, Hasher } from './runtime.ts';
import { blobKey } from './store.ts';

/**
 * The chunk protocol (server-contract §9, simple-uploader style). Chunks of an
 * upload are files `<tmp>/<identifier>/chunks/<n>`, each created at most once
 * (hard link from a private temporary, which fails rather than replace), so a
 * stored chunk never changes. Chunks that arrive in order feed a running MD5
 * in this process, so the merge rarely hashes from scratch. The merge joins the
 * chunks, checks the MD5 of the result against the identifier, and moves the
 * file into the store under its content hash; a file whose hash is already
 * stored is never sent again (instant upload).
 */

type Geometry = { totalSize: number; chunkSize: number; totalChunks: number };

const dirOf = (rt: FileRuntime, identifier: string) => path.join(rt.tmpRoot, identifier);
const chunksDir = (rt: FileRuntime, identifier: string) => path.join(dirOf(rt, identifier), 'chunks');
const chunkPath = (rt: FileRuntime, identifier: string, n: number) => path.join(chunksDir(rt, identifier), String(n));

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
    const names = await fsp.readdir(chunksDir(rt, identifier));
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
async function ensureUpload(rt: FileRuntime, f: ChunkFields, userId: string): Promise<void> {
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
    await fsp.mkdir(chunksDir(rt, f.identifier), { recursive: true });
    const h = rt.hashers.get(f.identifier);
    if (!h || h.totalChunks !== f.totalChunks || h.chunkSize !== f.chunkSize) {
      rt.hashers.set(f.identifier, {
        totalChunks: f.totalChunks,
        chunkSize: f.chunkSize,
        next: 1,
        hash: createHash('md5'),
        chain: Promise.resolve(),
        failed: false,
        closed: false,
      });
    }
  });
}

/** Feeds the chunks now present in order into the running MD5 (in the background). */
function advance(rt: FileRuntime, identifier: string): void {
  const h = rt.hashers.get(identifier);
  if (!h || h.failed || h.closed) return;
  h.chain = h.chain
    .then(async () => {
      while (!h.closed && !h.failed && h.next <= h.totalChunks) {
        let buf: Buffer;
        try {
          buf = await fsp.readFile(chunkPath(rt, identifier, h.next));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw err;
        }
        if (h.closed) return;
        h.hash.update(buf);
        h.next += 1;
      }
    })
    .catch(() => {
      h.failed = true;
    });
}

/** Drains a request stream we do not need. */
async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) void _;
}

/**
 * Writes one chunk stream to `file`, refusing more or fewer bytes than
 * expected (the rest of the stream is still read, so the request completes).
 */
async function writeExactly(stream: Readable, file: string, expected: number): Promise<boolean> {
  const out = fs.createWriteStream(file, { flags: 'wx', highWaterMark: 1024 * 1024 });
  let n = 0;
  let writable = true;
  try {
    for await (const buf of stream as AsyncIterable<Buffer>) {
      n += buf.length;
      if (n > expected) {
        writable = false;
        continue;
      }
      if (!out.write(buf)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
  } catch (err) {
    out.destroy();
    throw err;
  }
  return writable && n === expected;
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
    const target = chunkPath(rt, f.identifier, n);
    if (fs.existsSync(target)) {
      await drain(file);
    } else {
      const tmp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        const exact = await writeExactly(file, tmp, expected);
        if (!exact) throw badRequest('file.badChunk');
        try {
          await fsp.link(tmp, target);
        } catch (err) {
          // EEXIST: a parallel request stored this chunk first; theirs stays.
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        }
      } finally {
        await fsp.rm(tmp, { force: true });
      }
      advance(rt, f.identifier);
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
  if (h) h.closed = true;
  rt.hashers.delete(identifier);
  await fsp.rm(dirOf(rt, identifier), { recursive: true, force: true });
}

/** Removes an upload in progress: its chunks and its row. */
export async function discardUpload(rt: FileRuntime, identifier: string): Promise<void> {
  await dropTemp(rt, identifier);
  await rt.ctx.db.deleteFrom('fileUploads').where('identifier', '=', identifier).execute();
}

/**
 * Joins the chunks into one file, hashing what the running MD5 has not seen;
 * returns the path and the MD5 of the whole.
 */
async function join(rt: FileRuntime, identifier: string, g: Geometry): Promise<{ file: string; md5: string; size: number }> {
  const h: Hasher | undefined = rt.hashers.get(identifier);
  let hash = createHash('md5');
  let hashed = 0;
  if (h) {
    h.closed = true;
    await h.chain;
    if (!h.failed && h.totalChunks === g.totalChunks && h.chunkSize === g.chunkSize) {
      hash = h.hash;
      hashed = h.next - 1;
    }
    rt.hashers.delete(identifier);
  }
  const file = path.join(dirOf(rt, identifier), `joined.${randomBytes(6).toString('hex')}`);
  const out = await fsp.open(file, 'wx');
  let size = 0;
  try {
    for (let n = 1; n <= g.totalChunks; n += 1) {
      const buf = await fsp.readFile(chunkPath(rt, identifier, n));
      if (buf.length !== chunkLength(g, n)) throw badRequest('file.chunksMissing');
      if (n > hashed) hash.update(buf);
      await out.write(buf, 0, buf.length, size);
      size += buf.length;
    }
  } finally {
    await out.close();
  }
  return { file, md5: hash.digest('hex'), size };
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

    let joined: { file: string; md5: string; size: number } | null = null;
    try {
      joined = await join(rt, f.identifier, g);
      if (joined.md5 !== f.identifier || joined.size !== totalSize) {
        await discardUpload(rt, f.identifier);
        throw badRequest('file.md5Mismatch');
      }
      const key = blobKey(f.identifier);
      await rt.store.putFile(key, joined.file, { move: true });
      await recordBlob(rt.ctx, f.identifier, totalSize, key);
      const stored = (await blobOf(rt.ctx, f.identifier))!;
      await discardUpload(rt, f.identifier);
      return toEntry(await record(stored.storageKey));
    } catch (err) {
      if (joined) await fsp.rm(joined.file, { force: true });
      await db.updateTable('fileUploads').set({ mergingAt: null }).where('identifier', '=', f.identifier).execute();
      throw err;
    }
  });
}

import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createHash, randomBytes } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FileEntry, UploadType } from '@medalliance/contract';
import { badRequest } from '../../http/errors.ts';
import { looksLikeImage } from './content-types.ts';
import { blobOf, createFile, recordBlob, toEntry } from './files.service.ts';
import { refuseSize, sizeLimit } from './limits.ts';
import { checkUploadName } from './names.ts';
import type { FileRuntime } from './runtime.ts';
import { blobKey } from './store.ts';

/**
 * One-request uploads (`Uploader/{type}`: pictures, chat images, avatars,
 * small attachments, imports): the stream goes to a temporary file while it is
 * hashed and counted, is refused past the type's limit, and lands in the store
 * under its MD5 unless that content is stored already.
 */
export interface ReceivedFile {
  /** The temporary file; the caller removes it (or hands it to the store). */
  path: string;
  md5: string;
  size: number;
  originalName: string;
  extension: string;
  category: string;
}

export async function receiveFile(rt: FileRuntime, type: UploadType, fileName: string, stream: Readable): Promise<ReceivedFile> {
  let name: ReturnType<typeof checkUploadName>;
  try {
    name = checkUploadName(type, fileName);
  } catch (err) {
    stream.resume();
    throw err;
  }
  const limit = sizeLimit(type, name.category, rt.settings, true);
  await fsp.mkdir(rt.tmpRoot, { recursive: true });
  const tmp = path.join(rt.tmpRoot, `single-${randomBytes(12).toString('hex')}`);
  const out = fs.createWriteStream(tmp, { flags: 'wx', highWaterMark: 1024 * 1024 });
  const hash = createHash('md5');
  let size = 0;
  let head = Buffer.alloc(0);
  try {
    for await (const buf of stream as AsyncIterable<Buffer>) {
      size += buf.length;
      if (size > limit.max) continue; // read to the end, keep nothing
      if (head.length < 16) head = Buffer.concat([head, buf.subarray(0, 16)]);
      hash.update(buf);
      if (!out.write(buf)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
    if (size > limit.max || (stream as Readable & { truncated?: boolean }).truncated) refuseSize(limit);
    if (name.category === 'image' && !looksLikeImage(name.extension, head))
      throw badRequest(type === 'IM' || type === 'userAvatar' || type === 'annexpic' ? 'file.imageOnly' : 'file.typeNotAllowed');
    return { path: tmp, md5: hash.digest('hex'), size, ...name };
  } catch (err) {
    out.destroy();
    await fsp.rm(tmp, { force: true });
    throw err;
  }
}

/** Moves a received file into the store (or drops it when the content is there) and records it. */
export async function storeReceived(rt: FileRuntime, type: UploadType, r: ReceivedFile, userId: string): Promise<FileEntry> {
  try {
    let blob = await blobOf(rt.ctx, r.md5);
    if (blob && !(await rt.store.exists(blob.storageKey))) {
      await rt.ctx.db.deleteFrom('fileBlobs').where('md5', '=', r.md5).execute();
      blob = undefined;
    }
    if (!blob) {
      const key = blobKey(r.md5);
      await rt.store.putFile(key, r.path, { move: true });
      await recordBlob(rt.ctx, r.md5, r.size, key);
      blob = (await blobOf(rt.ctx, r.md5))!;
    }
    const row = await createFile(rt.ctx, {
      md5: r.md5,
      fileSize: r.size,
      storageKey: blob.storageKey,
      originalName: r.originalName,
      extension: r.extension,
      type,
      category: r.category,
      userId,
    });
    return toEntry(row);
  } finally {
    await fsp.rm(r.path, { force: true });
  }
}

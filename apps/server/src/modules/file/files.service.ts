import type { FileEntry, PageQuery, UploadType } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Selectable } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { FileBlobTable, FileTable } from '../../db/tables/file.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import { newId } from '../../lib/ids.ts';
import { contentTypeOf } from './content-types.ts';
import { newStoredName } from './names.ts';

/** Files as records: the entry forms store, lookups by stored name, references and deletion. */

export interface NewFile {
  md5: string;
  fileSize: number;
  storageKey: string;
  originalName: string;
  extension: string;
  type: UploadType;
  category: string;
  userId: string | null;
}

export function fileUrl(f: Pick<FileTable, 'type' | 'name' | 'category'>): string {
  return f.category === 'image' ? `/api/file/Image/${f.type}/${f.name}` : `/api/file/Download/${f.type}/${f.name}`;
}

export function toEntry(f: FileTable): FileEntry {
  return {
    name: f.name,
    fileId: f.id,
    fileSize: Number(f.fileSize),
    fileExtension: f.fileExtension,
    fileVersionId: f.fileVersionId,
    url: fileUrl(f),
    fileName: f.originalName,
  };
}

/** Every chunk request asks it (instant upload): compiled once (db/prepared.ts). */
const findBlob = prepared<{ md5: string }, Selectable<FileBlobTable>>((db, p) =>
  db.selectFrom('fileBlobs').selectAll().where('md5', '=', p('md5')),
);

export async function blobOf(ctx: AppContext, md5: string): Promise<Selectable<FileBlobTable> | undefined> {
  return (await findBlob(ctx.db, { md5 }))[0];
}

/** Records a stored content; a concurrent insert of the same MD5 leaves the first one. */
export async function recordBlob(ctx: AppContext, md5: string, fileSize: number, storageKey: string): Promise<void> {
  await ctx.db
    .insertInto('fileBlobs')
    .values({ md5, fileSize, storageKey, createdAt: Date.now() })
    .onConflict((oc) => oc.column('md5').doNothing())
    .execute();
}

export async function createFile(ctx: AppContext, f: NewFile): Promise<FileTable> {
  const id = newId();
  const row: FileTable = {
    id,
    name: newStoredName(id, f.extension),
    originalName: f.originalName,
    fileSize: f.fileSize,
    fileExtension: f.extension,
    fileVersionId: id,
    md5: f.md5,
    storageKey: f.storageKey,
    type: f.type,
    category: f.category,
    contentType: contentTypeOf(f.extension),
    refCount: 0,
    createdBy: f.userId,
    createdAt: Date.now(),
  };
  await ctx.db.insertInto('files').values(row).execute();
  return row;
}

export async function fileByName(ctx: AppContext, type: string, name: string): Promise<FileTable | undefined> {
  return ctx.db.selectFrom('files').selectAll().where('name', '=', name).where('type', '=', type).executeTakeFirst();
}

export async function fileById(ctx: AppContext, id: string): Promise<FileTable | undefined> {
  if (!/^\d{1,19}$/.test(id)) return undefined;
  return ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Business records that keep a file call this when they save it (and
 * releaseFileReferences when they drop it): referenced files are never deleted.
 */
export async function addFileReferences(ctx: AppContext, fileIds: string[]): Promise<void> {
  for (const id of new Set(fileIds)) {
    await ctx.db
      .updateTable('files')
      .set((eb) => ({ refCount: eb('refCount', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}

export async function releaseFileReferences(ctx: AppContext, fileIds: string[]): Promise<void> {
  for (const id of new Set(fileIds)) {
    await ctx.db
      .updateTable('files')
      .set((eb) => ({ refCount: eb('refCount', '-', 1) }))
      .where('id', '=', id)
      .where('refCount', '>', 0)
      .execute();
  }
}

/** The user's own files, newest first, paged in SQL. */
export async function listOwnFiles(ctx: AppContext, userId: string, page: PageQuery) {
  let q = ctx.db.selectFrom('files').selectAll().where('createdBy', '=', userId);
  if (page.keyword) q = q.where(keywordMatch(['originalName'], page.keyword));
  const result = await paginate(q.orderBy('createdAt', 'desc').orderBy('id', 'desc'), page);
  return {
    list: result.list.map((f) => ({
      ...toEntry(f),
      type: f.type,
      category: f.category,
      createdAt: Number(f.createdAt),
      refCount: f.refCount,
    })),
    pagination: result.pagination,
  };
}

/** Deletes a file record (its owner or an administrator); the content goes when no record points at it. */
export async function deleteFile(ctx: AppContext, id: string, user: { userId: string; isAdministrator: boolean }): Promise<void> {
  const f = await fileById(ctx, id);
  if (!f) throw notFound('file.notExist');
  if (f.createdBy !== user.userId && !user.isAdministrator) throw forbidden();
  if (f.refCount > 0) throw conflict('file.referenced');
  const res = await ctx.db.deleteFrom('files').where('id', '=', id).where('refCount', '=', 0).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw conflict('file.referenced');
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { IMAGING_EXTENSIONS, type ImagingCentre, type ImagingImage, type ImagingImageKind } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { addFileReferences, fileById, fileRuntime, releaseFileReferences } from '../file/index.ts';
import { looksLikeImage } from '../file/content-types.ts';
import { serveFile } from '../file/serve.ts';
import { all, first } from '../health/plans/rows.ts';
import type { ImagingCaller } from './centres.ts';
import { readDicomHeader, type DicomHeader } from './dicom.ts';
import { partiesOn, studyFor } from './studies.service.ts';

/**
 * Images of a study: files the applying side uploaded through the files
 * module (chunked and resumable there), attached here after a content check
 * — DICOM read for its identifiers, JPEG / PNG by their signature, MP4 by its
 * `ftyp` box — and served back to whoever sees the study (ranges for video
 * seeking and large series).
 */

const ATTACH_STATES = ['registered', 'qc_returned', 'uploaded'];
const REMOVE_STATES = ['registered', 'qc_returned'];

export const imageUrl = (centre: ImagingCentre, studyId: string, imageId: string) =>
  `/api/imaging/${centre}/studies/${studyId}/images/${imageId}/content`;

export function kindOf(extension: string): ImagingImageKind | null {
  const ext = extension.toLowerCase();
  for (const [kind, exts] of Object.entries(IMAGING_EXTENSIONS)) if (exts.includes(ext)) return kind as ImagingImageKind;
  return null;
}

export async function imageRows(db: Kysely<any>, centre: ImagingCentre, studyId: string): Promise<ImagingImage[]> {
  const rows = await all(
    db,
    db
      .selectFrom('img_images as i')
      .leftJoin('files as f', 'f.id', 'i.file_id')
      .select([
        'i.id as id',
        'i.file_id as fileId',
        'i.kind as kind',
        'f.original_name as name',
        'f.file_extension as extension',
        'i.size as size',
        'i.study_uid as studyUid',
        'i.series_uid as seriesUid',
        'i.sop_uid as sopUid',
        'i.modality as modality',
        'i.instance_no as instanceNo',
        'i.created_at as createdAt',
      ])
      .where('i.study_id', '=', studyId)
      .orderBy('i.kind')
      .orderBy('i.series_uid')
      .orderBy('i.instance_no')
      .orderBy('i.created_at'),
  );
  return rows.map((r) => ({
    id: String(r.id),
    fileId: String(r.fileId),
    kind: r.kind,
    name: String(r.name ?? ''),
    extension: String(r.extension ?? ''),
    size: Number(r.size ?? 0),
    studyUid: r.studyUid ?? null,
    seriesUid: r.seriesUid ?? null,
    sopUid: r.sopUid ?? null,
    modality: r.modality ?? null,
    instanceNo: r.instanceNo === null || r.instanceNo === undefined ? null : Number(r.instanceNo),
    url: imageUrl(centre, studyId, String(r.id)),
    createdAt: Number(r.createdAt),
  }));
}

async function firstBytes(ctx: AppContext, key: string, size: number, n: number): Promise<Buffer> {
  if (size <= 0) return Buffer.alloc(0);
  const stream = await fileRuntime(ctx).store.get(key, { start: 0, end: Math.min(size, n) - 1 });
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** Checks a stored file's content against its kind; DICOM answers its header. */
export async function inspectFile(
  ctx: AppContext,
  f: { storageKey: string; fileSize: number; fileExtension: string; originalName: string },
): Promise<{ kind: ImagingImageKind; header: DicomHeader | null }> {
  const kind = kindOf(f.fileExtension);
  if (!kind) throw badRequest('imaging.badImageType');
  const size = Number(f.fileSize);
  if (kind === 'dicom') {
    const header = await readDicomHeader(fileRuntime(ctx).store, f.storageKey, size);
    if (!header) throw badRequest('imaging.notDicom', { name: f.originalName.slice(0, 100) });
    return { kind, header };
  }
  const head = await firstBytes(ctx, f.storageKey, size, 16);
  const ok = kind === 'image' ? looksLikeImage(f.fileExtension.toLowerCase(), head) : head.subarray(4, 8).toString('latin1') === 'ftyp';
  if (!ok) throw badRequest('imaging.badImageType');
  return { kind, header: null };
}

export async function attachImage(ctx: AppContext, c: ImagingCaller, studyId: string, fileId: string, at: number): Promise<ImagingImage> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const s = await studyFor(db, c, studyId, at);
  if (!partiesOn(c, s).includes('applicant')) throw forbidden('imaging.notYourPart');
  if (!ATTACH_STATES.includes(s.status)) throw conflict('imaging.imagesLocked');
  const f = await fileById(ctx, fileId);
  if (!f) throw badRequest('imaging.fileNotFound');
  if (f.createdBy !== c.userId && !c.isAdministrator) throw forbidden('imaging.fileNotYours');
  const dup = await first(db, db.selectFrom('img_images').select('id').where('study_id', '=', studyId).where('file_id', '=', fileId));
  if (dup) throw conflict('imaging.alreadyAttached');
  const { kind, header } = await inspectFile(ctx, f);
  const id = newId();
  await db
    .insertInto('img_images')
    .values({
      id,
      study_id: studyId,
      file_id: fileId,
      kind,
      study_uid: header?.studyUid ?? null,
      series_uid: header?.seriesUid ?? null,
      sop_uid: header?.sopUid ?? null,
      modality: header?.modality ?? null,
      instance_no: header?.instanceNo ?? null,
      size: Number(f.fileSize),
      created_at: at,
      created_by: c.userId,
    })
    .execute();
  await addFileReferences(ctx, [fileId]);
  const rows = await imageRows(db, c.centre, studyId);
  return rows.find((r) => r.id === id)!;
}

export async function removeImage(ctx: AppContext, c: ImagingCaller, studyId: string, imageId: string, at: number): Promise<void> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const s = await studyFor(db, c, studyId, at);
  if (!partiesOn(c, s).includes('applicant')) throw forbidden('imaging.notYourPart');
  if (!REMOVE_STATES.includes(s.status)) throw conflict('imaging.imagesLocked');
  const img = await first(
    db,
    db.selectFrom('img_images').select(['id', 'file_id as fileId']).where('id', '=', imageId).where('study_id', '=', studyId),
  );
  if (!img) throw notFound();
  await db.deleteFrom('img_images').where('id', '=', imageId).execute();
  await releaseFileReferences(ctx, [String(img.fileId)]);
}

/** Streams one image of a study the caller sees (Range honoured by the files module's server). */
export async function serveImage(
  ctx: AppContext,
  c: ImagingCaller,
  studyId: string,
  imageId: string,
  at: number,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  await studyFor(db, c, studyId, at);
  const img = await first(
    db,
    db.selectFrom('img_images').select(['file_id as fileId']).where('id', '=', imageId).where('study_id', '=', studyId),
  );
  if (!img) throw notFound();
  const f = await fileById(ctx, String(img.fileId));
  if (!f) throw notFound('imaging.fileNotFound');
  return serveFile(fileRuntime(ctx), req, reply, f, 'inline');
}

/** How many images a study has (upload-done needs one). */
export async function imageCount(db: Kysely<any>, studyId: string): Promise<number> {
  const r = await first<{ n: number }>(
    db,
    db
      .selectFrom('img_images')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('study_id', '=', studyId),
  );
  return Number(r?.n ?? 0);
}

import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  canPreviewInline,
  chunkFields,
  IMAGE_MAX_BYTES,
  MAX_CHUNK_SIZE,
  mergeFields,
  pageQuery,
  previewQuery,
  type FileEntry,
} from '@medalliance/contract';
import { publicAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { checkChunks, mergeChunks, storeChunk } from './chunks.service.ts';
import { deleteFile, fileById, fileByName, listOwnFiles } from './files.service.ts';
import { readChunkPart, readFormFields, readSingleUpload } from './multipart.ts';
import { storedName, uploadType } from './names.ts';
import type { FileRuntime } from './runtime.ts';
import { serveFile } from './serve.ts';
import { signedUrl, verifySignature } from './signing.ts';
import { receiveFile, storeReceived, type ReceivedFile } from './single-upload.service.ts';
import fsp from 'node:fs/promises';

const userRoute = { config: { access: userAccess } };
const publicRoute = { config: { access: publicAccess } };
/** Stored files go out as they are (ranges, lengths, already-compressed media): never through the JSON compressor. */
const userFile = { ...userRoute, compress: false as const };
const publicFile = { ...publicRoute, compress: false as const };

const typeName = z.object({ type: z.string().max(100), name: z.string().max(300) });

const signedUrlQuery = z.object({
  fileId: z.string().max(40).optional(),
  url: z.string().max(2000).optional(),
  inline: z.enum(['0', '1', 'true', 'false']).optional(),
  seconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(4 * 3600)
    .optional(),
});
const fileIdParams = z.object({ fileId: z.string().regex(/^\d{1,19}$/) });

/** Files (spec §7.9; server-contract §9): chunk protocol, one-request uploads, download, signed links, preview. */
export async function fileRoutes(app: FastifyInstance, rt: FileRuntime) {
  const { ctx } = rt;

  /** Which chunks the server has; `uploaded` when the whole content is stored already (instant upload). */
  app.get('/file/chunk', userRoute, async (req) => {
    const f = parse(chunkFields, req.query, requestLanguage(req));
    return ok(await checkChunks(rt, f));
  });

  app.post('/file/chunk', userRoute, async (req) => {
    const { fields, file } = await readChunkPart(req, 2 * MAX_CHUNK_SIZE);
    let f;
    try {
      f = parse(chunkFields, fields, requestLanguage(req));
    } catch (err) {
      file.resume();
      throw err;
    }
    return ok(await storeChunk(rt, f, file, req.session.userId));
  });

  app.post('/file/merge', userRoute, async (req) => {
    const f = parse(mergeFields, await readFormFields(req), requestLanguage(req));
    return ok(await mergeChunks(rt, f, req.session.userId));
  });

  /** Document preview (spec §7.9): an in-app address for images, PDF, text, audio and video, else a download address. */
  app.get('/file/Uploader/Preview', userRoute, async (req) => {
    const q = parse(previewQuery, req.query, requestLanguage(req));
    let f;
    if (q.fileVersionId) {
      if (!/^\d{1,19}$/.test(q.fileVersionId)) throw badRequest('file.badName');
      f = await fileById(ctx, q.fileVersionId);
    }
    if (!f && q.fileDownloadUrl) {
      const m = /\/api\/file\/(?:Download|Image)\/([^/?#]+)\/([^/?#]+)/i.exec(q.fileDownloadUrl);
      if (!m) throw badRequest('file.badName');
      f = await fileByName(ctx, uploadType(decodeURIComponent(m[1]!)), storedName(decodeURIComponent(m[2]!)));
    }
    if (!f && q.fileName) f = await ctx.db.selectFrom('files').selectAll().where('name', '=', storedName(q.fileName)).executeTakeFirst();
    if (!f) throw notFound('file.notExist');
    return ok(await signedUrl(ctx, f.id, canPreviewInline(f.fileExtension) ? 'inline' : 'attachment', rt.settings.linkSeconds));
  });

  /**
   * One-request upload of a file of `type` (pictures, chat images `IM`, avatars
   * `userAvatar`, imports `import`, small attachments): one file per request.
   */
  app.post('/file/Uploader/:type', userRoute, async (req) => {
    const type = uploadType((req.params as { type: string }).type);
    const max = Math.max(rt.settings.singleMaxBytes, IMAGE_MAX_BYTES);
    const { result } = await readSingleUpload<ReceivedFile>(
      req,
      max,
      (part) => receiveFile(rt, type, part.filename ?? '', part.file),
      (r) => fsp.rm(r.path, { force: true }),
    );
    const entry: FileEntry = await storeReceived(rt, type, result, req.session.userId);
    const lang = requestLanguage(req);
    return ok(entry, translate(lang, type === 'import' ? 'file.imported' : 'file.uploaded'));
  });

  const byTypeAndName = async (params: unknown) => {
    const p = parse(typeName, params);
    const f = await fileByName(ctx, uploadType(p.type), storedName(p.name));
    if (!f) throw notFound('file.notExist');
    return f;
  };

  app.get('/file/Download/:type/:name', userFile, async (req, reply) =>
    serveFile(rt, req, reply, await byTypeAndName(req.params), 'attachment'),
  );

  app.get('/file/Image/:type/:name', userFile, async (req, reply) => {
    const f = await byTypeAndName(req.params);
    if (f.category !== 'image') throw notFound('file.notExist');
    return serveFile(rt, req, reply, f, 'inline');
  });

  /** A short-lived link for <img>, <video>, frames and plain links: by file id, or by the file's URL. */
  app.get('/file/SignedUrl', userRoute, async (req) => {
    const q = parse(signedUrlQuery, req.query, requestLanguage(req));
    let f;
    if (q.fileId) f = await fileById(ctx, q.fileId);
    else if (q.url) {
      const m = /\/api\/file\/(?:Download|Image)\/([^/?#]+)\/([^/?#]+)/i.exec(q.url);
      if (!m) throw badRequest('file.badName');
      f = await fileByName(ctx, uploadType(decodeURIComponent(m[1]!)), storedName(decodeURIComponent(m[2]!)));
    }
    if (!f) throw notFound('file.notExist');
    const inline = q.inline === '1' || q.inline === 'true';
    return ok(await signedUrl(ctx, f.id, inline ? 'inline' : 'attachment', q.seconds ?? rt.settings.linkSeconds));
  });

  /** The signed form: no session, the signature is the permission. */
  app.get('/file/Signed/:fileId', publicFile, async (req, reply) => {
    const { fileId } = req.params as { fileId: string };
    const verdict = await verifySignature(ctx, fileId, req.query as Record<string, unknown>);
    if (!verdict.ok) throw new AppError(403, 403, verdict.reason);
    const f = await fileById(ctx, fileId);
    if (!f) throw notFound('file.notExist');
    return serveFile(rt, req, reply, f, verdict.disposition);
  });

  /** The signed-in user's own files (the "my files" screen). */
  app.get('/file/List', userRoute, async (req) => {
    const page = parse(pageQuery, req.query, requestLanguage(req));
    return ok(await listOwnFiles(ctx, req.session.userId, page));
  });

  app.delete('/file/:fileId', userRoute, async (req) => {
    const { fileId } = parse(fileIdParams, req.params);
    await deleteFile(ctx, fileId, req.session);
    return ok(null);
  });
}

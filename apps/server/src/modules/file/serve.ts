import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '@medalliance/contract';
import { AppError, notFound } from '../../http/errors.ts';
import type { FileTable } from '../../db/tables/file.ts';
import { contentDisposition, parseRange } from './http-file.ts';
import type { FileRuntime } from './runtime.ts';
import { StoreNotFoundError } from './store.ts';

/**
 * Streams a stored file: whole (200) or one byte range (206, video seeking,
 * resumable downloads), 416 for a range past the end, 304 for a matching ETag
 * (the MD5), the file's content type and a safe Content-Disposition.
 */
export async function serveFile(
  rt: FileRuntime,
  req: FastifyRequest,
  reply: FastifyReply,
  f: FileTable,
  disposition: 'inline' | 'attachment',
) {
  const size = Number(f.fileSize);
  const etag = `"${f.md5}"`;
  let range = parseRange(req.headers.range, size);
  const ifRange = req.headers['if-range'];
  if (range && ifRange && ifRange !== etag) range = null;
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`).header('accept-ranges', 'bytes');
    throw new AppError(416, Codes.badRequest, 'file.rangeNotSatisfiable');
  }
  let stream;
  try {
    stream = req.method === 'HEAD' ? null : await rt.store.get(f.storageKey, range ?? undefined);
  } catch (err) {
    if (err instanceof StoreNotFoundError) throw notFound('file.notExist');
    throw err;
  }
  reply
    // A file is never a page: no scripts, but the browser's own PDF viewer and media players may run, framed by us only.
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
    )
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', contentDisposition(disposition, f.originalName))
    .type(f.contentType);
  if (req.headers['if-none-match'] === etag && !range) {
    stream?.destroy();
    return reply.status(304).send();
  }
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.status(200).header('content-length', size);
  }
  // HEAD: the headers of the GET (length included) and no body.
  return reply.send(stream ?? Readable.from([]));
}

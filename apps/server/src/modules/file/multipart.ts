import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFields, MultipartFile } from '@fastify/multipart';
import { badRequest } from '../../http/errors.ts';

/** Reading multipart requests with per-route limits (the plugin is registered in the file module only). */

const TEXT_LIMITS = { fields: 30, fieldSize: 4000, fieldNameSize: 100 };

function fieldValues(fields: MultipartFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first && first.type === 'field' && typeof first.value === 'string') out[name] = first.value;
  }
  return out;
}

const limitErrors = (err: unknown, count: number): never => {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') throw badRequest('file.countLimit', { count });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('file.noFile');
  throw err;
};

/** One chunk: the text fields sent before the file, and the file's stream (at most `maxBytes` + 1 read). */
export async function readChunkPart(req: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; file: Readable }> {
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { ...TEXT_LIMITS, files: 1, parts: 40, fileSize: maxBytes + 1 }, throwFileSizeLimit: false });
  } catch (err) {
    limitErrors(err, 1);
  }
  if (!part) throw badRequest('file.noFile');
  return { fields: fieldValues(part.fields), file: part.file };
}

/**
 * A one-file upload, handled part by part: `onFile` receives the file (and the
 * fields before it); a second file is refused with the count-limit message.
 */
export async function readSingleUpload<T>(
  req: FastifyRequest,
  maxBytes: number,
  onFile: (file: MultipartFile, fields: Record<string, string>) => Promise<T>,
  discard: (result: T) => Promise<void>,
): Promise<{ result: T; fields: Record<string, string> }> {
  let result: { value: T } | null = null;
  let fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { ...TEXT_LIMITS, files: 1, parts: 40, fileSize: maxBytes + 1 } })) {
      if (part.type === 'file') {
        if (result) {
          part.file.resume();
          throw badRequest('file.countLimit', { count: 1 });
        }
        result = { value: await onFile(part, fieldValues(part.fields)) };
      }
      fields = fieldValues(part.fields);
    }
  } catch (err) {
    if (result) await discard(result.value);
    limitErrors(err, 1);
  }
  if (!result) throw badRequest('file.noFile');
  return { result: result.value, fields };
}

/** Form fields of a request sent as multipart form-data, urlencoded or JSON (the merge call). */
export async function readFormFields(req: FastifyRequest): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) return (req.body as Record<string, unknown> | undefined) ?? {};
  const out: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { ...TEXT_LIMITS, files: 0, parts: 30 } })) {
      if (part.type === 'field' && typeof part.value === 'string' && !(part.fieldname in out)) out[part.fieldname] = part.value;
      if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    limitErrors(err, 0);
  }
  return out;
}

import type { FastifyRequest } from 'fastify';
import { fileExtension, FILE_UNITS } from '@medalliance/contract';
import { badRequest } from '../../http/errors.ts';
import { refuseSize } from './limits.ts';
import { readSingleUpload } from './multipart.ts';
import { userFileName } from './names.ts';

/**
 * For other modules' import endpoints (spec §7.9 "an import button posts a file
 * with an Authorization header and expects code and msg"): reads the one
 * uploaded file of the request into memory, refusing other extensions, a
 * second file and anything past `maxBytes` with the upload messages. Register
 * such a route inside a scope that has @fastify/multipart (the file module's
 * scope does; another module registers the plugin in its own scope).
 */
export async function readImportFile(
  req: FastifyRequest,
  opts: { extensions?: string[]; maxBytes?: number } = {},
): Promise<{ fileName: string; data: Buffer }> {
  const extensions = opts.extensions ?? ['xls', 'xlsx'];
  const maxBytes = opts.maxBytes ?? 20 * FILE_UNITS.MB;
  const { result } = await readSingleUpload(
    req,
    maxBytes,
    async (part) => {
      const fileName = userFileName(part.filename ?? '');
      const parts: Buffer[] = [];
      let size = 0;
      for await (const b of part.file as AsyncIterable<Buffer>) {
        size += b.length;
        if (size <= maxBytes) parts.push(b);
      }
      if (size > maxBytes || (part.file as { truncated?: boolean }).truncated) refuseSize({ max: maxBytes, key: 'file.sizeExceeds' });
      if (!extensions.includes(fileExtension(fileName))) throw badRequest('file.typeNotAllowed');
      return { fileName, data: Buffer.concat(parts) };
    },
    async () => undefined,
  );
  return result;
}

import type { FastifyReply } from 'fastify';

/**
 * Answers a JSON file download (exports): the body is the file itself, not the
 * envelope; the name is sent both plainly (ASCII fallback) and as RFC 5987 UTF-8.
 */
export function sendJsonFile(reply: FastifyReply, baseName: string, data: unknown): FastifyReply {
  const name = `${baseName.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80) || 'export'}.json`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(data, null, 2));
}

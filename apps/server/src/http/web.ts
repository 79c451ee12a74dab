import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '@medalliance/contract';
import type { Config } from '../config.ts';
import { publicAccess } from './access.ts';
import { requestLanguage, translate } from './i18n.ts';

const notFound = (req: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ code: Codes.notFound, msg: translate(requestLanguage(req), 'error.notFound'), data: null });

/**
 * Serves the built single-page app through one declared public route: hashed
 * assets cached for a year, every other non-API GET answers index.html so
 * history-mode routes survive a reload. /api paths that matched nothing get
 * the 404 envelope.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.webDist;
  const hasWeb = !!dist && fs.existsSync(path.join(dist, 'index.html'));
  app.setNotFoundHandler(notFound);
  if (!hasWeb) return;

  // serve: false only adds reply.sendFile (path-traversal safe, ranges, etags); routing stays ours.
  // preCompressed: the build writes .br and .gz beside each text asset; a browser that accepts them gets those.
  await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });
  // compress: false: assets are compressed once at build time (above), not per request.
  app.get('/*', { config: { access: publicAccess }, compress: false }, async (req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/api/')) return notFound(req, reply);
    const file = decodeURIComponent(url).replace(/^\/+/, '');
    const isAsset = file.startsWith('assets/');
    // The answer depends on Accept-Encoding (precompressed variants): tell caches in between.
    reply.header('vary', 'accept-encoding');
    if (file && !file.includes('\0') && fs.existsSync(path.join(dist, file)) && fs.statSync(path.join(dist, file)).isFile()) {
      return reply.sendFile(file, { maxAge: isAsset ? 31_536_000_000 : 0, immutable: isAsset, cacheControl: true });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}

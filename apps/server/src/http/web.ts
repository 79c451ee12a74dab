import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { Codes } from '@medalliance/contract';
import type { Config } from '../config.ts';
import { requestLanguage, translate } from './i18n.ts';

/**
 * Serves the built single-page app: hashed assets cached for a year, every
 * other non-API GET answers index.html so history-mode routes survive reload.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.webDist;
  const index = dist ? path.join(dist, 'index.html') : null;
  const hasWeb = !!index && fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist!,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
      // The permission registry requires a declaration on every route, static ones too.
      config: { access: { kind: 'public' } },
    } as Parameters<typeof fastifyStatic>[1]);
  }
  app.setNotFoundHandler((req, reply) => {
    if (hasWeb && req.method === 'GET' && !req.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(index!));
    }
    return reply
      .status(404)
      .send({ code: Codes.notFound, msg: translate(requestLanguage(req), 'error.notFound'), data: null });
  });
}

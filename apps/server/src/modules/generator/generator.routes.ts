import type { FastifyInstance } from 'fastify';
import { codeGenBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { logRequestOperation } from '../system/logs.service.ts';
import { body, params, withAccess } from '../system/route-helpers.ts';
import { generate, moduleAreas, zipFiles } from './generator.service.ts';

/** The menu whose grants cover the generator (seeded page /onlineDev/codeGenerator). */
const MODULE = 'codeGenerator';

/** A download name: the module's name from the model, nothing a header could misread. */
const zipName = (name: string) => `${name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'module'}.zip`;

/** Code generator (spec §7.6 Generater). */
export async function generatorRoutes(app: FastifyInstance, ctx: AppContext) {
  /** The module folders a generated module may go in. */
  app.get('/visualdev/Generater/AreasName', withAccess(moduleAccess(MODULE)), async () => ok(moduleAreas()));

  /** The generated files, path, language and text each. */
  app.post('/visualdev/Generater/:id/Actions/CodePreview', withAccess(moduleAccess(MODULE)), async (req) => {
    const { files } = await generate(ctx, params(req).id, body(codeGenBody, req));
    return ok({ list: files });
  });

  /** The same files as a zip. */
  app.post('/visualdev/Generater/:id/Actions/DownloadCode', withAccess(moduleAccess(MODULE)), async (req, reply) => {
    const { id } = params(req);
    const { spec, files } = await generate(ctx, id, body(codeGenBody, req));
    const name = zipName(spec.names.camel);
    logRequestOperation(ctx, req, { module: MODULE, action: 'download', targetId: id, summary: `${spec.area}/${spec.names.camel}` });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(zipFiles(files)));
  });
}

import type { GenModel } from '../spec.ts';
import { commentText, lines, str } from './code.ts';

/** The URL of the module's resource: /<area>/<Module>. */
export const resourceUrl = (m: GenModel) => `/${m.area}/${m.names.pascal}`;

/** apps/server/src/modules/<area>/<module>.routes.ts: every route declares its access; input through the contract's schemas. */
export function routesFile(m: GenModel, service: string): string {
  const { camel, pascal } = m.names;
  const url = resourceUrl(m);
  return lines(
    `import type { FastifyInstance, FastifyRequest } from 'fastify';`,
    `import { ${camel}Body, ${camel}Filters, pageQuery } from '@medalliance/contract';`,
    `import type { AppContext } from '../../context.ts';`,
    `import { moduleAccess } from '../../http/access.ts';`,
    `import { ok } from '../../http/envelope.ts';`,
    `import { logRequestOperation } from '../system/logs.service.ts';`,
    `import { body, params, query, withAccess } from '../system/route-helpers.ts';`,
    `import { create${pascal}, delete${pascal}, get${pascal}, list${pascal}, update${pascal} } from './${service}';`,
    ``,
    `/** The menu whose grants cover these routes (its page is /${m.area}/${camel}). */`,
    `const MODULE = ${str(m.names.menu)};`,
    `const listQuery = (req: FastifyRequest) => ({ ...query(pageQuery, req), ...query(${camel}Filters, req) });`,
    ``,
    `/** ${commentText(`The ${camel} records: list, read, create, update, delete.`)} */`,
    `export async function ${camel}Routes(app: FastifyInstance, ctx: AppContext) {`,
    `  app.get(${str(url)}, withAccess(moduleAccess(MODULE)), async (req) => ok(await list${pascal}(ctx, listQuery(req))));`,
    ``,
    `  app.get(${str(`${url}/:id`)}, withAccess(moduleAccess(MODULE)), async (req) => ok(await get${pascal}(ctx, params(req).id)));`,
    ``,
    `  app.post(${str(url)}, withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {`,
    `    const id = await create${pascal}(ctx, body(${camel}Body, req), req.session.userId);`,
    `    logRequestOperation(ctx, req, { module: MODULE, action: 'create', targetId: id, summary: id });`,
    `    return ok({ id });`,
    `  });`,
    ``,
    `  app.put(${str(`${url}/:id`)}, withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {`,
    `    const { id } = params(req);`,
    `    await update${pascal}(ctx, id, body(${camel}Body, req), req.session.userId);`,
    `    logRequestOperation(ctx, req, { module: MODULE, action: 'update', targetId: id, summary: id });`,
    `    return ok(null);`,
    `  });`,
    ``,
    `  app.delete(${str(`${url}/:id`)}, withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {`,
    `    const { id } = params(req);`,
    `    await delete${pascal}(ctx, id);`,
    `    logRequestOperation(ctx, req, { module: MODULE, action: 'delete', targetId: id, summary: id });`,
    `    return ok(null);`,
    `  });`,
    `}`,
    ``,
  );
}

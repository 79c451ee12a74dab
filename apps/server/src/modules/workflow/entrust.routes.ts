import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { flowEntrustBody, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { createEntrust, deleteEntrust, getEntrust, listEntrusts, updateEntrust } from './entrust.service.ts';

/** My entrust rules (server-contract §4 FlowDelegate): any signed-in user, on their own rules only (403 otherwise). */
const withAccess = { config: { access: userAccess } };
const idParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
const id = (req: FastifyRequest) => parse(idParam, req.params, requestLanguage(req)).id;
const body = (req: FastifyRequest) => parse(flowEntrustBody, req.body, requestLanguage(req));

export async function entrustRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/workflow/Engine/FlowDelegate', withAccess, async (req) =>
    ok(await listEntrusts(ctx, req.session.userId, parse(pageQuery, req.query, requestLanguage(req)))),
  );
  app.get('/workflow/Engine/FlowDelegate/:id', withAccess, async (req) => ok(await getEntrust(ctx, req.session.userId, id(req))));
  app.post('/workflow/Engine/FlowDelegate', withAccess, async (req) => ok({ id: await createEntrust(ctx, req.session.userId, body(req)) }));
  app.put('/workflow/Engine/FlowDelegate/:id', withAccess, async (req) => {
    await updateEntrust(ctx, req.session.userId, id(req), body(req));
    return ok(null);
  });
  app.delete('/workflow/Engine/FlowDelegate/:id', withAccess, async (req) => {
    await deleteEntrust(ctx, req.session.userId, id(req));
    return ok(null);
  });
}

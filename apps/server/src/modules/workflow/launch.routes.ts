import type { FastifyInstance } from 'fastify';
import { flowLaunchableQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { id, lang } from './flow-task.routes.ts';
import { launchableFlows, pressInstance } from './launch.service.ts';

/** The launch screen's flows and the starter's urge (server-contract §4 FlowLaunch). */
const withAccess = { config: { access: userAccess } };

export async function launchRoutes(app: FastifyInstance, ctx: AppContext) {
  /** `{list: [{id, enCode, fullName, category, formKind, formId, description}]}`: the flows I may start. */
  app.get('/workflow/Engine/FlowLaunch/Launchable', withAccess, async (req) => {
    const { keyword } = parse(flowLaunchableQuery, req.query, lang(req));
    return ok(await launchableFlows(ctx, req.session.userId, keyword));
  });

  /** Urges the waiting handlers of an instance I started; `{notified}`; 429 within 60 s of the last urge. */
  app.post('/workflow/Engine/FlowLaunch/Press/:id', withAccess, async (req) => ok(await pressInstance(ctx, id(req), req.session.userId)));
}

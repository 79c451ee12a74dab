import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { transferActionBody, transferCreateBody, transferListBody } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { withAccess } from '../../system/route-helpers.ts';
import { recordsAccess, requireRight } from '../privacy/rights.ts';
import { healthScope } from '../privacy/scope.ts';
import { createTransfer, listTransfers, transferAction } from './transfers.service.ts';

const lang = (req: FastifyRequest) => requestLanguage(req);
const actionParams = z.object({ id: z.string().trim().min(1).max(40), action: z.enum(['submit', 'withdraw', 'confirm', 'return']) });

/** Archive transfers (menus move_manage: request and decide; move_manage_search: read). */
export async function transfersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const access = withAccess(recordsAccess);

  app.post('/health/transfers/list', access, async (req) => {
    const body = parse(transferListBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'transferView');
    return ok(await listTransfers(ctx, await healthScope(ctx, req.session), body));
  });

  app.post('/health/transfers', access, async (req) => {
    const body = parse(transferCreateBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'transfer');
    return ok(await createTransfer(ctx, req.session, await healthScope(ctx, req.session), body));
  });

  app.post('/health/transfers/:id/:action', access, async (req) => {
    const p = parse(actionParams, req.params, lang(req));
    const body = parse(transferActionBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'transfer');
    await transferAction(ctx, req.session, await healthScope(ctx, req.session), p.id, p.action, body, req.ip);
    return ok(null);
  });
}

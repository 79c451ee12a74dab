import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { idParams, majorBody, systemSwitchBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { currentAuthorize } from './authorize.service.ts';
import { grantsFor, invalidateGrants } from './grants.service.ts';
import { orgPathNames } from './org-tree.service.ts';
import { directReports, userOrganizations } from './users-lookup.service.ts';
import './messages.ts';

const userRoute = { config: { access: userAccess } };
const base = '/permission/Users/Current';

async function myPositions(ctx: AppContext, userId: string) {
  const user = await ctx.db.selectFrom('users').select(['positionId']).where('id', '=', userId).executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom('userRelations')
    .innerJoin('positions', 'positions.id', 'userRelations.objectId')
    .select(['positions.id', 'positions.fullName', 'positions.enCode', 'positions.organizeId'])
    .where('userRelations.userId', '=', userId)
    .where('userRelations.objectType', '=', 'Position')
    .orderBy('userRelations.sortCode')
    .execute();
  const names = await orgPathNames(
    ctx,
    rows.map((r) => r.organizeId),
  );
  return rows.map((r) => ({ ...r, organize: names.get(r.organizeId) ?? '', isDefault: r.id === user.positionId }));
}

/** Is `candidate` me or below me in the manager chain? */
async function isMeOrBelow(ctx: AppContext, session: SessionInfo, candidate: string) {
  if (candidate === session.userId) return true;
  const me = session.userId;
  const r = await sql<{
    id: string;
  }>`with recursive sub(id) as (select u.id from users u where u.manager_id = ${me} union select u.id from users u join sub on u.manager_id = sub.id) select sub.id from sub where sub.id = ${candidate}`.execute(
    ctx.db,
  );
  return r.rows.length > 0;
}

/** The current user's organisation side (spec §7.3): subordinates, what I may do, my organisations and positions, switching. */
export async function currentUserOrgRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Direct reports of {id} ('0': mine); only within my own manager chain. */
  app.get(`${base}/Subordinate/:id`, userRoute, async (req) => {
    const { id } = parse(idParams, req.params);
    const managerId = id === '0' ? req.session.userId : id;
    if (!(await isMeOrBelow(ctx, req.session, managerId))) throw notFound();
    return ok(await directReports(ctx, managerId));
  });

  app.get(`${base}/Authorize`, userRoute, async (req) => ok(await currentAuthorize(ctx, req.session)));

  app.get(`${base}/getUserOrganizes`, userRoute, async (req) => {
    const list = await userOrganizations(ctx, req.session.userId);
    return ok(list.map((o) => ({ ...o, isDefault: o.isMain })));
  });

  app.get(`${base}/getUserPositions`, userRoute, async (req) => ok(await myPositions(ctx, req.session.userId)));

  /** Switches my main organisation, main position or current system (majorType Organize | Position | System). */
  app.put(`${base}/major`, userRoute, async (req) => {
    const { majorId, majorType } = parse(majorBody, req.body, requestLanguage(req));
    await switchMajor(ctx, req.session, majorType, majorId);
    return ok(null);
  });

  app.put(`${base}/SystemSwitch`, userRoute, async (req) => {
    const { systemId } = parse(systemSwitchBody, req.body, requestLanguage(req));
    await switchMajor(ctx, req.session, 'System', systemId);
    return ok(null);
  });
}

async function switchMajor(ctx: AppContext, session: SessionInfo, type: 'Organize' | 'Position' | 'System', id: string) {
  const now = Date.now();
  if (type === 'Organize') {
    const mine = await userOrganizations(ctx, session.userId);
    if (!mine.some((o) => o.id === id)) throw badRequest('major.notMine');
    await ctx.db
      .updateTable('users')
      .set({ organizeId: id, updatedAt: now, updatedBy: session.userId })
      .where('id', '=', session.userId)
      .execute();
    // Row rules follow the main organisation.
    invalidateGrants(ctx, session.userId);
    return;
  }
  if (type === 'Position') {
    const mine = await myPositions(ctx, session.userId);
    if (!mine.some((p) => p.id === id)) throw badRequest('major.notMine');
    await ctx.db
      .updateTable('users')
      .set({ positionId: id, updatedAt: now, updatedBy: session.userId })
      .where('id', '=', session.userId)
      .execute();
    return;
  }
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const system = await ctx.db.selectFrom('systems').select('id').where('id', '=', id).where('enabledMark', '=', 1).executeTakeFirst();
  if (!system || !grants.systemIds.has(id)) throw badRequest('major.notMine');
  await ctx.db
    .updateTable('users')
    .set({ systemId: id, updatedAt: now, updatedBy: session.userId })
    .where('id', '=', session.userId)
    .execute();
}

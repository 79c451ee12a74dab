import { flowEntrustBody, type FlowEntrustBody, type PageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { enabledUsers } from './approvers.ts';
import './messages.ts';

/**
 * Entrust rules (server-contract §4 FLOW_DELEGATE): a user hands the tasks
 * of one flow (or of every flow) to a delegate for a time window. The engine
 * applies them when it creates tasks (approvers.ts delegateOf). A user sees
 * and changes only their own rules; two of one user's rules may not cover
 * the same flow at the same time.
 */
export async function listEntrusts(ctx: AppContext, userId: string, page: Pick<PageQuery, 'currentPage' | 'pageSize' | 'keyword'>) {
  let q = ctx.db
    .selectFrom('flowEntrusts as e')
    .innerJoin('users as u', 'u.id', 'e.delegateId')
    .leftJoin('flowDefinitions as d', 'd.id', 'e.flowId')
    .select([
      'e.id',
      'e.delegateId',
      'u.realName as delegateName',
      'e.flowId',
      'd.fullName as flowName',
      'd.category as flowCategory',
      'e.startAt',
      'e.endAt',
      'e.enabledMark',
      'e.description',
      'e.createdAt',
    ])
    .where('e.delegatorId', '=', userId);
  if (page.keyword) q = q.where(keywordMatch(['u.realName', 'e.description'], page.keyword));
  return paginate(q.orderBy('e.startAt', 'desc').orderBy('e.id', 'desc'), page);
}

async function ownRule(db: Db, userId: string, id: string) {
  const row = await db.selectFrom('flowEntrusts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (row.delegatorId !== userId) throw forbidden();
  return row;
}

export async function getEntrust(ctx: AppContext, userId: string, id: string) {
  return ownRule(ctx.db, userId, id);
}

/**
 * Serialises one user's rule writes so two overlapping rules cannot both pass
 * the check: a row lock on the user on PostgreSQL; SQLite runs one write
 * transaction at a time anyway.
 */
async function lockRules(ctx: AppContext, trx: Db, userId: string): Promise<void> {
  if (ctx.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

async function checkRule(trx: Db, userId: string, body: ReturnType<typeof flowEntrustBody.parse>, exceptId: string | null) {
  if (body.delegateId === userId) throw badRequest('workflow.entrustSelf');
  if (!(await enabledUsers(trx, [body.delegateId])).length) throw badRequest('workflow.userUnknown', { id: body.delegateId });
  if (body.flowId) {
    const flow = await trx.selectFrom('flowDefinitions').select('id').where('id', '=', body.flowId).executeTakeFirst();
    if (!flow) throw badRequest('workflow.flowNotFound');
  }
  let overlap = trx
    .selectFrom('flowEntrusts')
    .select('id')
    .where('delegatorId', '=', userId)
    .where('enabledMark', '=', 1)
    .where('startAt', '<', body.endAt)
    .where('endAt', '>', body.startAt);
  if (body.flowId) overlap = overlap.where((eb) => eb.or([eb('flowId', 'is', null), eb('flowId', '=', body.flowId)]));
  if (exceptId) overlap = overlap.where('id', '!=', exceptId);
  if (await overlap.executeTakeFirst()) throw conflict('workflow.entrustOverlap');
}

export async function createEntrust(ctx: AppContext, userId: string, input: FlowEntrustBody): Promise<string> {
  const body = flowEntrustBody.parse(input);
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await lockRules(ctx, trx, userId);
    await checkRule(trx, userId, body, null);
    await trx
      .insertInto('flowEntrusts')
      .values({ id, delegatorId: userId, ...body, enabledMark: 1, createdAt: now(), createdBy: userId, updatedAt: null, updatedBy: null })
      .execute();
  });
  return id;
}

export async function updateEntrust(ctx: AppContext, userId: string, id: string, input: FlowEntrustBody): Promise<void> {
  const body = flowEntrustBody.parse(input);
  await ctx.db.transaction().execute(async (trx) => {
    await ownRule(trx, userId, id);
    await lockRules(ctx, trx, userId);
    await checkRule(trx, userId, body, id);
    await trx
      .updateTable('flowEntrusts')
      .set({ ...body, updatedAt: now(), updatedBy: userId })
      .where('id', '=', id)
      .execute();
  });
}

/** Ends a rule. Tasks it already handed over stay with the delegate. */
export async function deleteEntrust(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ownRule(ctx.db, userId, id);
  await ctx.db.deleteFrom('flowEntrusts').where('id', '=', id).where('delegatorId', '=', userId).execute();
}

import { FlowStatus, TaskStatus, type FlowListFilter, type PageQuery } from '@medalliance/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';

/**
 * The lists of the workflow screens (server-contract §4 FlowBefore List/1-3,
 * FlowLaunch), each one paged, filtered and sorted in SQL on an index that
 * starts with the user: to-do on flow_tasks (handler, status, opened_at),
 * done on (handler, handled_at), circulated on flow_copies (user, created_at),
 * launched on flow_instances (starter, started_at).
 */
type Page = Pick<PageQuery, 'currentPage' | 'pageSize' | 'keyword'>;

/** Instances with their flow and starter, the filters applied and the columns every list row carries. */
function instances(ctx: AppContext, f: FlowListFilter, page: Page) {
  let q = ctx.db
    .selectFrom('flowInstances as i')
    .innerJoin('flowDefinitions as d', 'd.id', 'i.flowId')
    .innerJoin('users as s', 's.id', 'i.starterId')
    .select([
      'i.id as instanceId',
      'i.title as fullName',
      'i.flowId',
      'd.fullName as flowName',
      'd.enCode as flowCode',
      'd.category as flowCategory',
      'i.recordId as processId',
      'i.status',
      'i.urgency as flowUrgent',
      'i.currentNodes as thisStep',
      'i.starterId as creatorUserId',
      sql<string>`${sql.ref('s.realName')} || '/' || ${sql.ref('s.account')}`.as('userName'),
      'i.startedAt as startTime',
      'i.endedAt as endTime',
    ]);
  if (f.flowId) q = q.where('i.flowId', '=', f.flowId);
  if (f.flowCategory) q = q.where('d.category', '=', f.flowCategory);
  if (f.startTime !== undefined) q = q.where('i.startedAt', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('i.startedAt', '<=', f.endTime);
  if (f.flowUrgent !== undefined) q = q.where('i.urgency', '=', f.flowUrgent);
  if (f.status !== undefined) q = q.where('i.status', '=', f.status);
  if (page.keyword) q = q.where(keywordMatch(['i.title', 'd.fullName'], page.keyword));
  return q;
}

/** My to-do: waiting tasks of running instances, mine or entrusted to me (delegatorId names who entrusted it). */
export async function todoList(ctx: AppContext, userId: string, page: Page, f: FlowListFilter) {
  const q = instances(ctx, f, page)
    .innerJoin('flowTasks as t', 't.instanceId', 'i.id')
    .leftJoin('users as g', 'g.id', 't.delegatorId')
    .select([
      't.id',
      't.nodeName as taskNodeName',
      't.nodeId as thisStepId',
      't.openedAt as creatorTime',
      't.dueAt',
      't.delegatorId',
      'g.realName as delegatorName',
    ])
    .where('t.handlerId', '=', userId)
    .where('t.status', '=', TaskStatus.waiting)
    .where('i.status', '=', FlowStatus.waiting);
  return paginate(q.orderBy('t.openedAt', 'desc').orderBy('t.id', 'desc'), page);
}

/** What I decided: tasks I approved or rejected, newest first. */
export async function doneList(ctx: AppContext, userId: string, page: Page, f: FlowListFilter) {
  const q = instances(ctx, f, page)
    .innerJoin('flowTasks as t', 't.instanceId', 'i.id')
    .select(['t.id', 't.nodeName as taskNodeName', 't.nodeId as thisStepId', 't.status as handleStatus', 't.handledAt as creatorTime'])
    .where('t.handlerId', '=', userId)
    .where('t.handledAt', 'is not', null)
    .where('t.status', 'in', [TaskStatus.adopted, TaskStatus.rejected]);
  return paginate(q.orderBy('t.handledAt', 'desc').orderBy('t.id', 'desc'), page);
}

/** Instances copied to me. */
export async function circulatedList(ctx: AppContext, userId: string, page: Page, f: FlowListFilter) {
  const q = instances(ctx, f, page)
    .innerJoin('flowCopies as c', 'c.instanceId', 'i.id')
    .select(['c.id', 'c.nodeName as taskNodeName', 'c.nodeId as thisStepId', 'c.createdAt as creatorTime'])
    .where('c.userId', '=', userId);
  return paginate(q.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc'), page);
}

/** Instances I started. */
export async function launchedList(ctx: AppContext, userId: string, page: Page, f: FlowListFilter) {
  const q = instances(ctx, f, page).select(['i.id', 'i.startedAt as creatorTime']).where('i.starterId', '=', userId);
  return paginate(q.orderBy('i.startedAt', 'desc').orderBy('i.id', 'desc'), page);
}

import { FlowStatus, TaskStatus, type FlowListFilter, type Language, type PageQuery } from '@medalliance/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { translate } from '../../http/i18n.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';

/**
 * The lists of the workflow screens (server-contract §4 FlowBefore List/1-3,
 * FlowLaunch), each one paged, filtered and sorted in SQL on an index that
 * starts with the user: to-do on flow_tasks (handler, status, opened_at),
 * done on (handler, handled_at), circulated on flow_copies (user, created_at),
 * launched on flow_instances (starter, started_at).
 */
type Page = Pick<PageQuery, 'currentPage' | 'pageSize' | 'keyword'> & Partial<Pick<PageQuery, 'sidx' | 'sort'>>;

/** Columns of a list row a screen may sort by (`sidx`), beside `creatorTime`, each list's own time. */
const SORTABLE = new Map([
  ['startTime', 'i.startedAt'],
  ['flowUrgent', 'i.urgency'],
  ['status', 'i.status'],
  ['fullName', 'i.title'],
]);

/**
 * The order of a list: the requested column when it is sortable (anything
 * else is ignored, as sidx is only a hint), then the list's own time and id,
 * newest first, so every row keeps one place between pages. Without `sidx`
 * the order is the one its index serves.
 */
export function orderOf(page: Page, time: string, id: string): [column: string, direction: 'asc' | 'desc'][] {
  const column = page.sidx === 'creatorTime' ? time : SORTABLE.get(page.sidx ?? '');
  const requested: [string, 'asc' | 'desc'][] = column ? [[column, page.sort ?? 'desc']] : [];
  return [...requested, [time, 'desc'], [id, 'desc']];
}

/** A list query ordered by orderOf. */
export function ordered<Q extends { orderBy(ref: ReturnType<typeof sql.ref>, direction: 'asc' | 'desc'): Q }>(
  q: Q,
  page: Page,
  time: string,
  id: string,
): Q {
  for (const [column, direction] of orderOf(page, time, id)) q = q.orderBy(sql.ref(column), direction);
  return q;
}

/** Instances with their flow and starter, the filters applied and the columns every list row carries (also the monitor's). */
export function instances(ctx: AppContext, f: FlowListFilter & { creatorUserId?: string }, page: Page) {
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
  if (f.creatorUserId) q = q.where('i.starterId', '=', f.creatorUserId);
  if (f.flowCategory) q = q.where('d.category', '=', f.flowCategory);
  if (f.startTime !== undefined) q = q.where('i.startedAt', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('i.startedAt', '<=', f.endTime);
  if (f.flowUrgent !== undefined) q = q.where('i.urgency', '=', f.flowUrgent);
  if (f.status !== undefined) q = q.where('i.status', '=', f.status);
  if (page.keyword) q = q.where(keywordMatch(['i.title', 'd.fullName'], page.keyword));
  return q;
}

/**
 * My to-do: waiting tasks of running, not suspended instances, mine or
 * entrusted to me. A delegated row names who entrusted it (delegatorId,
 * delegatorName) and its fullName reads "<title>(X的委托)" in the caller's
 * language, as the reference titles it; `title` keeps the bare title.
 */
export async function todoList(ctx: AppContext, userId: string, page: Page, f: FlowListFilter, lang: Language = 'zh') {
  const q = instances(ctx, f, page)
    .innerJoin('flowTasks as t', 't.instanceId', 'i.id')
    .leftJoin('users as g', 'g.id', 't.delegatorId')
    .select([
      't.id',
      't.id as taskId',
      'i.title',
      't.nodeName as taskNodeName',
      't.nodeId as thisStepId',
      't.openedAt as creatorTime',
      't.dueAt',
      't.delegatorId',
      'g.realName as delegatorName',
    ])
    .where('t.handlerId', '=', userId)
    .where('t.status', '=', TaskStatus.waiting)
    .where('i.status', '=', FlowStatus.waiting)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('flowSuspensions as p').select('p.instanceId').whereRef('p.instanceId', '=', 'i.id'))),
    );
  const result = await paginate(ordered(q, page, 't.openedAt', 't.id'), page);
  for (const row of result.list)
    if (row.delegatorId) row.fullName = `${row.title}${translate(lang, 'workflow.delegatedRow', { name: row.delegatorName ?? '' })}`;
  return result;
}

/** What I decided: tasks I approved or rejected, newest first. */
export async function doneList(ctx: AppContext, userId: string, page: Page, f: FlowListFilter) {
  const q = instances(ctx, f, page)
    .innerJoin('flowTasks as t', 't.instanceId', 'i.id')
    .select(['t.id', 't.nodeName as taskNodeName', 't.nodeId as thisStepId', 't.status as handleStatus', 't.handledAt as creatorTime'])
    .where('t.handlerId', '=', userId)
    .where('t.handledAt', 'is not', null)
    .where('t.status', 'in', [TaskStatus.adopted, TaskStatus.rejected]);
  return paginate(ordered(q, page, 't.handledAt', 't.id'), page);
}

/** Instances copied to me. */
export async function circulatedList(ctx: AppContext, userId: string, page: Page, f: FlowListFilter) {
  const q = instances(ctx, f, page)
    .innerJoin('flowCopies as c', 'c.instanceId', 'i.id')
    .select(['c.id', 'c.nodeName as taskNodeName', 'c.nodeId as thisStepId', 'c.createdAt as creatorTime'])
    .where('c.userId', '=', userId);
  return paginate(ordered(q, page, 'c.createdAt', 'c.id'), page);
}

/** Instances I started. */
export async function launchedList(ctx: AppContext, userId: string, page: Page, f: FlowListFilter) {
  const q = instances(ctx, f, page).select(['i.id', 'i.startedAt as creatorTime']).where('i.starterId', '=', userId);
  return paginate(ordered(q, page, 'i.startedAt', 'i.id'), page);
}

import {
  FlowStatus,
  flowDefinitionBody,
  flowDefinitionUpdateBody,
  flowDraftGraphSchema,
  flowGraphSchema,
  type FlowFormField,
  type FlowGraph,
  type FlowDefinitionFilter,
  type FlowDefinitionUpdateBody,
  type PageQuery,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { createFlow, versionGraph } from './definitions.service.ts';
import { flowFormAdapter } from './form-adapters.ts';
import './messages.ts';

/**
 * The flow design screen's services beside create and release
 * (definitions.service): the list, one flow with its versions, updating what
 * a flow is called and who may start it, enabling and deleting.
 */
type Page = Pick<PageQuery, 'currentPage' | 'pageSize' | 'keyword'>;

/** Flow definitions, paged, filtered and sorted in SQL. */
export async function listFlows(ctx: AppContext, page: Page, f: FlowDefinitionFilter) {
  let q = ctx.db
    .selectFrom('flowDefinitions')
    .select([
      'id',
      'enCode',
      'fullName',
      'category',
      'formKind',
      'formId',
      'version',
      'currentVersionId',
      'enabledMark',
      'sortCode',
      'description',
      'createdAt as creatorTime',
      'updatedAt as lastModifyTime',
    ]);
  if (page.keyword) q = q.where(keywordMatch(['fullName', 'enCode'], page.keyword));
  if (f.category !== undefined) q = q.where('category', '=', f.category);
  if (f.enabledMark !== undefined) q = q.where('enabledMark', '=', f.enabledMark);
  return paginate(q.orderBy('sortCode').orderBy('createdAt', 'desc').orderBy('id'), page);
}

async function definition(db: Db, id: string) {
  const row = await db.selectFrom('flowDefinitions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('workflow.flowNotFound');
  return row;
}

/** A stored draft; null when there is none or it no longer parses (the designer then opens the current version). */
function parseDraft(text: string | null): FlowGraph | null {
  if (!text) return null;
  try {
    const parsed = flowDraftGraphSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as FlowGraph) : null;
  } catch {
    return null;
  }
}

/**
 * One flow: its definition, who may start it, the graph the designer opens
 * (the saved draft, else the current version's) and every released version
 * (newest first).
 */
export async function getFlow(ctx: AppContext, id: string) {
  const { draftGraph, ...row } = await definition(ctx.db, id);
  const [starters, versions, graph] = await Promise.all([
    ctx.db.selectFrom('flowStarters').select(['objectType', 'objectId']).where('flowId', '=', id).execute(),
    ctx.db
      .selectFrom('flowVersions')
      .select(['id', 'version', 'createdAt', 'createdBy'])
      .where('flowId', '=', id)
      .orderBy('version', 'desc')
      .execute(),
    versionGraph(ctx.db, row.currentVersionId),
  ]);
  const of = (type: string) => starters.filter((s) => s.objectType === type).map((s) => s.objectId);
  const draft = parseDraft(draftGraph);
  return {
    ...row,
    graph: draft ?? graph,
    hasDraft: draft !== null,
    starters: { userIds: of('User'), positionIds: of('Position'), roleIds: of('Role') },
    versions,
  };
}

/** Updates a flow's names, category, description and starters (its graph changes by releasing a version). */
export async function updateFlow(ctx: AppContext, id: string, input: FlowDefinitionUpdateBody, actorId: string): Promise<void> {
  const body = flowDefinitionUpdateBody.parse(input);
  await ctx.db.transaction().execute(async (trx) => {
    await definition(trx, id);
    const taken = await trx
      .selectFrom('flowDefinitions')
      .select('id')
      .where('enCode', '=', body.enCode)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw conflict('workflow.enCodeTaken', { enCode: body.enCode });
    await trx
      .updateTable('flowDefinitions')
      .set({
        enCode: body.enCode,
        fullName: body.fullName,
        category: body.category,
        description: body.description,
        updatedAt: now(),
        updatedBy: actorId,
      })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('flowStarters').where('flowId', '=', id).execute();
    const starters = [
      ...body.starters.userIds.map((o) => ['User', o] as const),
      ...body.starters.positionIds.map((o) => ['Position', o] as const),
      ...body.starters.roleIds.map((o) => ['Role', o] as const),
    ];
    if (starters.length)
      await trx
        .insertInto('flowStarters')
        .values(starters.map(([objectType, objectId]) => ({ id: newId(), flowId: id, objectType, objectId })))
        .execute();
  });
}

/** Enables or disables a flow: a disabled flow starts no new instance; running ones go on. */
export async function setFlowEnabled(ctx: AppContext, id: string, enabled: boolean, actorId: string): Promise<void> {
  const res = await ctx.db
    .updateTable('flowDefinitions')
    .set({ enabledMark: enabled ? 1 : 0, updatedAt: now(), updatedBy: actorId })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notFound('workflow.flowNotFound');
}

/**
 * Deletes a flow with its versions and starters. Refused (409) while an
 * instance runs, and while finished instances keep its history (disable it instead).
 */
export async function deleteFlow(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // Taking the row first: a submit racing this delete waits for it, then finds no flow.
    const locked = await trx.updateTable('flowDefinitions').set({ enabledMark: 0 }).where('id', '=', id).executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) throw notFound('workflow.flowNotFound');
    const instances = trx.selectFrom('flowInstances').select('id').where('flowId', '=', id).limit(1);
    if (await instances.where('status', '=', FlowStatus.waiting).executeTakeFirst()) throw conflict('workflow.flowRunning');
    if (await instances.executeTakeFirst()) throw conflict('workflow.flowHasHistory');
    await trx.deleteFrom('flowStarters').where('flowId', '=', id).execute();
    await trx.deleteFrom('flowVersions').where('flowId', '=', id).execute();
    await trx.deleteFrom('flowDefinitions').where('id', '=', id).execute();
  });
}

/** Saves the designer's unfinished graph; the running version is untouched until a release. */
export async function saveFlowDraft(ctx: AppContext, id: string, graph: unknown, actorId: string): Promise<void> {
  const draft = flowDraftGraphSchema.parse(graph);
  const res = await ctx.db
    .updateTable('flowDefinitions')
    .set({ draftGraph: JSON.stringify(draft), updatedAt: now(), updatedBy: actorId })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notFound('workflow.flowNotFound');
}

/** One released version's graph (the designer's version list opens old ones read-only). */
export async function getFlowVersion(ctx: AppContext, flowId: string, versionId: string) {
  const row = await ctx.db
    .selectFrom('flowVersions')
    .select(['id', 'version', 'graph', 'createdAt', 'createdBy'])
    .where('flowId', '=', flowId)
    .where('id', '=', versionId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, graph: flowGraphSchema.parse(JSON.parse(row.graph)) };
}

/** The bound form's fields (branch conditions and field permissions choose among them); empty when the form offers none. */
export async function flowFormFields(ctx: AppContext, id: string): Promise<FlowFormField[]> {
  const row = await definition(ctx.db, id);
  const adapter = flowFormAdapter(row.formKind);
  return (await adapter?.fields?.(ctx.db, row.formId)) ?? [];
}

const COPY_CODE_MAX = 50;

/**
 * A copy of a flow: its names with a copy suffix and a fresh code, its
 * starters, and the current version's graph as its version 1. Disabled, so
 * it starts nothing until its author has looked at it.
 */
export async function copyFlow(ctx: AppContext, id: string, actorId: string): Promise<{ id: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const src = await definition(trx, id);
    const graph = await versionGraph(trx, src.currentVersionId);
    const base = `${src.enCode.slice(0, COPY_CODE_MAX - 12)}_copy`;
    const taken = new Set(
      (await trx.selectFrom('flowDefinitions').select('enCode').where('enCode', 'like', `${base}%`).execute()).map((r) => r.enCode),
    );
    let n = 1;
    while (taken.has(`${base}${n}`)) n++;
    const copyId = newId();
    const versionId = newId();
    const at = now();
    await trx
      .insertInto('flowDefinitions')
      .values({
        id: copyId,
        enCode: `${base}${n}`,
        fullName: `${src.fullName.slice(0, 96)} 副本`,
        category: src.category,
        formKind: src.formKind,
        formId: src.formId,
        currentVersionId: versionId,
        version: 1,
        enabledMark: 0,
        sortCode: src.sortCode,
        description: src.description,
        draftGraph: null,
        createdAt: at,
        createdBy: actorId,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    await trx
      .insertInto('flowVersions')
      .values({ id: versionId, flowId: copyId, version: 1, graph: JSON.stringify(graph), createdAt: at, createdBy: actorId })
      .execute();
    const starters = await trx.selectFrom('flowStarters').select(['objectType', 'objectId']).where('flowId', '=', id).execute();
    if (starters.length)
      await trx
        .insertInto('flowStarters')
        .values(starters.map((s) => ({ id: newId(), flowId: copyId, objectType: s.objectType, objectId: s.objectId })))
        .execute();
    return { id: copyId };
  });
}

/** Every flow, unpaged and short (filters of the other workflow screens): id, name, category, enabled. */
export async function listAllFlows(ctx: AppContext) {
  return ctx.db
    .selectFrom('flowDefinitions')
    .select(['id', 'fullName', 'enCode', 'category', 'enabledMark'])
    .orderBy('sortCode')
    .orderBy('fullName')
    .orderBy('id')
    .execute();
}

/**
 * A flow as portable JSON (server-contract §4 FlowEngine Actions/ExportData):
 * the body POST FlowEngine takes, with the current version's graph and the
 * starters, so ImportData creates it again elsewhere.
 */
export async function exportFlow(ctx: AppContext, id: string) {
  const flow = await getFlow(ctx, id);
  return {
    enCode: flow.enCode,
    fullName: flow.fullName,
    category: flow.category,
    formKind: flow.formKind,
    formId: flow.formId,
    description: flow.description,
    starters: flow.starters,
    graph: await versionGraph(ctx.db, flow.currentVersionId),
  };
}

/**
 * Creates a flow from exported JSON (Actions/ImportData), through the same
 * checks as a new flow (shape, graph, sub-flows). A code already in use gets
 * an `_import<n>` suffix, so importing twice never overwrites anything.
 */
export async function importFlow(ctx: AppContext, input: unknown, actorId: string): Promise<{ id: string; enCode: string }> {
  const body = flowDefinitionBody.parse(input);
  const taken = new Set(
    (
      await ctx.db
        .selectFrom('flowDefinitions')
        .select('enCode')
        .where('enCode', 'like', `${body.enCode.slice(0, 38)}%`)
        .execute()
    ).map((r) => r.enCode),
  );
  let enCode = body.enCode;
  for (let n = 1; taken.has(enCode); n++) enCode = `${body.enCode.slice(0, 38)}_import${n}`;
  const { id } = await createFlow(ctx, { ...body, enCode }, actorId);
  return { id, enCode };
}

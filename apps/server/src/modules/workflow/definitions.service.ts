import { flowDefinitionBody, flowGraphSchema, validateFlowGraph, type FlowDefinitionBody, type FlowGraph } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { flowFormAdapter } from './form-adapters.ts';
import './messages.ts';

/** Refuses a graph that is not fit to run, naming the first problem. */
function checkGraph(graph: FlowGraph): void {
  const issues = validateFlowGraph(graph);
  if (issues.length) {
    const first = issues[0]!;
    throw badRequest('workflow.graphInvalid', { code: first.code, target: first.nodeId ?? first.edgeId ?? '' });
  }
}

/**
 * The sub-flow nodes' references, against the database: the child flow
 * exists and is enabled, is not this flow and does not lead back to it
 * through its own sub-flows (any depth), and every mapped field is a field of
 * the parent's and of the child's form (when the form lists its fields).
 */
export async function checkSubFlows(
  db: Db,
  graph: FlowGraph,
  self: { id: string | null; formKind: string; formId: string },
): Promise<void> {
  const nodes = graph.nodes.filter((n) => n.type === 'subFlow');
  if (!nodes.length) return;
  const parentFields = new Set(((await flowFormAdapter(self.formKind)?.fields?.(db, self.formId)) ?? []).map((f) => f.key));
  for (const node of nodes) {
    const child = await db.selectFrom('flowDefinitions').selectAll().where('id', '=', node.flowId).executeTakeFirst();
    if (!child) throw badRequest('workflow.subFlowUnknown', { node: node.name });
    if (child.enabledMark !== 1) throw badRequest('workflow.subFlowDisabled', { node: node.name });
    if (child.id === self.id || (self.id !== null && (await leadsTo(db, child.currentVersionId, self.id))))
      throw badRequest('workflow.subFlowCycle', { node: node.name });
    if (!flowFormAdapter(child.formKind)?.createRecord) throw badRequest('workflow.subFlowForm', { node: node.name });
    const childFields = new Set(((await flowFormAdapter(child.formKind)?.fields?.(db, child.formId)) ?? []).map((f) => f.key));
    for (const m of node.mapping) {
      if (parentFields.size && !parentFields.has(m.parentField))
        throw badRequest('workflow.subFlowField', { node: node.name, field: m.parentField });
      if (childFields.size && !childFields.has(m.childField))
        throw badRequest('workflow.subFlowField', { node: node.name, field: m.childField });
    }
  }
}

/** Does the flow version's graph start `target` through its sub-flows, at any depth? */
async function leadsTo(db: Db, versionId: string, target: string, seen = new Set<string>()): Promise<boolean> {
  if (seen.has(versionId) || seen.size > 200) return false;
  seen.add(versionId);
  const graph = await versionGraph(db, versionId);
  for (const n of graph.nodes) {
    if (n.type !== 'subFlow') continue;
    if (n.flowId === target) return true;
    const next = await db.selectFrom('flowDefinitions').select('currentVersionId').where('id', '=', n.flowId).executeTakeFirst();
    if (next && (await leadsTo(db, next.currentVersionId, target, seen))) return true;
  }
  return false;
}

/** A new flow with its first version. */
export async function createFlow(ctx: AppContext, input: FlowDefinitionBody, actorId: string): Promise<{ id: string; versionId: string }> {
  const body = flowDefinitionBody.parse(input);
  checkGraph(body.graph);
  const at = now();
  const id = newId();
  const versionId = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await checkSubFlows(trx, body.graph, { id: null, formKind: body.formKind, formId: body.formId });
    const taken = await trx.selectFrom('flowDefinitions').select('id').where('enCode', '=', body.enCode).executeTakeFirst();
    if (taken) throw conflict('workflow.enCodeTaken', { enCode: body.enCode });
    await trx
      .insertInto('flowDefinitions')
      .values({
        id,
        enCode: body.enCode,
        fullName: body.fullName,
        category: body.category,
        formKind: body.formKind,
        formId: body.formId,
        currentVersionId: versionId,
        version: 1,
        enabledMark: 1,
        sortCode: 0,
        description: body.description,
        createdAt: at,
        createdBy: actorId,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    await trx
      .insertInto('flowVersions')
      .values({ id: versionId, flowId: id, version: 1, graph: JSON.stringify(body.graph), createdAt: at, createdBy: actorId })
      .execute();
    const starters = [
      ...body.starters.userIds.map((o) => ['User', o] as const),
      ...body.starters.positionIds.map((o) => ['Position', o] as const),
      ...body.starters.roleIds.map((o) => ['Role', o] as const),
    ];
    if (starters.length) {
      await trx
        .insertInto('flowStarters')
        .values(starters.map(([objectType, objectId]) => ({ id: newId(), flowId: id, objectType, objectId })))
        .execute();
    }
  });
  return { id, versionId };
}

/**
 * Releases a new version of a flow's graph: new instances start on it, running
 * ones keep the version they started with. The version number is taken under
 * the definition's row lock, so two releases at once get two numbers.
 */
export async function releaseFlowVersion(
  ctx: AppContext,
  flowId: string,
  input: FlowGraph,
  actorId: string,
): Promise<{ versionId: string; version: number }> {
  const graph = flowGraphSchema.parse(input);
  checkGraph(graph);
  const at = now();
  const versionId = newId();
  return ctx.db.transaction().execute(async (trx) => {
    const flow = await trx.selectFrom('flowDefinitions').select(['formKind', 'formId']).where('id', '=', flowId).executeTakeFirst();
    if (!flow) throw notFound('workflow.flowNotFound');
    await checkSubFlows(trx, graph, { id: flowId, ...flow });
    const bumped = await trx
      .updateTable('flowDefinitions')
      // The draft is what was just released: the designer opens the new version from now on.
      .set((eb) => ({ version: eb('version', '+', 1), currentVersionId: versionId, draftGraph: null, updatedAt: at, updatedBy: actorId }))
      .where('id', '=', flowId)
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) !== 1) throw notFound('workflow.flowNotFound');
    const { version } = await trx.selectFrom('flowDefinitions').select('version').where('id', '=', flowId).executeTakeFirstOrThrow();
    await trx
      .insertInto('flowVersions')
      .values({ id: versionId, flowId, version, graph: JSON.stringify(graph), createdAt: at, createdBy: actorId })
      .execute();
    return { versionId, version };
  });
}

/** Released graphs never change, so each process keeps the ones it has read (bounded). */
const graphs = new Map<string, FlowGraph>();
const MAX_CACHED_GRAPHS = 500;

export async function versionGraph(db: Db, versionId: string): Promise<FlowGraph> {
  const hit = graphs.get(versionId);
  if (hit) return hit;
  const row = await db.selectFrom('flowVersions').select('graph').where('id', '=', versionId).executeTakeFirst();
  if (!row) throw notFound('workflow.flowNotFound');
  const graph = flowGraphSchema.parse(JSON.parse(row.graph));
  if (graphs.size >= MAX_CACHED_GRAPHS) graphs.delete(graphs.keys().next().value!);
  graphs.set(versionId, graph);
  return graph;
}

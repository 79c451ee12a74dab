import { flowDefinitionBody, flowGraphSchema, validateFlowGraph, type FlowDefinitionBody, type FlowGraph } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import './messages.ts';

/** Refuses a graph that is not fit to run, naming the first problem. */
function checkGraph(graph: FlowGraph): void {
  const issues = validateFlowGraph(graph);
  if (issues.length) {
    const first = issues[0]!;
    throw badRequest('workflow.graphInvalid', { code: first.code, target: first.nodeId ?? first.edgeId ?? '' });
  }
}

/** A new flow with its first version. */
export async function createFlow(ctx: AppContext, input: FlowDefinitionBody, actorId: string): Promise<{ id: string; versionId: string }> {
  const body = flowDefinitionBody.parse(input);
  checkGraph(body.graph);
  const at = now();
  const id = newId();
  const versionId = newId();
  await ctx.db.transaction().execute(async (trx) => {
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

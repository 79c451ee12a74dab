import { FlowStatus } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import './record-flows-messages.ts';

/**
 * What a model's list needs to know about workflow: the flows bound to the
 * model (flow_definitions with form_kind 'model' and form_id = the model id),
 * and for the rows of one page the instance each row ran in last, so a row's
 * state can link to its flow detail. Read-only lookups on the engine's tables
 * by their (form_kind, form_id, record_id) index; the engine writes them.
 */

/** The flow form kind of low-code models (the workflow module's model-form adapter registers the same key). */
export const MODEL_FLOW_KIND = 'model';

/**
 * flow_state values under which a record may be neither edited nor deleted:
 * waiting (the approvers read what was submitted), adopted (the approval
 * stands for it) and cancelled by the monitor (final; the list offers no
 * resubmit). Drafts, rejected and revoked records go back to their owner.
 * The reference (server-contract §3.4) disables edit for 1, 2, 4, 5 and delete
 * for 1, 2, 3, 5; we keep 3 and 4 open since those are exactly the records the
 * owner is expected to correct and submit again.
 */
export const LOCKED_FLOW_STATES: readonly number[] = [FlowStatus.waiting, FlowStatus.adopted, FlowStatus.cancelled];

export interface ModelFlow {
  id: string;
  enCode: string;
  fullName: string;
}

/** The model's enabled flows, in their designed order. */
export async function modelFlows(ctx: AppContext, modelId: string): Promise<ModelFlow[]> {
  return ctx.db
    .selectFrom('flowDefinitions')
    .select(['id', 'enCode', 'fullName'])
    .where('formKind', '=', MODEL_FLOW_KIND)
    .where('formId', '=', modelId)
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('createdAt')
    .execute();
}

/**
 * Adds `flowInstanceId` and `flowStarterId` to the rows that were ever
 * submitted (flowState other than 0): the latest instance of each record.
 * One indexed query per page.
 */
export async function attachFlowInstances(ctx: AppContext, modelId: string, rows: Record<string, unknown>[]): Promise<void> {
  const ids = rows.filter((r) => Number(r.flowState ?? 0) !== 0 && typeof r.id === 'string').map((r) => r.id as string);
  if (!ids.length) return;
  const found = await ctx.db
    .selectFrom('flowInstances')
    .select(['id', 'recordId', 'starterId', 'startedAt'])
    .where('formKind', '=', MODEL_FLOW_KIND)
    .where('formId', '=', modelId)
    .where('recordId', 'in', [...new Set(ids)])
    .orderBy('startedAt')
    .orderBy('id')
    .execute();
  // Ordered oldest first: the last one written per record is its latest.
  const latest = new Map(found.map((i) => [i.recordId, i]));
  for (const r of rows) {
    const inst = latest.get(r.id as string);
    if (inst) {
      r.flowInstanceId = inst.id;
      r.flowStarterId = inst.starterId;
    }
  }
}

import {
  FlowAction,
  FlowStatus,
  indexGraph,
  nodesInParallel,
  TaskStatus,
  upstreamOf,
  walkFields,
  type FieldPermission,
  type FlowGraph,
  type FormDefinition,
  type FormField,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { runtimeModel } from '../visualdev/records.service.ts';
import { versionGraph } from './definitions.service.ts';
import { flowFormAdapter } from './form-adapters.ts';
import { MODEL_FORM_KIND } from './model-form.adapter.ts';

/** The actions that count as an approver having acted (the starter may no longer withdraw). */
const HUMAN_ACTIONS = [FlowAction.approve, FlowAction.reject, FlowAction.transfer, FlowAction.addSign];

export type FieldAccess = FieldPermission['access'];

/** A node's access to one field: as listed, else the starter writes and approvers read. */
export function accessOf(permissions: FieldPermission[], nodeType: 'start' | 'approver', field: string): FieldAccess {
  return permissions.find((p) => p.field === field)?.access ?? (nodeType === 'start' ? 'write' : 'read');
}

/** The form definition without the fields this node hides (anywhere: in rows, cards, tabs, sub-tables). */
export function withoutHidden(def: FormDefinition, hidden: Set<string>): FormDefinition {
  const strip = (fields: FormField[]): FormField[] =>
    fields.filter((f) => !(f.field && hidden.has(f.field))).map((f) => (f.children ? { ...f, children: strip(f.children) } : f));
  return { ...def, fields: strip(def.fields) };
}

/**
 * Only the values of fields the (already stripped) definition still shows: a
 * hidden field's value, and anything the form holds that is not a field of it,
 * never leaves the server. Sub-table rows keep their id and visible columns.
 */
export function visibleValues(def: FormDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { field, table } of walkFields(def.fields)) {
    if (table || !field.field || !(field.field in values)) continue;
    const v = values[field.field];
    if (field.type === 'table' && Array.isArray(v)) {
      const cols = new Set((field.children ?? []).map((c) => c.field).filter(Boolean));
      out[field.field] = v.map((row) =>
        Object.fromEntries(Object.entries((row ?? {}) as Record<string, unknown>).filter(([k]) => k === 'id' || cols.has(k))),
      );
    } else out[field.field] = v;
  }
  return out;
}

/** The approver nodes a flow reaches from `from` through routing nodes (condition, parallel, join) only. */
export function nextApprovers(graph: FlowGraph, from: string) {
  const ix = indexGraph(graph);
  const found = new Map<string, { id: string; name: string; chosen: boolean }>();
  const seen = new Set<string>();
  const stack = (ix.out.get(from) ?? []).map((e) => e.target);
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const n = ix.nodes.get(id);
    if (!n) continue;
    if (n.type === 'approver') found.set(n.id, { id: n.id, name: n.name, chosen: n.assignee.type === 'chosen' });
    else if (n.type === 'condition' || n.type === 'parallel' || n.type === 'join')
      for (const e of ix.out.get(id) ?? []) stack.push(e.target);
  }
  return [...found.values()];
}

/** Next approver nodes whose approvers the one acting chooses (assignee 'chosen'). */
export const chosenNext = (graph: FlowGraph, from: string) =>
  nextApprovers(graph, from)
    .filter((n) => n.chosen)
    .map(({ id, name }) => ({ id, name }));

/** The form as a node shows it: a model's released definition without hidden fields, and only the visible values. */
export async function nodeForm(
  ctx: AppContext,
  formKind: string,
  formId: string,
  recordId: string | null,
  permissions: FieldPermission[],
  nodeType: 'start' | 'approver',
) {
  const hidden = new Set(permissions.filter((p) => p.access === 'hidden').map((p) => p.field));
  let definition: FormDefinition | null = null;
  if (formKind === MODEL_FORM_KIND) {
    const model = await runtimeModel(ctx, formId).catch(() => null);
    if (model) definition = withoutHidden(model.form, hidden);
  }
  const adapter = flowFormAdapter(formKind);
  const load = adapter?.loadRecord ?? adapter?.loadValues;
  const raw = recordId && adapter && load ? ((await load.call(adapter, ctx.db, formId, recordId)) ?? {}) : {};
  const values = definition
    ? visibleValues(definition, raw)
    : Object.fromEntries(Object.entries(raw).filter(([k]) => !hidden.has(k) && accessOf(permissions, nodeType, k) !== 'hidden'));
  return { kind: formKind, definition, values, permissions };
}

/**
 * The caller's adopted task that Recall/{id} would take back now: the last one
 * they approved, while nothing it created or opened was acted on since (the
 * same test recallTask makes under the instance lock).
 */
async function recallable(
  ctx: AppContext,
  instanceId: string,
  me: string,
  tasks: { id: string; handlerId: string; status: number; closedSeq: number | null }[],
) {
  const mine = tasks
    .filter((t) => t.handlerId === me && t.status === TaskStatus.adopted && t.closedSeq !== null)
    .sort((a, b) => b.closedSeq! - a.closedSeq!)[0];
  if (!mine) return null;
  const s = mine.closedSeq!;
  const touched = await ctx.db
    .selectFrom('flowNodeStates')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('createdSeq', '=', s)
    .where('closedSeq', 'is not', null)
    .where('closedSeq', '!=', s)
    .limit(1)
    .executeTakeFirst();
  const handled = await ctx.db
    .selectFrom('flowTasks')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where((eb) => eb.or([eb('createdSeq', '=', s), eb('openedSeq', '=', s)]))
    .where('closedSeq', 'is not', null)
    .where('id', '!=', mine.id)
    .limit(1)
    .executeTakeFirst();
  return touched || handled ? null : mine.id;
}

/**
 * One instance as the flow detail page shows it (server-contract §4
 * FlowBefore/{id}): the instance with its flow and starter names, its graph
 * (the version it runs on), node states for the progress graph, tasks, the
 * audit trail, the caller's waiting task, the form as the caller's node shows
 * it (hidden fields removed here, on the server) and the buttons the caller
 * has. Visible to its starter, anyone who holds or held a task on it, anyone
 * it was copied to, and administrators; 403 for everybody else.
 */
export async function instanceDetail(ctx: AppContext, caller: { userId: string; isAdministrator: boolean }, instanceId: string) {
  const inst = await ctx.db
    .selectFrom('flowInstances as i')
    .innerJoin('flowDefinitions as d', 'd.id', 'i.flowId')
    .leftJoin('users as s', 's.id', 'i.starterId')
    .leftJoin('flowSuspensions as p', 'p.instanceId', 'i.id')
    .selectAll('i')
    .select(['d.fullName as flowName', 's.realName as starterName', 'p.instanceId as suspendedId'])
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
  if (!inst) throw notFound();
  const [nodeStates, tasks, records, copies] = await Promise.all([
    ctx.db.selectFrom('flowNodeStates').selectAll().where('instanceId', '=', instanceId).orderBy('createdSeq').orderBy('id').execute(),
    ctx.db
      .selectFrom('flowTasks as t')
      .innerJoin('users as u', 'u.id', 't.handlerId')
      .selectAll('t')
      .select('u.realName as handlerName')
      .where('t.instanceId', '=', instanceId)
      .orderBy('t.createdSeq')
      .orderBy('t.sortCode')
      .execute(),
    ctx.db
      .selectFrom('flowRecords as r')
      .leftJoin('users as u', 'u.id', 'r.actorId')
      .leftJoin('users as tu', 'tu.id', 'r.target')
      .selectAll('r')
      .select(['u.realName as actorName', 'tu.realName as targetName'])
      .where('r.instanceId', '=', instanceId)
      .orderBy('r.seq')
      .orderBy('r.createdAt')
      .execute(),
    ctx.db.selectFrom('flowCopies').select(['userId', 'nodeId', 'nodeName', 'createdAt']).where('instanceId', '=', instanceId).execute(),
  ]);
  const me = caller.userId;
  const involved =
    caller.isAdministrator ||
    inst.starterId === me ||
    tasks.some((t) => t.handlerId === me || t.delegatorId === me) ||
    copies.some((c) => c.userId === me);
  if (!involved) throw forbidden();

  const graph = await versionGraph(ctx.db, inst.versionId);
  // A suspended instance takes no action until the monitor restores it.
  const suspended = inst.suspendedId !== null;
  const waiting = inst.status === FlowStatus.waiting && !suspended;
  const myTask = waiting ? (tasks.find((t) => t.handlerId === me && t.status === TaskStatus.waiting) ?? null) : null;
  // The caller's node decides what the form shows: the task I hold now, else the last node I handled,
  // else the node that copied it to me, else the start (the starter, the monitor).
  // (A delegator reads as the node of the task they entrusted: its hidden fields stay hidden from them too.)
  const myLast = [...tasks].reverse().find((t) => (t.handlerId === me || t.delegatorId === me) && t.status !== TaskStatus.queued);
  const copied = copies.find((c) => c.userId === me);
  const nodeId = myTask?.nodeId ?? myLast?.nodeId ?? copied?.nodeId;
  const start = graph.nodes.find((n) => n.type === 'start')!;
  const found = nodeId ? graph.nodes.find((n) => n.id === nodeId) : undefined;
  const node = found && (found.type === 'approver' || found.type === 'start') ? found : start;
  // The start node's "write" fields are for filling in a new form; on a running instance the starter reads.
  const fieldPermissions: FieldPermission[] = node.fieldPermissions;
  const form = await nodeForm(ctx, inst.formKind, inst.formId, inst.recordId, fieldPermissions, node.type);

  const approverNode = myTask ? graph.nodes.find((n) => n.id === myTask.nodeId) : undefined;
  let rejectTargets: { id: string; name: string }[] = [];
  if (approverNode?.type === 'approver' && approverNode.rejectTo === 'choose') {
    const before = upstreamOf(graph, approverNode.id);
    const parallel = nodesInParallel(graph);
    const passed = new Set(nodeStates.filter((s) => s.status === FlowStatus.adopted).map((s) => s.nodeId));
    rejectTargets = graph.nodes
      .filter((n) => n.type === 'approver' && before.has(n.id) && !parallel.has(n.id) && passed.has(n.id))
      .map((n) => ({ id: n.id, name: n.name }));
  }
  const isStarter = inst.starterId === me;
  const buttons = {
    approve: !!myTask,
    reject: !!myTask,
    rejectTargets,
    transfer: !!myTask,
    addSigner: !!myTask,
    /** The task id Recall/{id} takes back, or null. */
    recall: waiting ? await recallable(ctx, instanceId, me, tasks) : null,
    withdraw: waiting && isStarter && !records.some((r) => (HUMAN_ACTIONS as number[]).includes(r.action)),
    urge: waiting && isStarter,
    /** Nodes after mine whose approvers I choose when approving. */
    chooseNext: myTask ? chosenNext(graph, myTask.nodeId) : [],
  };

  const [children, parentLink] = await Promise.all([
    ctx.db
      .selectFrom('flowSubflows as l')
      .innerJoin('flowInstances as c', 'c.id', 'l.childInstanceId')
      .innerJoin('flowDefinitions as d', 'd.id', 'c.flowId')
      .leftJoin('users as u', 'u.id', 'c.starterId')
      .select(['c.id', 'c.title', 'c.status', 'l.parentNodeId as nodeId', 'l.mode', 'd.fullName as flowName', 'u.realName as starterName'])
      .where('l.parentInstanceId', '=', instanceId)
      .orderBy('l.createdAt')
      .orderBy('c.id')
      .execute(),
    ctx.db
      .selectFrom('flowSubflows as l')
      .innerJoin('flowInstances as p', 'p.id', 'l.parentInstanceId')
      .innerJoin('flowNodeStates as ns', 'ns.id', 'l.parentNodeStateId')
      .select(['p.id', 'p.title', 'p.status', 'l.parentNodeId as nodeId', 'ns.nodeName', 'l.mode'])
      .where('l.childInstanceId', '=', instanceId)
      .executeTakeFirst(),
  ]);

  const { activeKey: _activeKey, suspendedId: _suspendedId, flowName, starterName, ...instance } = inst;
  return {
    instance: { ...instance, flowName, starterName: starterName ?? '', suspended },
    graph,
    nodeStates,
    tasks,
    records: records.map((r) => ({ ...r, attachments: r.attachments ? (JSON.parse(r.attachments) as unknown[]) : [] })),
    copies,
    myTask,
    /** The node whose permissions the form follows, and whether its write fields are editable now. */
    node: { id: node.id, name: node.name, type: node.type, editable: !!myTask },
    fieldPermissions,
    form,
    buttons,
    /** The instances this one's sub-flow nodes started, and the instance that started this one (links only: each opens under its own access rule). */
    subFlows: { children: children.map((c) => ({ ...c, starterName: c.starterName ?? '' })), parent: parentLink ?? null },
  };
}

import { flowGraphSchema, type FlowGraph, type FlowStatus } from '@medalliance/contract';
import type { Db } from '../../db/connection.ts';
import { newUserRow } from '../../db/user-row.ts';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../test/harness.ts';
import { createFlow } from './definitions.service.ts';
import { registerFlowFormAdapter, type FlowFormAdapter } from './form-adapters.ts';

/**
 * What the engine tests share: a form adapter over records kept by the test
 * (a real implementation of the interface, as a module would write one),
 * users straight in the database, and graph builders.
 */
export const ROOT_ORG = '100000000000000001';
export const TOWNSHIP_ORG = '100000000000000030';

export class TestForms implements FlowFormAdapter {
  readonly kind = 'engine-test';
  readonly records = new Map<string, Record<string, unknown>>();
  /** Every state the engine reported, per record, in order. */
  readonly states = new Map<string, FlowStatus[]>();

  async loadValues(_db: Db, _formId: string, recordId: string) {
    const r = this.records.get(recordId);
    return r ? { ...r } : null;
  }
  async saveValues(_db: Db, _formId: string, recordId: string, values: Record<string, unknown>) {
    this.records.set(recordId, { ...this.records.get(recordId), ...values });
  }
  async onStateChange(_db: Db, _formId: string, recordId: string, state: FlowStatus) {
    this.states.set(recordId, [...(this.states.get(recordId) ?? []), state]);
  }
  async createRecord(_db: Db, _formId: string, values: Record<string, unknown>, creatorId: string) {
    return this.add({ ...values, creator: creatorId });
  }
  /** A new record with these values; its id. */
  add(values: Record<string, unknown> = {}): string {
    const id = newId();
    this.records.set(id, values);
    return id;
  }
}

export const forms = new TestForms();
registerFlowFormAdapter(forms);

let counter = 0;
/** An enabled user (no password needed: the engine is called directly). */
export async function addUser(
  t: TestApp,
  opts: { organizeId?: string; managerId?: string | null; roles?: string[]; positions?: string[]; admin?: boolean; enabled?: boolean } = {},
): Promise<string> {
  const id = newId();
  const organizeId = opts.organizeId ?? ROOT_ORG;
  await t.ctx.db
    .insertInto('users')
    .values(
      newUserRow({
        id,
        account: `wf${Date.now().toString(36)}${counter++}`,
        passwordHash: 'not-used',
        organizeId,
        managerId: opts.managerId ?? null,
        isAdministrator: opts.admin ? 1 : 0,
        enabledMark: opts.enabled === false ? 0 : 1,
      }),
    )
    .execute();
  const relations = [
    ['Organize', organizeId],
    ...(opts.roles ?? []).map((r) => ['Role', r]),
    ...(opts.positions ?? []).map((p) => ['Position', p]),
  ];
  await t.ctx.db
    .insertInto('userRelations')
    .values(
      relations.map(([objectType, objectId], i) => ({
        id: newId(),
        userId: id,
        objectType: objectType!,
        objectId: objectId!,
        sortCode: i,
        createdAt: Date.now(),
      })),
    )
    .execute();
  return id;
}

export const users = (t: TestApp, n: number) => Promise.all(Array.from({ length: n }, () => addUser(t)));

type NodeSpec = Record<string, unknown> & { id: string; type: string };

export const start: NodeSpec = { id: 'start', type: 'start', name: 'Start' };
export const end: NodeSpec = { id: 'end', type: 'end', name: 'End' };
export const approver = (id: string, assignee: Record<string, unknown>, extra: Record<string, unknown> = {}): NodeSpec => ({
  id,
  type: 'approver',
  name: `Node ${id}`,
  assignee,
  ...extra,
});
export const edge = (source: string, target: string, extra: Record<string, unknown> = {}) => ({
  id: `${source}-${target}`,
  source,
  target,
  ...extra,
});

/** start → nodes in order → end. */
export function chain(...nodes: NodeSpec[]): FlowGraph {
  const all = [start, ...nodes, end];
  return flowGraphSchema.parse({ nodes: all, edges: all.slice(1).map((n, i) => edge(all[i]!.id, n.id)) });
}

export const graph = (nodes: NodeSpec[], edges: unknown[]): FlowGraph => flowGraphSchema.parse({ nodes, edges });

/** A flow over the test forms; its id. */
export async function defineFlow(t: TestApp, g: FlowGraph, extra: Record<string, unknown> = {}): Promise<string> {
  const { id } = await createFlow(
    t.ctx,
    { enCode: `wf_${newId()}`, fullName: 'Test flow', formKind: forms.kind, formId: 'referral', graph: g, ...extra },
    'admin',
  );
  return id;
}

export async function tasksOf(t: TestApp, instanceId: string) {
  return t.ctx.db
    .selectFrom('flowTasks')
    .selectAll()
    .where('instanceId', '=', instanceId)
    .orderBy('createdSeq')
    .orderBy('sortCode')
    .execute();
}

/** The waiting task of a user on an instance (throws when there is none). */
export async function taskOf(t: TestApp, instanceId: string, userId: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('flowTasks')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('handlerId', '=', userId)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!row) throw new Error(`no waiting task for ${userId}`);
  return row.id;
}

/** Handlers of the waiting tasks, as a set-like sorted list. */
export async function waitingHandlers(t: TestApp, instanceId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('flowTasks')
    .select('handlerId')
    .where('instanceId', '=', instanceId)
    .where('status', '=', 1)
    .execute();
  return rows.map((r) => r.handlerId).sort();
}

export async function instance(t: TestApp, id: string) {
  return t.ctx.db.selectFrom('flowInstances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function recordsOf(t: TestApp, id: string) {
  return t.ctx.db.selectFrom('flowRecords').selectAll().where('instanceId', '=', id).orderBy('seq').orderBy('createdAt').execute();
}

/** The AppError key an action refused with. */
export async function refusal(p: Promise<unknown>): Promise<{ status: number; key: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { status?: number; key?: string };
    if (err.status && err.key) return { status: err.status, key: err.key };
    throw e;
  }
  throw new Error('the action was not refused');
}

/** Grants a menu (and buttons of it) to a user, as the authorisation screen would. */
export async function grantMenu(t: TestApp, userId: string, enCode: string, buttons: string[] = []): Promise<void> {
  const menu = await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow();
  const items = [{ itemType: 'module', itemId: menu.id }];
  for (const b of buttons) {
    const row = await t.ctx.db
      .selectFrom('moduleButtons')
      .select('id')
      .where('moduleId', '=', menu.id)
      .where('enCode', '=', b)
      .executeTakeFirstOrThrow();
    items.push({ itemType: 'button', itemId: row.id });
  }
  await t.ctx.db
    .insertInto('authorizations')
    .values(items.map((i) => ({ id: newId(), ...i, objectType: 'User', objectId: userId, createdAt: Date.now(), createdBy: null })))
    .execute();
}

/** The system messages a user received, oldest first, with their JSON bodies parsed. */
export async function messagesOf(t: TestApp, userId: string) {
  const rows = await t.ctx.db
    .selectFrom('messageReceives as r')
    .innerJoin('messages as m', 'm.id', 'r.messageId')
    .select(['m.title', 'm.kind', 'm.bodyText', 'm.senderId', 'r.createdAt'])
    .where('r.userId', '=', userId)
    .orderBy('r.createdAt')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ title: r.title, kind: r.kind, senderId: r.senderId, body: r.bodyText ? JSON.parse(r.bodyText) : null }));
}

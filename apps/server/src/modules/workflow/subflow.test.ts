import { FlowAction, FlowStatus, flowGraphSchema, TaskStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { approveTask, cancelInstance, recallTask, rejectTask, revokeInstance, startFlow } from './actions.service.ts';
import { releaseFlowVersion } from './definitions.service.ts';
import { instanceDetail } from './detail.service.ts';
import { setFlowEnabled } from './flow-admin.service.ts';
import {
  addUser,
  approver,
  chain,
  defineFlow,
  forms,
  instance,
  messagesOf,
  recordsOf,
  refusal,
  taskOf,
  users,
  waitingHandlers,
} from './test-support.ts';

/** Sub-flow nodes: children started in the parent's transaction, sync waits, async goes on, failures and cancels cascade. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sub = (id: string, flowId: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'subFlow',
  name: `Sub ${id}`,
  flowId,
  ...extra,
});

const childrenOf = (parentId: string) =>
  t.ctx.db
    .selectFrom('flowSubflows as l')
    .innerJoin('flowInstances as i', 'i.id', 'l.childInstanceId')
    .select(['l.childInstanceId as id', 'l.mode', 'l.parentNodeId', 'i.status', 'i.starterId', 'i.recordId', 'i.title'])
    .where('l.parentInstanceId', '=', parentId)
    .orderBy('i.starterId')
    .execute();

async function submit(flowId: string, starter: string, values: Record<string, unknown> = {}) {
  const recordId = forms.add(values);
  return (await startFlow(t.ctx, { flowId, recordId, title: 'Parent' }, starter)).instanceId;
}

describe('sub-flow nodes', () => {
  it('sync: the child starts with mapped values and its to-do; the parent waits and moves on once it is adopted', async () => {
    const [starter, childApprover, after] = await users(t, 3);
    const child = await defineFlow(t, chain(approver('c1', { type: 'users', userIds: [childApprover] })));
    const parent = await defineFlow(
      t,
      chain(
        sub('s1', child, {
          mapping: [
            { parentField: 'amount', childField: 'fee' },
            { parentField: 'patient', childField: 'name' },
          ],
        }),
        approver('p2', { type: 'users', userIds: [after] }),
      ),
    );
    const inst = await submit(parent, starter!, { amount: 1200, patient: 'Zhang San', secret: 'x' });
    const [kid] = await childrenOf(inst);
    expect(kid).toMatchObject({ mode: 'sync', parentNodeId: 's1', status: FlowStatus.waiting, starterId: starter });
    expect(forms.records.get(kid!.recordId)).toEqual({ fee: 1200, name: 'Zhang San', creator: starter });
    expect(kid!.title).toBe('Parent · Test flow');
    expect((await instance(t, inst)).currentNodes).toBe('Sub s1');
    expect(await waitingHandlers(t, inst)).toEqual([]);
    expect((await messagesOf(t, childApprover!)).filter((m) => m.kind === 'flowTodo' && m.body.id === kid!.id)).toHaveLength(1);
    expect((await recordsOf(t, inst)).map((r) => r.action)).toEqual([FlowAction.submit, FlowAction.subFlowStart]);

    await approveTask(t.ctx, await taskOf(t, kid!.id, childApprover!), childApprover!);
    expect((await instance(t, kid!.id)).status).toBe(FlowStatus.adopted);
    expect(await waitingHandlers(t, inst)).toEqual([after]);
    const states = await t.ctx.db.selectFrom('flowNodeStates').select(['nodeId', 'status']).where('instanceId', '=', inst).execute();
    expect(states.find((s) => s.nodeId === 's1')?.status).toBe(FlowStatus.adopted);
    const trail = await recordsOf(t, inst);
    expect(trail.map((r) => r.action)).toEqual([FlowAction.submit, FlowAction.subFlowStart, FlowAction.subFlowEnd]);
    expect(trail[2]!.target).toBe(kid!.id);
    await approveTask(t.ctx, await taskOf(t, inst, after!), after!);
    expect((await instance(t, inst)).status).toBe(FlowStatus.adopted);
  });

  it('async: the parent moves on at once; the child finishing later only writes the trail', async () => {
    const [starter, childApprover, after] = await users(t, 3);
    const child = await defineFlow(t, chain(approver('c1', { type: 'users', userIds: [childApprover] })));
    const parent = await defineFlow(t, chain(sub('s1', child, { mode: 'async' }), approver('p2', { type: 'users', userIds: [after] })));
    const inst = await submit(parent, starter!);
    const [kid] = await childrenOf(inst);
    expect(kid).toMatchObject({ mode: 'async', status: FlowStatus.waiting });
    expect(await waitingHandlers(t, inst)).toEqual([after]);
    await approveTask(t.ctx, await taskOf(t, inst, after!), after!);
    expect((await instance(t, inst)).status).toBe(FlowStatus.adopted);
    // The parent ended adopted: an async child goes on by itself.
    expect((await instance(t, kid!.id)).status).toBe(FlowStatus.waiting);
    await approveTask(t.ctx, await taskOf(t, kid!.id, childApprover!), childApprover!);
    expect((await instance(t, kid!.id)).status).toBe(FlowStatus.adopted);
  });

  it('one child per initiator resolved by the approver rules; a child rejected rejects the parent and cancels its sibling', async () => {
    const [starter, a, b, childApprover] = await users(t, 4);
    const child = await defineFlow(t, chain(approver('c1', { type: 'starter' })));
    const parent = await defineFlow(
      t,
      chain(sub('s1', child, { initiator: { type: 'users', userIds: [a, b] } }), approver('p2', { type: 'starter' })),
    );
    const inst = await submit(parent, starter!);
    const kids = await childrenOf(inst);
    expect(kids.map((k) => k.starterId).sort()).toEqual([a, b].sort());
    void childApprover;
    const [ka, kb] = [kids.find((k) => k.starterId === a)!, kids.find((k) => k.starterId === b)!];
    await rejectTask(t.ctx, await taskOf(t, ka.id, a!), a!, { opinion: 'no' });
    expect((await instance(t, ka.id)).status).toBe(FlowStatus.rejected);
    expect((await instance(t, inst)).status).toBe(FlowStatus.rejected);
    expect((await instance(t, kb.id)).status).toBe(FlowStatus.cancelled);
    expect(await waitingHandlers(t, kb.id)).toEqual([]);
    const s1 = await t.ctx.db
      .selectFrom('flowNodeStates')
      .select('status')
      .where('instanceId', '=', inst)
      .where('nodeId', '=', 's1')
      .executeTakeFirstOrThrow();
    expect(s1.status).toBe(FlowStatus.rejected);
    expect((await messagesOf(t, starter!)).some((m) => m.kind === 'flowResult' && m.body.id === inst && m.body.status === 3)).toBe(true);
  });

  it('two approvers of two children finishing at once: the parent node passes exactly once', async () => {
    for (let round = 0; round < 5; round++) {
      const [starter, a, b, after] = await users(t, 4);
      const child = await defineFlow(t, chain(approver('c1', { type: 'starter' })));
      const parent = await defineFlow(
        t,
        chain(sub('s1', child, { initiator: { type: 'users', userIds: [a, b] } }), approver('p2', { type: 'users', userIds: [after] })),
      );
      const inst = await submit(parent, starter!);
      const kids = await childrenOf(inst);
      const ids = await Promise.all(kids.map((k) => taskOf(t, k.id, k.starterId)));
      const outcomes = await Promise.allSettled(ids.map((id, i) => approveTask(t.ctx, id, kids[i]!.starterId)));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      const states = await t.ctx.db.selectFrom('flowNodeStates').select(['nodeId', 'status']).where('instanceId', '=', inst).execute();
      expect(states.filter((s) => s.nodeId === 's1')).toEqual([{ nodeId: 's1', status: FlowStatus.adopted }]);
      expect(states.filter((s) => s.nodeId === 'p2')).toEqual([{ nodeId: 'p2', status: FlowStatus.waiting }]);
      const p2Tasks = await t.ctx.db
        .selectFrom('flowTasks')
        .select('id')
        .where('instanceId', '=', inst)
        .where('nodeId', '=', 'p2')
        .execute();
      expect(p2Tasks).toHaveLength(1);
      expect((await messagesOf(t, after!)).filter((m) => m.body.id === inst)).toHaveLength(1);
      expect((await recordsOf(t, inst)).filter((r) => r.action === FlowAction.subFlowEnd)).toHaveLength(2);
    }
  });

  it('the monitor cancelling a parent cancels its running children (sync and async, any depth)', async () => {
    const [starter, admin, x] = await users(t, 3);
    const grandchild = await defineFlow(t, chain(approver('g1', { type: 'users', userIds: [x] })));
    const child = await defineFlow(t, chain(sub('cs', grandchild), approver('c1', { type: 'users', userIds: [x] })));
    const asyncChild = await defineFlow(t, chain(approver('a1', { type: 'users', userIds: [x] })));
    const parent = await defineFlow(t, chain(sub('sa', asyncChild, { mode: 'async' }), sub('s1', child)));
    const inst = await submit(parent, starter!);
    const kids = await childrenOf(inst);
    expect(kids).toHaveLength(2);
    const syncKid = kids.find((k) => k.mode === 'sync')!;
    const [grand] = await childrenOf(syncKid.id);
    expect(grand!.status).toBe(FlowStatus.waiting);
    await cancelInstance(t.ctx, inst, admin!, { opinion: 'stop' });
    expect((await instance(t, inst)).status).toBe(FlowStatus.cancelled);
    for (const k of [...kids, grand!]) {
      expect((await instance(t, k.id)).status).toBe(FlowStatus.cancelled);
      expect(await waitingHandlers(t, k.id)).toEqual([]);
      const cancel = (await recordsOf(t, k.id)).find((r) => r.action === FlowAction.cancel);
      expect(cancel?.actorId).toBe(admin);
    }
    const open = await t.ctx.db
      .selectFrom('flowTasks')
      .select('id')
      .where('instanceId', 'in', [inst, ...kids.map((k) => k.id), grand!.id])
      .where('status', 'in', [TaskStatus.waiting, TaskStatus.queued])
      .execute();
    expect(open).toEqual([]);
  });

  it('a child revoked by its starter rejects a sync parent; the parent revoked takes its children with it', async () => {
    const [starter, x] = await users(t, 2);
    const child = await defineFlow(t, chain(approver('c1', { type: 'users', userIds: [x] })));
    const parent = await defineFlow(t, chain(sub('s1', child), approver('p2', { type: 'users', userIds: [x] })));
    const inst = await submit(parent, starter!);
    const [kid] = await childrenOf(inst);
    await revokeInstance(t.ctx, kid!.id, starter!);
    expect((await instance(t, inst)).status).toBe(FlowStatus.rejected);

    const inst2 = await submit(parent, starter!);
    const [kid2] = await childrenOf(inst2);
    await revokeInstance(t.ctx, inst2, starter!);
    expect((await instance(t, inst2)).status).toBe(FlowStatus.revoked);
    expect((await instance(t, kid2!.id)).status).toBe(FlowStatus.cancelled);
  });

  it('a child flow that passes at once lets a sync parent go straight on; the approval that started it cannot be recalled', async () => {
    const [starter, a, after] = await users(t, 3);
    const child = await defineFlow(t, chain(approver('c1', { type: 'users', userIds: ['nobody-such'] }, { noApprover: 'autoPass' })));
    const parent = await defineFlow(
      t,
      chain(approver('p1', { type: 'users', userIds: [a] }), sub('s1', child), approver('p2', { type: 'users', userIds: [after] })),
    );
    const inst = await submit(parent, starter!);
    await approveTask(t.ctx, await taskOf(t, inst, a!), a!);
    const [kid] = await childrenOf(inst);
    expect(kid!.status).toBe(FlowStatus.adopted);
    expect(await waitingHandlers(t, inst)).toEqual([after]);
    const trail = (await recordsOf(t, inst)).map((r) => r.action);
    expect(trail).toEqual([FlowAction.submit, FlowAction.approve, FlowAction.subFlowStart, FlowAction.subFlowEnd]);
    // The approval started a child flow of its own: it can no longer be taken back.
    const p1 = await t.ctx.db
      .selectFrom('flowTasks')
      .select('id')
      .where('instanceId', '=', inst)
      .where('nodeId', '=', 'p1')
      .executeTakeFirstOrThrow();
    expect(await refusal(recallTask(t.ctx, p1.id, a!))).toEqual({ status: 409, key: 'workflow.recallTooLate' });
  });

  it('refuses bad designs: unknown flow, self reference, cycles, disabled children, a start that finds no initiator', async () => {
    const [starter] = await users(t, 1);
    expect(await refusal(defineFlow(t, chain(sub('s1', 'no-such-flow'))))).toEqual({ status: 400, key: 'workflow.subFlowUnknown' });
    const a = await defineFlow(t, chain(approver('n1', { type: 'starter' })));
    const b = await defineFlow(t, chain(sub('s1', a)));
    // a → b → a: releasing a with a sub-flow to b would close the loop; a to itself is refused too.
    expect(await refusal(releaseFlowVersion(t.ctx, a, chain(sub('s1', b)), 'admin'))).toEqual({
      status: 400,
      key: 'workflow.subFlowCycle',
    });
    expect(await refusal(releaseFlowVersion(t.ctx, a, chain(sub('s1', a)), 'admin'))).toEqual({
      status: 400,
      key: 'workflow.subFlowCycle',
    });
    await setFlowEnabled(t.ctx, a, false, 'admin');
    expect(await refusal(defineFlow(t, chain(sub('s1', a))))).toEqual({ status: 400, key: 'workflow.subFlowDisabled' });
    // Disabled after the parent was designed: entering the node refuses the action, nothing is written.
    const before = await t.ctx.db
      .selectFrom('flowInstances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await refusal(submit(b, starter!))).toEqual({ status: 400, key: 'workflow.subFlowDisabled' });
    const after = await t.ctx.db
      .selectFrom('flowInstances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    await setFlowEnabled(t.ctx, a, true, 'admin');
    const nobody = await defineFlow(t, chain(sub('s1', a, { initiator: { type: 'formField', field: 'who' } })));
    expect(await refusal(submit(nobody, starter!))).toEqual({ status: 400, key: 'workflow.subFlowNoStarter' });
    // Schema: a mapped child field twice, an empty flow id, markup in names stays text.
    const dup = chain(
      sub('s1', a, {
        mapping: [
          { parentField: 'x', childField: 'y' },
          { parentField: 'z', childField: 'y' },
        ],
      }),
    );
    expect(await refusal(defineFlow(t, dup))).toEqual({ status: 400, key: 'workflow.graphInvalid' });
    const emptyId = { nodes: [{ id: 'start', type: 'start', name: 'S' }, sub('s1', ''), { id: 'end', type: 'end', name: 'E' }], edges: [] };
    expect(flowGraphSchema.safeParse({ ...emptyId, edges: [{ id: 'e1', source: 'start', target: 's1' }] }).success).toBe(false);
    const html = await defineFlow(t, chain({ ...sub('s1', a), name: '<img src=x onerror=alert(1)>' }));
    const inst = await submit(html, starter!);
    expect((await instance(t, inst)).currentNodes).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('sub-flow links on the detail page', () => {
  it('the parent lists its children with their status; a child names its parent and node', async () => {
    const [starter, x] = await users(t, 2);
    const child = await defineFlow(t, chain(approver('c1', { type: 'users', userIds: [x] })));
    const parent = await defineFlow(t, chain(sub('s1', child), approver('p2', { type: 'users', userIds: [x] })));
    const inst = await submit(parent, starter!);
    const [kid] = await childrenOf(inst);
    const me = { userId: starter!, isAdministrator: false };
    const p = await instanceDetail(t.ctx, me, inst);
    expect(p.subFlows.parent).toBeNull();
    expect(p.subFlows.children).toEqual([
      expect.objectContaining({ id: kid!.id, status: FlowStatus.waiting, nodeId: 's1', mode: 'sync', flowName: 'Test flow' }),
    ]);
    expect(p.nodeStates.find((n) => n.nodeId === 's1')).toMatchObject({ nodeType: 'subFlow', status: FlowStatus.waiting });
    const c = await instanceDetail(t.ctx, me, kid!.id);
    expect(c.subFlows.parent).toEqual({
      id: inst,
      title: 'Parent',
      status: FlowStatus.waiting,
      nodeId: 's1',
      nodeName: 'Sub s1',
      mode: 'sync',
    });
    expect(c.subFlows.children).toEqual([]);
    // Links only: an uninvolved user still cannot open the child.
    const [stranger] = await users(t, 1);
    expect(await refusal(instanceDetail(t.ctx, { userId: stranger!, isAdministrator: false }, kid!.id))).toEqual({
      status: 403,
      key: 'error.forbidden',
    });
  });
});

describe('sub-flow over a user added later', () => {
  it('a starter from a form field starts the child in their name', async () => {
    const [starter] = await users(t, 1);
    const doctor = await addUser(t);
    const child = await defineFlow(t, chain(approver('c1', { type: 'starter' })));
    const parent = await defineFlow(t, chain(sub('s1', child, { initiator: { type: 'formField', field: 'doctor' } })));
    const inst = await submit(parent, starter!, { doctor });
    const [kid] = await childrenOf(inst);
    expect(kid!.starterId).toBe(doctor);
    expect(await waitingHandlers(t, kid!.id)).toEqual([doctor]);
  });
});

import { FlowAction, FlowStatus, TaskStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { approveTask, recallTask, rejectTask, revokeInstance, startFlow, transferTask } from './actions.service.ts';
import {
  approver,
  chain,
  defineFlow,
  edge,
  end,
  forms,
  graph,
  instance,
  recordsOf,
  refusal,
  start,
  taskOf,
  tasksOf,
  users,
  waitingHandlers,
} from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const submit = async (
  flowId: string,
  starter: string,
  values: Record<string, unknown> = {},
  chosenApprovers?: Record<string, string[]>,
) => {
  const recordId = forms.add(values);
  const r = await startFlow(t.ctx, { flowId, recordId, chosenApprovers }, starter);
  return { ...r, recordId };
};

describe('approve and the sign rules', () => {
  it('or-sign: the first approval passes the node, the others are cancelled; the end adopts the instance', async () => {
    const [starter, a, b, c] = await users(t, 4);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [a, b, c] })));
    const inst = await submit(flow, starter!);
    expect(inst.status).toBe(FlowStatus.waiting);
    expect((await instance(t, inst.instanceId)).currentNodes).toBe('Node n1');
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a, b, c].sort());

    const done = await approveTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!, { opinion: 'fine' });
    expect(done.status).toBe(FlowStatus.adopted);
    const row = await instance(t, inst.instanceId);
    expect(row).toMatchObject({ status: FlowStatus.adopted, currentNodes: '', activeKey: null });
    expect(row.endedAt).not.toBeNull();
    const tasks = await tasksOf(t, inst.instanceId);
    expect(tasks.map((x) => [x.handlerId, x.status])).toEqual(
      expect.arrayContaining([
        [a, TaskStatus.cancelled],
        [b, TaskStatus.adopted],
        [c, TaskStatus.cancelled],
      ]),
    );
    expect((await recordsOf(t, inst.instanceId)).map((r) => [r.action, r.actorId, r.opinion])).toEqual([
      [FlowAction.submit, starter, ''],
      [FlowAction.approve, b, 'fine'],
    ]);
    expect(forms.states.get(inst.recordId)).toEqual([FlowStatus.waiting, FlowStatus.adopted]);
  });

  it('or-sign: the first rejection rejects the node and the instance goes back to the starter', async () => {
    const [starter, a, b] = await users(t, 3);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [a, b] })));
    const inst = await submit(flow, starter!);
    const r = await rejectTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!, { opinion: 'missing scan' });
    expect(r.status).toBe(FlowStatus.rejected);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([]);
    expect(forms.states.get(inst.recordId)).toEqual([FlowStatus.waiting, FlowStatus.rejected]);
  });

  it('countersign 50 % of 4: pending after one approval, passes at the second, the rest are cancelled', async () => {
    const [starter, a, b, c, d, next] = await users(t, 6);
    const flow = await defineFlow(
      t,
      chain(
        approver('n1', { type: 'users', userIds: [a, b, c, d] }, { sign: { mode: 'countersign', ratio: 50 } }),
        approver('n2', { type: 'users', userIds: [next] }),
      ),
    );
    const inst = await submit(flow, starter!);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([b, c, d].sort());
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, c!), c!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([next]);
    const n1 = (await tasksOf(t, inst.instanceId)).filter((x) => x.nodeId === 'n1');
    expect(
      n1
        .filter((x) => x.status === TaskStatus.cancelled)
        .map((x) => x.handlerId)
        .sort(),
    ).toEqual([b, d].sort());
    expect((await instance(t, inst.instanceId)).currentNodes).toBe('Node n2');
  });

  it('countersign 50 % of 4: rejected only once two approvals are out of reach', async () => {
    const [starter, a, b, c, d] = await users(t, 5);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a, b, c, d] }, { sign: { mode: 'countersign', ratio: 50 } })),
    );
    const inst = await submit(flow, starter!);
    expect((await rejectTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!)).status).toBe(FlowStatus.waiting);
    expect((await rejectTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!)).status).toBe(FlowStatus.waiting);
    expect((await rejectTask(t.ctx, await taskOf(t, inst.instanceId, c!), c!)).status).toBe(FlowStatus.rejected);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([]);
  });

  it('sequential: one approver at a time in the given order; every one must approve', async () => {
    const [starter, a, b, c] = await users(t, 4);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [c, a, b] }, { sign: { mode: 'sequential' } })));
    const inst = await submit(flow, starter!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([c]);
    expect((await tasksOf(t, inst.instanceId)).map((x) => [x.handlerId, x.status])).toEqual([
      [c, TaskStatus.waiting],
      [a, TaskStatus.queued],
      [b, TaskStatus.queued],
    ]);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, c!), c!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a]);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([b]);
    expect((await approveTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!)).status).toBe(FlowStatus.adopted);

    const second = await submit(flow, starter!);
    await approveTask(t.ctx, await taskOf(t, second.instanceId, c!), c!);
    expect((await rejectTask(t.ctx, await taskOf(t, second.instanceId, a!), a!)).status).toBe(FlowStatus.rejected);
  });

  it('copies the instance to the node’s copy-to users, positions and roles when the node passes', async () => {
    const [starter, a, u1] = await users(t, 3);
    const { addUser } = await import('./test-support.ts');
    const byRole = await addUser(t, { roles: ['role-copy'] });
    const byPosition = await addUser(t, { positions: ['pos-copy'] });
    const flow = await defineFlow(
      t,
      chain(
        approver('n1', { type: 'users', userIds: [a] }, { copyTo: { userIds: [u1], roleIds: ['role-copy'], positionIds: ['pos-copy'] } }),
      ),
    );
    const inst = await submit(flow, starter!);
    expect(await t.ctx.db.selectFrom('flowCopies').select('userId').where('instanceId', '=', inst.instanceId).execute()).toEqual([]);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    const copies = await t.ctx.db.selectFrom('flowCopies').select('userId').where('instanceId', '=', inst.instanceId).execute();
    expect(copies.map((c) => c.userId).sort()).toEqual([u1, byRole, byPosition].sort());
  });
});

describe('conditions and parallel branches', () => {
  const amountOver = (n: number) => ({ logic: 'and', items: [{ field: 'amount', operator: '>', value: n }] });

  it('takes the first matching branch, the default when none matches', async () => {
    const [starter, big, mid, small] = await users(t, 4);
    const flow = await defineFlow(
      t,
      graph(
        [
          start,
          { id: 'c', type: 'condition', name: 'Amount' },
          approver('big', { type: 'users', userIds: [big] }),
          approver('mid', { type: 'users', userIds: [mid] }),
          approver('small', { type: 'users', userIds: [small] }),
          end,
        ],
        [
          edge('start', 'c'),
          edge('c', 'big', { condition: amountOver(10_000) }),
          edge('c', 'mid', {
            condition: {
              logic: 'or',
              items: [
                { field: 'amount', operator: '>', value: 1000 },
                { field: 'level', operator: '=', value: 'county' },
              ],
            },
          }),
          edge('c', 'small', { isDefault: true }),
          edge('big', 'end'),
          edge('mid', 'end'),
          edge('small', 'end'),
        ],
      ),
    );
    expect(await waitingHandlers(t, (await submit(flow, starter!, { amount: 50_000 })).instanceId)).toEqual([big]);
    expect(await waitingHandlers(t, (await submit(flow, starter!, { amount: '2000' })).instanceId)).toEqual([mid]);
    expect(await waitingHandlers(t, (await submit(flow, starter!, { amount: 5, level: 'county' })).instanceId)).toEqual([mid]);
    expect(await waitingHandlers(t, (await submit(flow, starter!, { amount: 5 })).instanceId)).toEqual([small]);
    expect(await waitingHandlers(t, (await submit(flow, starter!, { amount: 'abc' })).instanceId)).toEqual([small]);
  });

  it('a parallel join waits for both branches before the next node', async () => {
    const [starter, x, y, after] = await users(t, 4);
    const flow = await defineFlow(
      t,
      graph(
        [
          start,
          { id: 'p', type: 'parallel', name: 'Split', joinId: 'j' },
          approver('x', { type: 'users', userIds: [x] }),
          approver('y', { type: 'users', userIds: [y] }),
          { id: 'j', type: 'join', name: 'Join' },
          approver('after', { type: 'users', userIds: [after] }),
          end,
        ],
        [edge('start', 'p'), edge('p', 'x'), edge('p', 'y'), edge('x', 'j'), edge('y', 'j'), edge('j', 'after'), edge('after', 'end')],
      ),
    );
    const inst = await submit(flow, starter!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([x, y].sort());
    expect((await instance(t, inst.instanceId)).currentNodes).toBe('Node x,Node y');
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, y!), y!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([x]);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, x!), x!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([after]);
    expect((await approveTask(t.ctx, await taskOf(t, inst.instanceId, after!), after!)).status).toBe(FlowStatus.adopted);
  });

  it('two branches finishing at the same moment pass the join exactly once', async () => {
    const [starter, x, y, after] = await users(t, 4);
    const flow = await defineFlow(
      t,
      graph(
        [
          start,
          { id: 'p', type: 'parallel', name: 'Split', joinId: 'j' },
          approver('x', { type: 'users', userIds: [x] }),
          approver('y', { type: 'users', userIds: [y] }),
          { id: 'j', type: 'join', name: 'Join' },
          approver('after', { type: 'users', userIds: [after] }),
          end,
        ],
        [edge('start', 'p'), edge('p', 'x'), edge('p', 'y'), edge('x', 'j'), edge('y', 'j'), edge('j', 'after'), edge('after', 'end')],
      ),
    );
    const inst = await submit(flow, starter!);
    const [tx, ty] = [await taskOf(t, inst.instanceId, x!), await taskOf(t, inst.instanceId, y!)];
    await Promise.all([approveTask(t.ctx, tx, x!), approveTask(t.ctx, ty, y!)]);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([after]);
    const afterStates = await t.ctx.db
      .selectFrom('flowNodeStates')
      .select('id')
      .where('instanceId', '=', inst.instanceId)
      .where('nodeId', '=', 'after')
      .execute();
    expect(afterStates).toHaveLength(1);
  });
});

describe('reject, revoke, recall, transfer', () => {
  it('rejects back to a chosen earlier node, which gets its approvers again', async () => {
    const [starter, a, b] = await users(t, 3);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a] }), approver('n2', { type: 'users', userIds: [b] }, { rejectTo: 'choose' })),
    );
    const inst = await submit(flow, starter!);
    // Not passed yet: n2 cannot send it to itself, nor to a node that does not exist.
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    const tb = await taskOf(t, inst.instanceId, b!);
    expect(await refusal(rejectTask(t.ctx, tb, b!, { target: 'n2' }))).toEqual({ status: 400, key: 'workflow.rejectTarget' });
    expect(await refusal(rejectTask(t.ctx, tb, b!, { target: 'ghost' }))).toEqual({ status: 400, key: 'workflow.rejectTarget' });
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([b]);

    const r = await rejectTask(t.ctx, tb, b!, { target: 'n1', opinion: 'check again' });
    expect(r.status).toBe(FlowStatus.waiting);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a]);
    expect((await instance(t, inst.instanceId)).currentNodes).toBe('Node n1');
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    expect((await approveTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!)).status).toBe(FlowStatus.adopted);
  });

  it('never rejects forward to a node passed in an earlier round', async () => {
    const [starter, a, b, c, d] = await users(t, 5);
    const choose = { rejectTo: 'choose' };
    const flow = await defineFlow(
      t,
      chain(
        approver('n1', { type: 'users', userIds: [a] }),
        approver('n2', { type: 'users', userIds: [b] }, choose),
        approver('n3', { type: 'users', userIds: [c] }),
        approver('n4', { type: 'users', userIds: [d] }, choose),
      ),
    );
    const inst = await submit(flow, starter!);
    for (const who of [a, b, c]) await approveTask(t.ctx, await taskOf(t, inst.instanceId, who!), who!);
    await rejectTask(t.ctx, await taskOf(t, inst.instanceId, d!), d!, { target: 'n1' });
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    const tb = await taskOf(t, inst.instanceId, b!);
    expect(await refusal(rejectTask(t.ctx, tb, b!, { target: 'n3' }))).toEqual({ status: 400, key: 'workflow.rejectTarget' });
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([b]);
    expect((await rejectTask(t.ctx, tb, b!, { target: 'n1' })).status).toBe(FlowStatus.waiting);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a]);
  });

  it('a node that only rejects to the starter refuses a node target', async () => {
    const [starter, a, b] = await users(t, 3);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a] }), approver('n2', { type: 'users', userIds: [b] })),
    );
    const inst = await submit(flow, starter!);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    expect(await refusal(rejectTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!, { target: 'n1' }))).toEqual({
      status: 400,
      key: 'workflow.rejectTarget',
    });
  });

  it('the starter revokes before anyone acted, and no longer after', async () => {
    const [starter, a, b, other] = await users(t, 4);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a] }), approver('n2', { type: 'users', userIds: [b] })),
    );
    const inst = await submit(flow, starter!);
    expect(await refusal(revokeInstance(t.ctx, inst.instanceId, other!))).toEqual({ status: 403, key: 'error.forbidden' });
    const r = await revokeInstance(t.ctx, inst.instanceId, starter!, { opinion: 'typo' });
    expect(r.status).toBe(FlowStatus.revoked);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([]);
    expect(forms.states.get(inst.recordId)).toEqual([FlowStatus.waiting, FlowStatus.revoked]);
    expect((await recordsOf(t, inst.instanceId)).map((x) => x.action)).toEqual([FlowAction.submit, FlowAction.revoke]);
    expect(await refusal(revokeInstance(t.ctx, inst.instanceId, starter!))).toEqual({ status: 409, key: 'workflow.notWaiting' });

    const acted = await submit(flow, starter!);
    await approveTask(t.ctx, await taskOf(t, acted.instanceId, a!), a!);
    expect(await refusal(revokeInstance(t.ctx, acted.instanceId, starter!))).toEqual({ status: 409, key: 'workflow.revokeActed' });
    expect((await instance(t, acted.instanceId)).status).toBe(FlowStatus.waiting);
  });

  it('an approver recalls an approval until the next node acted', async () => {
    const [starter, a, b, c] = await users(t, 4);
    const flow = await defineFlow(
      t,
      chain(
        approver('n1', { type: 'users', userIds: [a] }, { copyTo: { userIds: [c] } }),
        approver('n2', { type: 'users', userIds: [b] }),
        approver('n3', { type: 'users', userIds: [c] }),
      ),
    );
    const inst = await submit(flow, starter!);
    const ta = await taskOf(t, inst.instanceId, a!);
    await approveTask(t.ctx, ta, a!);
    expect(await refusal(recallTask(t.ctx, ta, b!))).toEqual({ status: 403, key: 'error.forbidden' });
    const r = await recallTask(t.ctx, ta, a!, { opinion: 'wrong file' });
    expect(r.status).toBe(FlowStatus.waiting);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a]);
    expect((await instance(t, inst.instanceId)).currentNodes).toBe('Node n1');
    expect(await t.ctx.db.selectFrom('flowCopies').select('id').where('instanceId', '=', inst.instanceId).execute()).toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('flowNodeStates')
        .select('status')
        .where('instanceId', '=', inst.instanceId)
        .where('nodeId', '=', 'n2')
        .execute(),
    ).toEqual([{ status: FlowStatus.cancelled }]);

    // Approve again; once n2 acted the recall is refused and nothing changes.
    await approveTask(t.ctx, ta, a!);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!);
    expect(await refusal(recallTask(t.ctx, ta, a!))).toEqual({ status: 409, key: 'workflow.recallTooLate' });
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([c]);
    // A task not approved cannot be recalled.
    expect(await refusal(recallTask(t.ctx, await taskOf(t, inst.instanceId, c!), c!))).toEqual({
      status: 409,
      key: 'workflow.recallNotAdopted',
    });
    // After the end, nothing can be recalled.
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, c!), c!);
    const last = (await tasksOf(t, inst.instanceId)).find((x) => x.nodeId === 'n3' && x.status === TaskStatus.adopted)!;
    expect(await refusal(recallTask(t.ctx, last.id, c!))).toEqual({ status: 409, key: 'workflow.recallTooLate' });
  });

  it('recall inside a parallel branch withdraws its arrival at the join; refused once the join has passed', async () => {
    const [starter, x, y, after] = await users(t, 4);
    const flow = await defineFlow(
      t,
      graph(
        [
          start,
          { id: 'p', type: 'parallel', name: 'Split', joinId: 'j' },
          approver('x', { type: 'users', userIds: [x] }),
          approver('y', { type: 'users', userIds: [y] }),
          { id: 'j', type: 'join', name: 'Join' },
          approver('after', { type: 'users', userIds: [after] }),
          end,
        ],
        [edge('start', 'p'), edge('p', 'x'), edge('p', 'y'), edge('x', 'j'), edge('y', 'j'), edge('j', 'after'), edge('after', 'end')],
      ),
    );
    const inst = await submit(flow, starter!);
    const tx = await taskOf(t, inst.instanceId, x!);
    await approveTask(t.ctx, tx, x!);
    await recallTask(t.ctx, tx, x!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([x, y].sort());
    // Had x's first arrival stayed, y alone would now pass the join.
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, y!), y!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([x]);
    await approveTask(t.ctx, tx, x!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([after]);

    const second = await submit(flow, starter!);
    const sx = await taskOf(t, second.instanceId, x!);
    await approveTask(t.ctx, sx, x!);
    await approveTask(t.ctx, await taskOf(t, second.instanceId, y!), y!);
    expect(await refusal(recallTask(t.ctx, sx, x!))).toEqual({ status: 409, key: 'workflow.recallTooLate' });
    expect(await waitingHandlers(t, second.instanceId)).toEqual([after]);
  });

  it('recall on a countersign node still waiting reopens only the recalled vote', async () => {
    const [starter, a, b, c] = await users(t, 4);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a, b, c] }, { sign: { mode: 'countersign', ratio: 100 } })),
    );
    const inst = await submit(flow, starter!);
    const ta = await taskOf(t, inst.instanceId, a!);
    await approveTask(t.ctx, ta, a!);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!);
    await recallTask(t.ctx, ta, a!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a, c].sort());
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, c!), c!);
    expect((await approveTask(t.ctx, ta, a!)).status).toBe(FlowStatus.adopted);
  });

  it('recall of a sequential step puts the next approver back in the queue', async () => {
    const [starter, a, b] = await users(t, 3);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [a, b] }, { sign: { mode: 'sequential' } })));
    const inst = await submit(flow, starter!);
    const ta = await taskOf(t, inst.instanceId, a!);
    await approveTask(t.ctx, ta, a!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([b]);
    await recallTask(t.ctx, ta, a!);
    expect((await tasksOf(t, inst.instanceId)).map((x) => [x.handlerId, x.status])).toEqual([
      [a, TaskStatus.waiting],
      [b, TaskStatus.queued],
    ]);
  });

  it('transfers a task to another user, who then decides in its place', async () => {
    const [starter, a, b, x] = await users(t, 4);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a, b] }, { sign: { mode: 'countersign', ratio: 100 } })),
    );
    const inst = await submit(flow, starter!);
    const ta = await taskOf(t, inst.instanceId, a!);
    expect(await refusal(transferTask(t.ctx, ta, a!, { toUserId: a! }))).toEqual({ status: 400, key: 'workflow.transferTarget' });
    expect(await refusal(transferTask(t.ctx, ta, a!, { toUserId: b! }))).toEqual({ status: 400, key: 'workflow.transferTarget' });
    expect(await refusal(transferTask(t.ctx, ta, a!, { toUserId: '999999' }))).toEqual({ status: 400, key: 'workflow.userUnknown' });
    expect(await refusal(transferTask(t.ctx, ta, b!, { toUserId: x! }))).toEqual({ status: 403, key: 'error.forbidden' });
    await transferTask(t.ctx, ta, a!, { toUserId: x!, opinion: 'on leave' });
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([b, x].sort());
    expect(await refusal(approveTask(t.ctx, ta, a!))).toEqual({ status: 409, key: 'workflow.taskHandled' });
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!);
    expect((await approveTask(t.ctx, await taskOf(t, inst.instanceId, x!), x!)).status).toBe(FlowStatus.adopted);
    expect((await recordsOf(t, inst.instanceId)).find((r) => r.action === FlowAction.transfer)).toMatchObject({
      actorId: a,
      target: x,
      opinion: 'on leave',
    });
  });

  it('refuses unknown tasks, other people’s tasks and a second submit of a running record', async () => {
    const [starter, a, b] = await users(t, 3);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [a] })));
    const inst = await submit(flow, starter!);
    expect(await refusal(approveTask(t.ctx, '123456789', a!))).toEqual({ status: 404, key: 'error.recordNotFound' });
    expect(await refusal(approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), b!))).toEqual({ status: 403, key: 'error.forbidden' });
    expect(await refusal(startFlow(t.ctx, { flowId: flow, recordId: inst.recordId }, starter!))).toEqual({
      status: 409,
      key: 'workflow.alreadyRunning',
    });
    expect(await refusal(startFlow(t.ctx, { flowId: flow, recordId: 'no-such-record' }, starter!))).toEqual({
      status: 404,
      key: 'workflow.recordNotFound',
    });
    expect(await refusal(startFlow(t.ctx, { flowId: '42', recordId: inst.recordId }, starter!))).toEqual({
      status: 404,
      key: 'workflow.flowNotFound',
    });
    // Once ended, the record may go through the flow again.
    await rejectTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    expect((await startFlow(t.ctx, { flowId: flow, recordId: inst.recordId }, starter!)).status).toBe(FlowStatus.waiting);
  });

  it('writes only the fields the node may write', async () => {
    const [starter, a] = await users(t, 2);
    const flow = await defineFlow(
      t,
      chain(
        approver(
          'n1',
          { type: 'users', userIds: [a] },
          {
            fieldPermissions: [
              { field: 'diagnosis', access: 'write' },
              { field: 'amount', access: 'read' },
            ],
          },
        ),
      ),
    );
    const inst = await submit(flow, starter!, { amount: 10, diagnosis: '' });
    const ta = await taskOf(t, inst.instanceId, a!);
    expect(await refusal(approveTask(t.ctx, ta, a!, { formData: { diagnosis: 'ok', amount: 99_999 } }))).toEqual({
      status: 400,
      key: 'workflow.fieldNotWritable',
    });
    expect(forms.records.get(inst.recordId)).toEqual({ amount: 10, diagnosis: '' });
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a]);
    await approveTask(t.ctx, ta, a!, { formData: { diagnosis: 'hypertension, stage 1' } });
    expect(forms.records.get(inst.recordId)).toEqual({ amount: 10, diagnosis: 'hypertension, stage 1' });
  });
});

describe('concurrency', () => {
  it('two approvers racing on a countersign node: both votes count, the node passes once', async () => {
    const [starter, a, b, next] = await users(t, 4);
    const flow = await defineFlow(
      t,
      chain(
        approver('n1', { type: 'users', userIds: [a, b] }, { sign: { mode: 'countersign', ratio: 100 } }),
        approver('n2', { type: 'users', userIds: [next] }),
      ),
    );
    for (let round = 0; round < 5; round++) {
      const inst = await submit(flow, starter!);
      const [ta, tb] = [await taskOf(t, inst.instanceId, a!), await taskOf(t, inst.instanceId, b!)];
      const results = await Promise.allSettled([approveTask(t.ctx, ta, a!), approveTask(t.ctx, tb, b!)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await waitingHandlers(t, inst.instanceId)).toEqual([next]);
      const states = await t.ctx.db
        .selectFrom('flowNodeStates')
        .select(['nodeId', 'status'])
        .where('instanceId', '=', inst.instanceId)
        .where('nodeId', 'in', ['n1', 'n2'])
        .execute();
      expect(states.sort((x, y) => x.nodeId.localeCompare(y.nodeId))).toEqual([
        { nodeId: 'n1', status: FlowStatus.adopted },
        { nodeId: 'n2', status: FlowStatus.waiting },
      ]);
    }
  });

  it('two or-sign approvers racing: one decides the node, the other is told it was decided', async () => {
    const [starter, a, b, next] = await users(t, 4);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a, b] }), approver('n2', { type: 'users', userIds: [next] })),
    );
    for (let round = 0; round < 5; round++) {
      const inst = await submit(flow, starter!);
      const [ta, tb] = [await taskOf(t, inst.instanceId, a!), await taskOf(t, inst.instanceId, b!)];
      const results = await Promise.allSettled([approveTask(t.ctx, ta, a!), approveTask(t.ctx, tb, b!)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ status: 409, key: 'workflow.taskHandled' });
      const n1Tasks = (await tasksOf(t, inst.instanceId)).filter((x) => x.nodeId === 'n1');
      expect(n1Tasks.map((x) => x.status).sort()).toEqual([TaskStatus.adopted, TaskStatus.cancelled]);
      expect((await recordsOf(t, inst.instanceId)).filter((r) => r.action === FlowAction.approve)).toHaveLength(1);
      const n2 = await t.ctx.db
        .selectFrom('flowNodeStates')
        .select('id')
        .where('instanceId', '=', inst.instanceId)
        .where('nodeId', '=', 'n2')
        .execute();
      expect(n2).toHaveLength(1);
      expect(await waitingHandlers(t, inst.instanceId)).toEqual([next]);
    }
  });

  it('the same record submitted twice at once starts one flow', async () => {
    const [starter, a] = await users(t, 2);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [a] })));
    const recordId = forms.add({});
    const results = await Promise.allSettled([
      startFlow(t.ctx, { flowId: flow, recordId }, starter!),
      startFlow(t.ctx, { flowId: flow, recordId }, starter!),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      key: 'workflow.alreadyRunning',
    });
    expect(await t.ctx.db.selectFrom('flowInstances').select('id').where('recordId', '=', recordId).execute()).toHaveLength(1);
  });

  it('the same task approved twice at once is decided once', async () => {
    const [starter, a, next] = await users(t, 3);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a] }), approver('n2', { type: 'users', userIds: [next] })),
    );
    const inst = await submit(flow, starter!);
    const ta = await taskOf(t, inst.instanceId, a!);
    const results = await Promise.allSettled([approveTask(t.ctx, ta, a!), approveTask(t.ctx, ta, a!), approveTask(t.ctx, ta, a!)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await recordsOf(t, inst.instanceId)).filter((r) => r.action === FlowAction.approve)).toHaveLength(1);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([next]);
  });
});

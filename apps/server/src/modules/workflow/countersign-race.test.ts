import { FlowStatus, TaskStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { approveTask, startFlow } from './actions.service.ts';
import { addUser, approver, chain, defineFlow, forms, messagesOf, taskOf, tasksOf, users } from './test-support.ts';

/** Many approvers racing on one countersign node: no lost or doubled task, one next node, one to-do for it. */
let t: TestApp;
let starter: string;
let next: string;
let voters: string[];

beforeAll(async () => {
  t = await createTestApp();
  starter = await addUser(t);
  next = await addUser(t);
  voters = await users(t, 30);
});
afterAll(() => t.close());

async function race(ratio: number) {
  const flow = await defineFlow(
    t,
    chain(
      approver('n1', { type: 'users', userIds: voters }, { sign: { mode: 'countersign', ratio } }),
      approver('n2', { type: 'users', userIds: [next] }),
    ),
  );
  const inst = (await startFlow(t.ctx, { flowId: flow, recordId: forms.add(), title: `Race ${ratio}` }, starter)).instanceId;
  const ids = await Promise.all(voters.map((v) => taskOf(t, inst, v)));
  const outcomes = await Promise.allSettled(ids.map((id, i) => approveTask(t.ctx, id, voters[i]!)));
  const states = await t.ctx.db.selectFrom('flowNodeStates').select(['nodeId', 'status']).where('instanceId', '=', inst).execute();
  const tasks = await tasksOf(t, inst);
  return { inst, outcomes, states, tasks };
}

describe('countersign race', () => {
  it('30 approvals at once on a 100 % node: every one counts, the node passes once', async () => {
    const { inst, outcomes, states, tasks } = await race(100);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(30);
    expect(states.filter((s) => s.nodeId === 'n1')).toEqual([{ nodeId: 'n1', status: FlowStatus.adopted }]);
    expect(states.filter((s) => s.nodeId === 'n2')).toEqual([{ nodeId: 'n2', status: FlowStatus.waiting }]);
    expect(tasks.filter((x) => x.nodeId === 'n1' && x.status === TaskStatus.adopted)).toHaveLength(30);
    expect(tasks.filter((x) => x.nodeId === 'n2')).toHaveLength(1);
    expect((await messagesOf(t, next)).filter((m) => m.body.id === inst)).toHaveLength(1);
  });

  it('30 approvals at once on a 60 % node: 18 count, the rest find it decided, one next node', async () => {
    const { outcomes, states, tasks } = await race(60);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(18);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as { status: number }).status).toBe(409);
    expect(tasks.filter((x) => x.nodeId === 'n1' && x.status === TaskStatus.adopted)).toHaveLength(18);
    expect(tasks.filter((x) => x.nodeId === 'n1' && x.status === TaskStatus.cancelled)).toHaveLength(12);
    expect(states.filter((s) => s.nodeId === 'n2')).toHaveLength(1);
  });
});

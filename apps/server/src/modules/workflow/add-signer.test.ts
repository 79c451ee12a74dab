import { FlowAction, FlowStatus, TaskStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { approveTask, rejectTask, startFlow } from './actions.service.ts';
import { addSigners } from './add-signer.service.ts';
import {
  approver,
  chain,
  defineFlow,
  forms,
  instance,
  messagesOf,
  recordsOf,
  refusal,
  taskOf,
  tasksOf,
  waitingHandlers,
} from './test-support.ts';

let t: TestApp;
const u = {} as Record<'starter' | 'a' | 'b' | 's1' | 's2' | 'next', { id: string; token: string }>;
const API = '/api/workflow/Engine/FlowBefore';

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['starter', 'a', 'b', 's1', 's2', 'next'] as const) {
    const id = await insertUser(t, `wfs_${name}`);
    u[name] = { id, token: await t.login(`wfs_${name}`) };
  }
});
afterAll(() => t.close());

/** start → n1 (a, b with this sign rule) → n2 (next) → end; a new instance of it. */
async function run(sign: Record<string, unknown>, title = 'Sign me') {
  const flow = await defineFlow(
    t,
    chain(approver('n1', { type: 'users', userIds: [u.a.id, u.b.id] }, { sign }), approver('n2', { type: 'users', userIds: [u.next.id] })),
  );
  return (await startFlow(t.ctx, { flowId: flow, recordId: forms.add(), title }, u.starter.id)).instanceId;
}
const add = (who: keyof typeof u, taskId: string, body: unknown) =>
  t.call('POST', `${API}/AddSigner/${taskId}`, { token: u[who].token, body });
const todoIds = async (who: keyof typeof u) =>
  (await t.call('GET', `${API}/List/1`, { token: u[who].token })).data.list.map((r: { taskId: string }) => r.taskId);

describe('add signer before', () => {
  it('the added signers act first; my task leaves my to-do and reopens once all of them approved', async () => {
    const inst = await run({ mode: 'or' });
    const ta = await taskOf(t, inst, u.a.id);
    const res = await add('a', ta, { userIds: [u.s1.id, u.s2.id], position: 'before', opinion: 'please check' });
    expect(res.status).toBe(200);
    expect(await todoIds('a')).not.toContain(ta);
    expect(await waitingHandlers(t, inst)).toEqual([u.b.id, u.s1.id, u.s2.id].sort());
    const s1 = await taskOf(t, inst, u.s1.id);
    expect(await todoIds('s1')).toEqual([s1]);
    expect((await messagesOf(t, u.s1.id)).at(-1)).toMatchObject({ kind: 'flowTodo', body: { type: 2, id: inst, taskId: s1 } });
    const signs = (await recordsOf(t, inst)).filter((r) => r.action === FlowAction.addSign);
    expect(signs.map((r) => r.target).sort()).toEqual([u.s1.id, u.s2.id].sort());
    // My own task cannot be decided while it waits for them.
    expect((await refusal(approveTask(t.ctx, ta, u.a.id))).status).toBe(409);
    await approveTask(t.ctx, s1, u.s1.id);
    expect(await todoIds('a')).not.toContain(ta);
    await approveTask(t.ctx, await taskOf(t, inst, u.s2.id), u.s2.id);
    expect(await todoIds('a')).toContain(ta);
    await approveTask(t.ctx, ta, u.a.id);
    expect(await waitingHandlers(t, inst)).toEqual([u.next.id]);
  });

  it('in a sequential node the next approver waits until the holder approved after its signers', async () => {
    const inst = await run({ mode: 'sequential' });
    const ta = await taskOf(t, inst, u.a.id);
    await addSigners(t.ctx, ta, u.a.id, { userIds: [u.s1.id], position: 'before' });
    await approveTask(t.ctx, await taskOf(t, inst, u.s1.id), u.s1.id);
    expect(await waitingHandlers(t, inst)).toEqual([u.a.id]);
    await approveTask(t.ctx, ta, u.a.id);
    expect(await waitingHandlers(t, inst)).toEqual([u.b.id]);
  });

  it('one added signer rejecting rejects the node', async () => {
    const inst = await run({ mode: 'or' }, 'Reject via signer');
    const ta = await taskOf(t, inst, u.a.id);
    await addSigners(t.ctx, ta, u.a.id, { userIds: [u.s1.id], position: 'before' });
    await rejectTask(t.ctx, await taskOf(t, inst, u.s1.id), u.s1.id, { opinion: 'wrong dose' });
    expect((await instance(t, inst)).status).toBe(FlowStatus.rejected);
    expect(await waitingHandlers(t, inst)).toEqual([]);
    expect((await tasksOf(t, inst)).filter((x) => x.status === TaskStatus.queued)).toEqual([]);
  });
});

describe('add signer after', () => {
  it('my task is approved now; the node passes only once the added signers approved too', async () => {
    const inst = await run({ mode: 'countersign', ratio: 100 });
    const ta = await taskOf(t, inst, u.a.id);
    await addSigners(t.ctx, ta, u.a.id, { userIds: [u.s1.id], position: 'after' });
    expect((await tasksOf(t, inst)).find((x) => x.id === ta)!.status).toBe(TaskStatus.adopted);
    await approveTask(t.ctx, await taskOf(t, inst, u.b.id), u.b.id);
    expect(await waitingHandlers(t, inst)).toEqual([u.s1.id]);
    await approveTask(t.ctx, await taskOf(t, inst, u.s1.id), u.s1.id);
    expect(await waitingHandlers(t, inst)).toEqual([u.next.id]);
  });

  it('an or-sign node waits for the signer added after the first approval', async () => {
    const inst = await run({ mode: 'or' });
    await addSigners(t.ctx, await taskOf(t, inst, u.a.id), u.a.id, { userIds: [u.s2.id], position: 'after' });
    expect(await waitingHandlers(t, inst)).toEqual([u.b.id, u.s2.id].sort());
    await approveTask(t.ctx, await taskOf(t, inst, u.s2.id), u.s2.id);
    expect(await waitingHandlers(t, inst)).toEqual([u.next.id]);
  });
});

describe('add signer refusals and races', () => {
  it('refuses bad input, other people and stale tasks with clear envelopes', async () => {
    const inst = await run({ mode: 'or' });
    const ta = await taskOf(t, inst, u.a.id);
    expect((await add('a', ta, { userIds: [u.a.id], position: 'before' })).status).toBe(400);
    const holder = await add('a', ta, { userIds: [u.b.id], position: 'before' });
    expect(holder.status).toBe(400);
    expect(holder.msg).toContain(u.b.id);
    expect((await add('a', ta, { userIds: ['404404404'], position: 'before' })).status).toBe(400);
    expect((await add('a', ta, { userIds: [], position: 'before' })).msg).toContain('userIds');
    expect((await add('a', ta, { userIds: [u.s1.id], position: 'middle' })).msg).toContain('position');
    expect((await add('a', ta, { userIds: u.s1.id, position: 'after' })).status).toBe(400);
    expect((await add('b', ta, { userIds: [u.s1.id], position: 'after' })).status).toBe(403);
    expect((await add('a', '404404404', { userIds: [u.s1.id], position: 'after' })).status).toBe(404);
    const malformed = await t.call('POST', `${API}/AddSigner/${ta}`, {
      token: u.a.token,
      body: '{"userIds":[',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await waitingHandlers(t, inst)).toEqual([u.a.id, u.b.id].sort());
    expect((await add('a', ta, { userIds: [u.s1.id], position: 'before' })).status).toBe(200);
    const nested = await add('s1', await taskOf(t, inst, u.s1.id), { userIds: [u.s2.id], position: 'before' });
    expect(nested.status).toBe(400);
    expect((await add('a', ta, { userIds: [u.s2.id], position: 'before' })).status).toBe(409);
  });

  it('adding signers and approving the same task at once: exactly one of them happens', async () => {
    for (let i = 0; i < 3; i++) {
      const inst = await run({ mode: 'or' });
      const ta = await taskOf(t, inst, u.a.id);
      const [signed, approved] = await Promise.allSettled([
        addSigners(t.ctx, ta, u.a.id, { userIds: [u.s1.id], position: 'before' }),
        approveTask(t.ctx, ta, u.a.id),
      ]);
      expect([signed.status, approved.status].sort()).toEqual(['fulfilled', 'rejected']);
      const waiting = await waitingHandlers(t, inst);
      if (signed.status === 'fulfilled') expect(waiting).toEqual([u.b.id, u.s1.id].sort());
      else expect(waiting).toEqual([u.next.id]);
    }
  });
});

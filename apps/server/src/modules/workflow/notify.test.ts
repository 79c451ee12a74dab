import { FlowStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { hubOf } from '../message/hub.ts';
import { approveTask, recallTask, rejectTask, revokeInstance, startFlow, transferTask } from './actions.service.ts';
import { addUser, approver, chain, defineFlow, forms, messagesOf, refusal, taskOf } from './test-support.ts';

let t: TestApp;
let starter: string;
let a: string;
let b: string;
let copied: string;
let other: string;
let flow: string;
/** What the hub was asked to push, in order. */
const pushed: { kind: string; toUserId?: string[]; title?: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [starter, a, b, copied, other] = await Promise.all([addUser(t), addUser(t), addUser(t), addUser(t), addUser(t)]);
  flow = await defineFlow(
    t,
    chain(
      approver('n1', { type: 'users', userIds: [a] }, { copyTo: { userIds: [copied] } }),
      approver('n2', { type: 'users', userIds: [a, b] }, { sign: { mode: 'sequential' } }),
    ),
  );
  const hub = hubOf(t.ctx);
  const emit = hub.emit.bind(hub);
  hub.emit = (event) => {
    if (event.kind === 'messagePush') pushed.push({ kind: event.kind, toUserId: event.push.toUserId, title: event.push.title });
    emit(event);
  };
});
afterAll(() => t.close());

const submit = async (title: string) => (await startFlow(t.ctx, { flowId: flow, recordId: forms.add(), title }, starter)).instanceId;

describe('messages per step', () => {
  it('to-do on every opened task, copy to the copied, the result to the starter; pushed after commit', async () => {
    pushed.length = 0;
    const inst = await submit('Referral Wang');
    const t1 = await taskOf(t, inst, a);
    expect(await messagesOf(t, a)).toEqual([
      { title: '【待办】Referral Wang', kind: 'flowTodo', senderId: null, body: { type: 2, id: inst, taskId: t1 } },
    ]);
    expect(pushed).toEqual([{ kind: 'messagePush', toUserId: [a], title: '【待办】Referral Wang' }]);
    await approveTask(t.ctx, t1, a);
    expect(await messagesOf(t, copied)).toEqual([
      { title: '【抄送】Referral Wang', kind: 'flowCopy', senderId: null, body: { type: 3, id: inst } },
    ]);
    const t2 = await taskOf(t, inst, a);
    expect((await messagesOf(t, a)).map((m) => m.body.taskId)).toEqual([t1, t2]);
    expect(await messagesOf(t, b)).toEqual([]); // sequential: b's turn has not come
    await approveTask(t.ctx, t2, a);
    const tb = await taskOf(t, inst, b);
    expect((await messagesOf(t, b)).map((m) => m.body)).toEqual([{ type: 2, id: inst, taskId: tb }]);
    await transferTask(t.ctx, tb, b, { toUserId: other });
    const to = await taskOf(t, inst, other);
    expect((await messagesOf(t, other)).map((m) => [m.kind, m.body.taskId])).toEqual([['flowTodo', to]]);
    expect(await messagesOf(t, starter)).toEqual([]);
    await approveTask(t.ctx, to, other);
    expect(await messagesOf(t, starter)).toEqual([
      { title: '【已通过】Referral Wang', kind: 'flowResult', senderId: null, body: { type: 1, id: inst, status: FlowStatus.adopted } },
    ]);
  });

  it('a refused action stores and pushes nothing; a rejection tells the starter; the starter revoking hears nothing', async () => {
    const inst = await submit('Referral Zhao');
    const t1 = await taskOf(t, inst, a);
    pushed.length = 0;
    const before = (await messagesOf(t, starter)).length;
    expect((await refusal(approveTask(t.ctx, t1, b))).status).toBe(403);
    expect((await refusal(transferTask(t.ctx, t1, a, { toUserId: '404404404' }))).status).toBe(400);
    expect(pushed).toEqual([]);
    expect(await messagesOf(t, other)).toHaveLength(1);
    await rejectTask(t.ctx, t1, a, { opinion: 'incomplete' });
    expect((await messagesOf(t, starter)).slice(before)).toEqual([
      { title: '【已驳回】Referral Zhao', kind: 'flowResult', senderId: null, body: { type: 1, id: inst, status: FlowStatus.rejected } },
    ]);
    const mine = await submit('Referral Sun');
    await revokeInstance(t.ctx, mine, starter);
    expect((await messagesOf(t, starter)).filter((m) => m.body.id === mine)).toEqual([]);
  });

  it('a recall gives the others their or-sign task back and tells them with a to-do', async () => {
    const orFlow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a, b] }), approver('n2', { type: 'users', userIds: [other] })),
    );
    const inst = (await startFlow(t.ctx, { flowId: orFlow, recordId: forms.add(), title: 'Recall me' }, starter)).instanceId;
    const ta = await taskOf(t, inst, a);
    const tb = await taskOf(t, inst, b);
    const todos = async (user: string, taskId: string) =>
      (await messagesOf(t, user)).filter((m) => m.kind === 'flowTodo' && m.body.taskId === taskId);
    await approveTask(t.ctx, ta, a);
    expect(await todos(b, tb)).toHaveLength(1);
    await recallTask(t.ctx, ta, a);
    expect(await taskOf(t, inst, b)).toBe(tb);
    expect(await todos(b, tb)).toHaveLength(2);
    expect(await todos(a, ta)).toHaveLength(1); // who recalled knows
  });
});

import { FlowAction, FlowStatus, TaskStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { revokeInstance, startFlow } from './actions.service.ts';
import {
  approver,
  chain,
  defineFlow,
  forms,
  grantMenu,
  instance,
  messagesOf,
  recordsOf,
  taskOf,
  tasksOf,
  waitingHandlers,
} from './test-support.ts';

let t: TestApp;
let admin: string;
const u = {} as Record<'starter' | 'a' | 'b' | 'c' | 'monitor' | 'outsider', { id: string; token: string }>;
let flow: string;
const API = '/api/workflow/Engine';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const name of ['starter', 'a', 'b', 'c', 'monitor', 'outsider'] as const) {
    const account = `wfm_${name}`;
    const id = await insertUser(t, account);
    if (name === 'monitor') await grantMenu(t, id, 'flowMonitor');
    u[name] = { id, token: await t.login(account) };
  }
  flow = await defineFlow(
    t,
    chain(approver('n1', { type: 'users', userIds: [u.a.id, u.b.id] }), approver('n2', { type: 'users', userIds: [u.c.id] })),
  );
});
afterAll(() => t.close());

const submit = async (title = 'Monitor me', urgency: 1 | 2 | 3 = 1) =>
  startFlow(t.ctx, { flowId: flow, recordId: forms.add({ amount: 1 }), title, urgency }, u.starter.id);
const call = (who: keyof typeof u | 'admin', method: string, path: string, body?: unknown) =>
  t.call(method, `${API}/${path}`, { token: who === 'admin' ? admin : u[who].token, body });

describe('flow monitor list', () => {
  it('lists every instance, paged and filtered in SQL, for monitors and administrators only', async () => {
    const first = await submit('Monitor Zhang', 3);
    await submit('Monitor Li', 1);
    const res = await call('monitor', 'GET', `FlowMonitor?pageSize=1&currentPage=1&creatorUserId=${u.starter.id}`);
    expect(res.status).toBe(200);
    expect(res.data.pagination).toEqual({ currentPage: 1, pageSize: 1, total: 2 });
    expect(res.data.list[0]).toMatchObject({
      fullName: 'Monitor Li',
      flowId: flow,
      status: FlowStatus.waiting,
      thisStep: 'Node n1',
      suspended: 0,
    });
    expect(res.data.list[0].id).toBe(res.data.list[0].instanceId);
    const urgent = await call('admin', 'GET', 'FlowMonitor?flowUrgent=3&keyword=zhang');
    expect(urgent.data.list.map((r: { id: string }) => r.id)).toEqual([first.instanceId]);
    expect((await call('monitor', 'GET', `FlowMonitor?creatorUserId=${u.a.id}`)).data.pagination.total).toBe(0);
    expect((await call('outsider', 'GET', 'FlowMonitor')).status).toBe(403);
    expect((await call('a', 'GET', 'FlowMonitor')).status).toBe(403);
    const bad = await call('monitor', 'GET', 'FlowMonitor?creatorUserId=x%27%20or%201=1');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('creatorUserId');
    expect((await call('monitor', 'GET', 'FlowMonitor?status=9')).msg).toContain('status');
  });
});

describe('suspend and restore', () => {
  it('a suspended instance refuses actions, leaves the to-do list and comes back when restored', async () => {
    const inst = await submit('Suspend me');
    const ta = await taskOf(t, inst.instanceId, u.a.id);
    expect((await call('a', 'GET', 'FlowBefore/List/1')).data.list.map((r: { instanceId: string }) => r.instanceId)).toContain(
      inst.instanceId,
    );
    expect((await call('outsider', 'POST', `FlowBefore/Suspend/${inst.instanceId}`, {})).status).toBe(403);
    expect((await call('starter', 'POST', `FlowBefore/Suspend/${inst.instanceId}`, {})).status).toBe(403);
    const s = await call('monitor', 'POST', `FlowBefore/Suspend/${inst.instanceId}`, { opinion: 'hold on' });
    expect(s.status).toBe(200);
    expect((await call('a', 'GET', 'FlowBefore/List/1')).data.list.map((r: { instanceId: string }) => r.instanceId)).not.toContain(
      inst.instanceId,
    );
    const refused = await call('a', 'POST', `FlowBefore/Audit/${ta}`, {});
    expect(refused.status).toBe(409);
    expect(refused.msg).toContain('挂起');
    expect((await call('starter', 'PUT', `FlowLaunch/${inst.instanceId}/Actions/Withdraw`, {})).status).toBe(409);
    expect((await call('monitor', 'POST', `FlowBefore/Suspend/${inst.instanceId}`, {})).status).toBe(409);
    expect((await call('monitor', 'POST', `FlowBefore/Assign/${inst.instanceId}`, { nodeId: 'n1', toUserId: u.c.id })).status).toBe(409);
    expect((await call('starter', 'POST', `FlowLaunch/Press/${inst.instanceId}`)).status).toBe(409);
    const batch = await call('a', 'POST', 'FlowBefore/BatchOperation', { taskIds: [ta], action: 'approve' });
    expect(batch.data).toEqual({ done: 0, failed: [{ id: ta, msg: expect.stringContaining('挂起') }] });
    expect((await call('monitor', 'GET', 'FlowMonitor?keyword=Suspend%20me')).data.list[0].suspended).toBe(1);
    const restored = await call('monitor', 'POST', `FlowBefore/Restore/${inst.instanceId}`);
    expect(restored.status).toBe(200);
    expect((await call('monitor', 'POST', `FlowBefore/Restore/${inst.instanceId}`)).status).toBe(409);
    expect((await call('a', 'POST', `FlowBefore/Audit/${ta}`, {})).status).toBe(200);
    const actions = (await recordsOf(t, inst.instanceId)).map((r) => r.action);
    expect(actions).toEqual([FlowAction.submit, FlowAction.suspend, FlowAction.restore, FlowAction.approve]);
  });

  it('two monitors suspending at once: exactly one wins; unknown and ended instances are refused', async () => {
    const inst = await submit('Race suspend');
    const both = await Promise.all([
      call('monitor', 'POST', `FlowBefore/Suspend/${inst.instanceId}`),
      call('admin', 'POST', `FlowBefore/Suspend/${inst.instanceId}`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await call('monitor', 'POST', 'FlowBefore/Suspend/404404404')).status).toBe(404);
    expect((await call('monitor', 'POST', 'FlowBefore/Restore/404404404')).status).toBe(404);
    const ended = await submit('Ended');
    await revokeInstance(t.ctx, ended.instanceId, u.starter.id);
    expect((await call('monitor', 'POST', `FlowBefore/Suspend/${ended.instanceId}`)).status).toBe(409);
  });
});

describe('assign', () => {
  it('hands the waiting tasks of a node to one user, who gets a to-do message and can approve', async () => {
    const inst = await submit('Assign me');
    const res = await call('monitor', 'POST', `FlowBefore/Assign/${inst.instanceId}`, {
      nodeId: 'n1',
      toUserId: u.c.id,
      opinion: 'on leave',
    });
    expect(res.status).toBe(200);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([u.c.id]);
    const cancelled = (await tasksOf(t, inst.instanceId)).filter((x) => x.status === TaskStatus.cancelled).map((x) => x.handlerId);
    expect(cancelled.sort()).toEqual([u.a.id, u.b.id].sort());
    const rec = (await recordsOf(t, inst.instanceId)).at(-1)!;
    expect(rec).toMatchObject({ action: FlowAction.assign, actorId: u.monitor.id, target: u.c.id, opinion: 'on leave' });
    const msgs = await messagesOf(t, u.c.id);
    expect(msgs.at(-1)).toMatchObject({ kind: 'flowTodo', title: '【待办】Assign me', body: { type: 2, id: inst.instanceId } });
    const tc = await taskOf(t, inst.instanceId, u.c.id);
    expect(msgs.at(-1)!.body.taskId).toBe(tc);
    expect((await call('a', 'POST', `FlowBefore/Audit/${tc}`, {})).status).toBe(403);
    expect((await call('c', 'POST', `FlowBefore/Audit/${tc}`, {})).status).toBe(200);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([u.c.id]); // n2 is c's too
  });

  it('refuses bad input with a clear envelope and non-monitors with 403', async () => {
    const inst = await submit('Assign bad');
    const url = `FlowBefore/Assign/${inst.instanceId}`;
    expect((await call('a', 'POST', url, { nodeId: 'n1', toUserId: u.c.id })).status).toBe(403);
    const missing = await call('monitor', 'POST', url, { nodeId: 'n1' });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('toUserId');
    const wrongType = await call('monitor', 'POST', url, { nodeId: 5, toUserId: u.c.id });
    expect(wrongType.status).toBe(400);
    expect(wrongType.msg).toContain('nodeId');
    expect((await call('monitor', 'POST', url, { nodeId: 'n2', toUserId: u.c.id })).status).toBe(400);
    expect((await call('monitor', 'POST', url, { nodeId: 'n1', toUserId: '404404404' })).status).toBe(400);
    expect((await call('monitor', 'POST', 'FlowBefore/Assign/404404404', { nodeId: 'n1', toUserId: u.c.id })).status).toBe(404);
    const malformed = await t.call('POST', `${API}/${url}`, {
      token: u.monitor.token,
      body: '{"nodeId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.code).toBe(400);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([u.a.id, u.b.id].sort());
  });
});

describe('delete and cancel', () => {
  it('deletes finished instances with what they own; refuses running ones and unknown ids, all or nothing', async () => {
    const running = await submit('Still running');
    const done = await submit('Revoked');
    await revokeInstance(t.ctx, done.instanceId, u.starter.id);
    const both = await call('monitor', 'DELETE', 'FlowMonitor', { ids: [done.instanceId, running.instanceId] });
    expect(both.status).toBe(409);
    expect((await instance(t, done.instanceId)).status).toBe(FlowStatus.revoked);
    expect((await call('monitor', 'DELETE', 'FlowMonitor', { ids: [done.instanceId, '404404404'] })).status).toBe(404);
    expect((await call('a', 'DELETE', 'FlowMonitor', { ids: [done.instanceId] })).status).toBe(403);
    expect((await call('monitor', 'DELETE', 'FlowMonitor', { ids: [] })).status).toBe(400);
    expect((await call('monitor', 'DELETE', 'FlowMonitor', { ids: 'abc' })).msg).toContain('ids');
    const ok = await call('monitor', 'DELETE', 'FlowMonitor', { ids: [done.instanceId] });
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ deleted: 1 });
    expect(await t.ctx.db.selectFrom('flowInstances').select('id').where('id', '=', done.instanceId).execute()).toEqual([]);
    expect(await tasksOf(t, done.instanceId)).toEqual([]);
    expect(await recordsOf(t, done.instanceId)).toEqual([]);
  });

  it('a monitor (not only an administrator) cancels; the starter hears the result', async () => {
    const inst = await submit('Cancel me');
    expect((await call('a', 'POST', `FlowBefore/Cancel/${inst.instanceId}`, {})).status).toBe(403);
    expect((await call('monitor', 'POST', `FlowBefore/Cancel/${inst.instanceId}`, { handleOpinion: 'duplicate' })).status).toBe(200);
    expect((await instance(t, inst.instanceId)).status).toBe(FlowStatus.cancelled);
    expect((await messagesOf(t, u.starter.id)).at(-1)).toMatchObject({
      kind: 'flowResult',
      title: '【已终止】Cancel me',
      body: { type: 1, id: inst.instanceId, status: FlowStatus.cancelled },
    });
  });
});

import { FlowStatus } from '@medalliance/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { revokeInstance, startFlow } from './actions.service.ts';
import { approver, chain, defineFlow, forms, instance, messagesOf, recordsOf, taskOf, waitingHandlers } from './test-support.ts';

let t: TestApp;
const u = {} as Record<'starter' | 'a' | 'b' | 'nurse' | 'doctor' | 'delegate' | 'outsider', { id: string; token: string }>;
let flow: string;
const API = '/api/workflow/Engine';

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['starter', 'a', 'b', 'nurse', 'doctor', 'delegate', 'outsider'] as const) {
    const account = `wfl_${name}`;
    u[name] = { id: await insertUser(t, account), token: '' };
  }
  const relate = (userId: string, objectType: string, objectId: string) =>
    t.ctx.db
      .insertInto('userRelations')
      .values({ id: newId(), userId, objectType, objectId, sortCode: 1, createdAt: Date.now() })
      .execute();
  await relate(u.nurse.id, 'Position', 'pos-nurse');
  await relate(u.doctor.id, 'Role', 'role-doctor');
  for (const name of Object.keys(u) as (keyof typeof u)[]) u[name].token = await t.login(`wfl_${name}`);
  flow = await defineFlow(
    t,
    chain(approver('n1', { type: 'users', userIds: [u.a.id, u.b.id] }, { sign: { mode: 'countersign', ratio: 100 } })),
  );
});
afterAll(() => t.close());
afterEach(() => setClock(null));

const submit = async (title = 'Launch me') => startFlow(t.ctx, { flowId: flow, recordId: forms.add({ amount: 1 }), title }, u.starter.id);
const call = (who: keyof typeof u, method: string, path: string, body?: unknown) =>
  t.call(method, `${API}/${path}`, { token: u[who].token, body });

describe('launchable flows', () => {
  it('lists the enabled flows I may start (nobody named, me, my position, my role), by category and sort code', async () => {
    const open = await defineFlow(t, chain(approver('n1', { type: 'starter' })), { fullName: 'LaunchT open', category: 'b' });
    const mine = await defineFlow(t, chain(approver('n1', { type: 'starter' })), {
      fullName: 'LaunchT mine',
      category: 'a',
      starters: { userIds: [u.starter.id] },
    });
    const nurses = await defineFlow(t, chain(approver('n1', { type: 'starter' })), {
      fullName: 'LaunchT nurses',
      category: 'b',
      starters: { positionIds: ['pos-nurse'] },
    });
    const doctors = await defineFlow(t, chain(approver('n1', { type: 'starter' })), {
      fullName: 'LaunchT doctors',
      category: 'b',
      starters: { roleIds: ['role-doctor'] },
    });
    const off = await defineFlow(t, chain(approver('n1', { type: 'starter' })), { fullName: 'LaunchT off', category: 'a' });
    await t.ctx.db.updateTable('flowDefinitions').set({ enabledMark: 0 }).where('id', '=', off).execute();
    await t.ctx.db.updateTable('flowDefinitions').set({ sortCode: 5 }).where('id', '=', open).execute();
    await t.ctx.db.updateTable('flowDefinitions').set({ sortCode: 1 }).where('id', '=', nurses).execute();
    await t.ctx.db.updateTable('flowDefinitions').set({ sortCode: 2 }).where('id', '=', doctors).execute();
    const ids = async (who: keyof typeof u) =>
      (await call(who, 'GET', 'FlowLaunch/Launchable?keyword=launcht')).data.list.map((r: { id: string }) => r.id);
    expect(await ids('starter')).toEqual([mine, open]);
    expect(await ids('nurse')).toEqual([nurses, open]);
    expect(await ids('doctor')).toEqual([doctors, open]);
    expect(await ids('outsider')).toEqual([open]);
    const row = (await call('starter', 'GET', 'FlowLaunch/Launchable?keyword=LaunchT%20mine')).data.list;
    expect(row).toEqual([
      {
        id: mine,
        enCode: expect.any(String),
        fullName: 'LaunchT mine',
        category: 'a',
        formKind: forms.kind,
        formId: 'referral',
        description: '',
      },
    ]);
    expect((await call('starter', 'GET', `FlowLaunch/Launchable?keyword=${'x'.repeat(51)}`)).status).toBe(400);
    expect((await t.call('GET', `${API}/FlowLaunch/Launchable`)).status).toBe(401);
  });
});

describe('urge (press)', () => {
  it('the starter urges every waiting handler once a minute; others are refused', async () => {
    const clock = testClock(Date.now());
    setClock(clock);
    const inst = await submit('Urge me');
    const url = `FlowLaunch/Press/${inst.instanceId}`;
    expect((await call('a', 'POST', url)).status).toBe(403);
    expect((await call('starter', 'POST', 'FlowLaunch/Press/404404404')).status).toBe(404);
    const first = await call('starter', 'POST', url);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ notified: 2 });
    for (const who of ['a', 'b'] as const)
      expect((await messagesOf(t, u[who].id)).at(-1)).toMatchObject({
        kind: 'flowUrge',
        title: '【催办】Urge me',
        senderId: u.starter.id,
        body: { type: 2, id: inst.instanceId },
      });
    clock.advance(30_000);
    const again = await call('starter', 'POST', url);
    expect(again.status).toBe(429);
    expect(again.msg).toContain('30');
    clock.advance(30_001);
    expect((await call('starter', 'POST', url)).status).toBe(200);
    clock.advance(61_000);
    const race = await Promise.all([call('starter', 'POST', url), call('starter', 'POST', url)]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 429]);
    const urges = (await messagesOf(t, u.a.id)).filter((m) => m.kind === 'flowUrge');
    expect(urges).toHaveLength(3);
    await revokeInstance(t.ctx, inst.instanceId, u.starter.id);
    clock.advance(61_000);
    expect((await call('starter', 'POST', url)).status).toBe(409);
  });
});

describe('batch operation', () => {
  it('approves my tasks one transaction each and reports the others with a message', async () => {
    const i1 = await submit('Batch 1');
    const i2 = await submit('Batch 2');
    const t1 = await taskOf(t, i1.instanceId, u.a.id);
    const t2 = await taskOf(t, i2.instanceId, u.a.id);
    const theirs = await taskOf(t, i1.instanceId, u.b.id);
    const res = await call('a', 'POST', 'FlowBefore/BatchOperation', {
      taskIds: [t1, t2, theirs, '404404404', t1],
      action: 'approve',
      opinion: 'ok',
    });
    expect(res.status).toBe(200);
    expect(res.data.done).toBe(2);
    expect(res.data.failed).toEqual([
      { id: theirs, msg: expect.any(String) },
      { id: '404404404', msg: expect.any(String) },
    ]);
    expect(await waitingHandlers(t, i1.instanceId)).toEqual([u.b.id]);
    expect((await recordsOf(t, i2.instanceId)).at(-1)).toMatchObject({ actorId: u.a.id, opinion: 'ok' });
    const again = await t.call('POST', `${API}/FlowBefore/BatchOperation`, {
      token: u.a.token,
      body: { taskIds: [t1], action: 'approve' },
      headers: { 'accept-language': 'en' },
    });
    expect(again.data).toEqual({ done: 0, failed: [{ id: t1, msg: 'This task has already been handled' }] });
  });

  it('rejects in a batch: the starter hears the result', async () => {
    const inst = await submit('Batch reject');
    const tb = await taskOf(t, inst.instanceId, u.b.id);
    const res = await call('b', 'POST', 'FlowBefore/BatchOperation', { taskIds: [tb], action: 'reject', opinion: 'no' });
    expect(res.data).toEqual({ done: 1, failed: [] });
    expect((await instance(t, inst.instanceId)).status).toBe(FlowStatus.rejected);
    expect((await messagesOf(t, u.starter.id)).at(-1)).toMatchObject({ kind: 'flowResult', title: '【已驳回】Batch reject' });
  });

  it('two batches racing over the same tasks decide each task once', async () => {
    const insts = await Promise.all([submit('Race 1'), submit('Race 2'), submit('Race 3')]);
    const ids = await Promise.all(insts.map((i) => taskOf(t, i.instanceId, u.a.id)));
    const body = { taskIds: ids, action: 'approve' };
    const [x, y] = await Promise.all([
      call('a', 'POST', 'FlowBefore/BatchOperation', body),
      call('a', 'POST', 'FlowBefore/BatchOperation', body),
    ]);
    expect(x.data.done + y.data.done).toBe(3);
    expect(x.data.failed.length + y.data.failed.length).toBe(3);
    for (const i of insts) {
      expect(await waitingHandlers(t, i.instanceId)).toEqual([u.b.id]);
      expect((await recordsOf(t, i.instanceId)).filter((r) => r.actorId === u.a.id)).toHaveLength(1);
    }
  });

  it('refuses malformed batches with a 400 naming the field', async () => {
    const post = (body: unknown) => call('a', 'POST', 'FlowBefore/BatchOperation', body);
    expect((await post({ taskIds: [], action: 'approve' })).msg).toContain('taskIds');
    expect((await post({ taskIds: Array.from({ length: 101 }, (_, i) => `t${i}`), action: 'approve' })).status).toBe(400);
    expect((await post({ taskIds: ['a1'], action: 'maybe' })).msg).toContain('action');
    expect((await post({ taskIds: 'a1', action: 'approve' })).status).toBe(400);
    expect((await post([1, 2])).status).toBe(400);
  });
});

describe('to-do rows', () => {
  it('carry taskId, and delegated rows read "<title>（X的委托）" in the caller language', async () => {
    await t.ctx.db
      .insertInto('flowEntrusts')
      .values({
        id: newId(),
        delegatorId: u.a.id,
        delegateId: u.delegate.id,
        flowId: null,
        startAt: Date.now() - 60_000,
        endAt: Date.now() + 3_600_000,
        enabledMark: 1,
        description: '',
        createdAt: Date.now(),
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    const inst = await submit('Entrusted');
    const zh = await call('delegate', 'GET', 'FlowBefore/List/1');
    const row = zh.data.list.find((r: { instanceId: string }) => r.instanceId === inst.instanceId);
    expect(row).toMatchObject({ fullName: 'Entrusted（wfl_a的委托）', title: 'Entrusted', delegatorId: u.a.id, delegatorName: 'wfl_a' });
    expect(row.taskId).toBe(await taskOf(t, inst.instanceId, u.delegate.id));
    const en = await t.call('GET', `${API}/FlowBefore/List/1`, { token: u.delegate.token, headers: { 'accept-language': 'en-US' } });
    expect(en.data.list.find((r: { instanceId: string }) => r.instanceId === inst.instanceId).fullName).toBe(
      "Entrusted (wfl_a's delegation)",
    );
    const own = (await call('b', 'GET', 'FlowBefore/List/1')).data.list.find(
      (r: { instanceId: string }) => r.instanceId === inst.instanceId,
    );
    expect(own).toMatchObject({ fullName: 'Entrusted', delegatorId: null, delegatorName: null });
    expect((await messagesOf(t, u.delegate.id)).at(-1)).toMatchObject({
      kind: 'flowTodo',
      body: { type: 2, id: inst.instanceId, taskId: row.taskId },
    });
  });
});

import { FlowAction, FlowStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { startFlow } from './actions.service.ts';
import { approver, chain, defineFlow, forms, instance, recordsOf, taskOf, waitingHandlers } from './test-support.ts';

let t: TestApp;
/** Users who sign in: starter, two approvers of n1 (or-sign), the approver of n2, a copied user, an outsider. */
const u = {} as Record<'starter' | 'a' | 'b' | 'next' | 'copied' | 'outsider', { id: string; token: string }>;
let flow: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['starter', 'a', 'b', 'next', 'copied', 'outsider'] as const) {
    const account = `wfr_${name}`;
    const id = await insertUser(t, account);
    u[name] = { id, token: await t.login(account) };
  }
  flow = await defineFlow(
    t,
    chain(
      approver('n1', { type: 'users', userIds: [u.a.id, u.b.id] }, { copyTo: { userIds: [u.copied.id] } }),
      approver('n2', { type: 'users', userIds: [u.next.id] }, { rejectTo: 'choose' }),
    ),
  );
});
afterAll(() => t.close());

const submit = async (title: string, urgency: 1 | 2 | 3 = 1) => {
  const recordId = forms.add({ amount: 1 });
  return { ...(await startFlow(t.ctx, { flowId: flow, recordId, title, urgency }, u.starter.id)), recordId };
};

const list = (who: keyof typeof u, path: string) => t.call('GET', `/api/workflow/Engine/${path}`, { token: u[who].token });

describe('workflow routes', () => {
  it('to-do lists my waiting tasks, paged and filtered in SQL; nobody else sees them', async () => {
    const first = await submit('Referral <b>Zhang</b>', 3);
    await submit('Referral Li 100%_', 1);
    const all = await list('a', 'FlowBefore/List/1?pageSize=1&currentPage=1');
    expect(all.status).toBe(200);
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 1, total: 2 });
    expect(all.data.list[0]).toMatchObject({
      fullName: 'Referral Li 100%_',
      flowId: flow,
      thisStep: 'Node n1',
      thisStepId: 'n1',
      status: FlowStatus.waiting,
      creatorUserId: u.starter.id,
    });
    expect(all.data.list[0].userName).toBe('wfr_starter/wfr_starter');
    expect((await list('a', 'FlowBefore/List/1?flowUrgent=3')).data.list.map((r: { instanceId: string }) => r.instanceId)).toEqual([
      first.instanceId,
    ]);
    expect((await list('a', `FlowBefore/List/1?keyword=${encodeURIComponent('100%_')}`)).data.pagination.total).toBe(1);
    expect((await list('a', `FlowBefore/List/1?keyword=${encodeURIComponent("' or 1=1 --")}`)).data.pagination.total).toBe(0);
    expect((await list('a', 'FlowBefore/List/1?flowId=&startTime=')).data.pagination.total).toBe(2);
    expect((await list('a', `FlowBefore/List/1?startTime=${Date.now() + 60_000}`)).data.pagination.total).toBe(0);
    expect((await list('outsider', 'FlowBefore/List/1')).data.pagination.total).toBe(0);
    expect((await list('starter', 'FlowLaunch')).data.pagination.total).toBe(2);
  });

  it('sorts by a sortable column on request, newest first otherwise; an unknown sidx is only ignored', async () => {
    const ids = (r: { data: { list: { instanceId: string; flowUrgent: number }[] } }) => r.data.list.map((x) => x.flowUrgent);
    expect(ids(await list('a', 'FlowBefore/List/1?sidx=flowUrgent&sort=asc'))).toEqual([1, 3]);
    expect(ids(await list('a', 'FlowBefore/List/1?sidx=flowUrgent&sort=desc'))).toEqual([3, 1]);
    // Newest first by default: the urgent one was submitted first.
    expect(ids(await list('a', 'FlowBefore/List/1'))).toEqual([1, 3]);
    for (const sidx of ['__proto__', 'constructor', 'handlerId'])
      expect(ids(await list('a', `FlowBefore/List/1?sidx=${sidx}&sort=asc`))).toEqual([1, 3]);
    expect(ids(await list('starter', 'FlowLaunch?sidx=flowUrgent&sort=desc'))).toEqual([3, 1]);
  });

  it('refuses bad list queries with a 400 naming the field, and callers without a session', async () => {
    expect((await list('a', 'FlowBefore/List/1?flowUrgent=9')).status).toBe(400);
    expect((await list('a', 'FlowBefore/List/1?flowUrgent=9')).msg).toContain('flowUrgent');
    expect((await list('a', 'FlowBefore/List/1?currentPage=abc')).msg).toContain('currentPage');
    expect((await list('a', 'FlowBefore/List/4')).status).toBe(400);
    expect((await t.call('GET', '/api/workflow/Engine/FlowBefore/List/1')).status).toBe(401);
  });

  it('Audit approves with an opinion; done and circulated lists follow; others get 403, unknown ids 404', async () => {
    const inst = await submit('Audit me');
    const ta = await taskOf(t, inst.instanceId, u.a.id);
    const url = `/api/workflow/Engine/FlowBefore/Audit/${ta}`;
    expect((await t.call('POST', url, { token: u.outsider.token, body: {} })).status).toBe(403);
    expect((await t.call('POST', '/api/workflow/Engine/FlowBefore/Audit/404404404', { token: u.a.token, body: {} })).status).toBe(404);
    expect((await t.call('POST', "/api/workflow/Engine/FlowBefore/Audit/1' OR '1'='1", { token: u.a.token, body: {} })).status).toBe(400);
    const long = await t.call('POST', url, { token: u.a.token, body: { handleOpinion: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect(long.msg).toContain('opinion');
    expect((await t.call('POST', url, { token: u.a.token, body: { formData: 'not an object' } })).msg).toContain('formData');
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([u.a.id, u.b.id].sort());

    const okRes = await t.call('POST', url, { token: u.a.token, body: { handleOpinion: '<script>alert(1)</script> agreed' } });
    expect(okRes.status).toBe(200);
    expect(okRes.data).toEqual({ instanceId: inst.instanceId, status: FlowStatus.waiting });
    expect((await recordsOf(t, inst.instanceId)).find((r) => r.action === FlowAction.approve)!.opinion).toBe(
      '<script>alert(1)</script> agreed',
    );
    expect((await t.call('POST', url, { token: u.a.token, body: {} })).status).toBe(409);

    const done = await list('a', 'FlowBefore/List/2');
    expect(done.data.list.map((r: { instanceId: string }) => r.instanceId)).toContain(inst.instanceId);
    expect((await list('copied', 'FlowBefore/List/3')).data.list.map((r: { instanceId: string }) => r.instanceId)).toContain(
      inst.instanceId,
    );
    expect((await list('b', 'FlowBefore/List/2')).data.list.map((r: { instanceId: string }) => r.instanceId)).not.toContain(
      inst.instanceId,
    );
  });

  it('the detail shows the instance to its starter, handlers and copied users only, with the node’s field permissions', async () => {
    const inst = await submit('Detail');
    const ta = await taskOf(t, inst.instanceId, u.a.id);
    const url = `/api/workflow/Engine/FlowBefore/${inst.instanceId}`;
    expect((await t.call('GET', url, { token: u.outsider.token })).status).toBe(403);
    expect((await t.call('GET', url, { token: u.copied.token })).status).toBe(403);
    expect((await t.call('GET', '/api/workflow/Engine/FlowBefore/404404404', { token: u.a.token })).status).toBe(404);
    const mine = await t.call('GET', url, { token: u.a.token });
    expect(mine.status).toBe(200);
    expect(mine.data.instance).toMatchObject({ id: inst.instanceId, title: 'Detail', status: FlowStatus.waiting });
    expect(mine.data.instance.activeKey).toBeUndefined();
    expect(mine.data.myTask).toMatchObject({ id: ta, nodeId: 'n1' });
    expect(mine.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'n1', 'n2', 'end']);
    expect(mine.data.nodeStates.map((s: { nodeId: string; status: number }) => [s.nodeId, s.status])).toEqual([
      ['start', FlowStatus.adopted],
      ['n1', FlowStatus.waiting],
    ]);
    await t.call('POST', `/api/workflow/Engine/FlowBefore/Audit/${ta}`, {
      token: u.a.token,
      body: { handleOpinion: 'seen', attachments: [{ fileId: '123', name: 'scan.pdf' }] },
    });
    const copied = await t.call('GET', url, { token: u.copied.token });
    expect(copied.status).toBe(200);
    expect(copied.data.myTask).toBeNull();
    expect(copied.data.records.map((r: { action: number; actorName: string | null }) => [r.action, r.actorName])).toEqual([
      [FlowAction.submit, 'wfr_starter'],
      [FlowAction.approve, 'wfr_a'],
    ]);
    expect(copied.data.records[1].attachments).toEqual([{ fileId: '123', name: 'scan.pdf' }]);
    expect((await t.call('GET', url, { token: u.starter.token })).status).toBe(200);
    expect((await t.call('GET', url, { token: await t.login('admin') })).status).toBe(200);
  });

  it('Reject, Recall (by record id), Transfer and Withdraw', async () => {
    const inst = await submit('Round trip');
    const ta = await taskOf(t, inst.instanceId, u.a.id);
    await t.call('POST', `/api/workflow/Engine/FlowBefore/Audit/${ta}`, { token: u.a.token, body: {} });
    const approval = (await recordsOf(t, inst.instanceId)).find((r) => r.action === FlowAction.approve)!;
    const recall = await t.call('POST', `/api/workflow/Engine/FlowBefore/Recall/${approval.id}`, {
      token: u.a.token,
      body: { handleOpinion: 'oops' },
    });
    expect(recall.status).toBe(200);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([u.a.id, u.b.id].sort());

    const noTarget = await t.call('POST', `/api/workflow/Engine/FlowBefore/Transfer/${ta}`, { token: u.a.token, body: {} });
    expect(noTarget.status).toBe(400);
    expect(noTarget.msg).toContain('toUserId');
    const moved = await t.call('POST', `/api/workflow/Engine/FlowBefore/Transfer/${ta}`, {
      token: u.a.token,
      body: { freeApproverUserId: u.outsider.id },
    });
    expect(moved.status).toBe(200);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([u.b.id, u.outsider.id].sort());

    const withdrawByOther = await t.call('PUT', `/api/workflow/Engine/FlowLaunch/${inst.instanceId}/Actions/Withdraw`, {
      token: u.a.token,
      body: {},
    });
    expect(withdrawByOther.status).toBe(403);
    const withdrawAfterAct = await t.call('PUT', `/api/workflow/Engine/FlowLaunch/${inst.instanceId}/Actions/Withdraw`, {
      token: u.starter.token,
      body: {},
    });
    expect(withdrawAfterAct.status).toBe(409);

    const tb = await taskOf(t, inst.instanceId, u.b.id);
    const badTarget = await t.call('POST', `/api/workflow/Engine/FlowBefore/Reject/${tb}`, {
      token: u.b.token,
      body: { target: '<img src=x>' },
    });
    expect(badTarget.status).toBe(400);
    const rejected = await t.call('POST', `/api/workflow/Engine/FlowBefore/Reject/${tb}`, {
      token: u.b.token,
      body: { handleOpinion: 'incomplete' },
    });
    expect(rejected.data).toEqual({ instanceId: inst.instanceId, status: FlowStatus.rejected });

    const fresh = await submit('Withdraw me');
    const withdrawn = await t.call('PUT', `/api/workflow/Engine/FlowLaunch/${fresh.instanceId}/Actions/Withdraw`, {
      token: u.starter.token,
      body: { handleOpinion: 'wrong patient' },
    });
    expect(withdrawn.data.status).toBe(FlowStatus.revoked);
    expect((await instance(t, fresh.instanceId)).status).toBe(FlowStatus.revoked);
  });

  it('Cancel is for administrators: the instance ends cancelled and the form is told', async () => {
    const inst = await submit('Cancel me');
    const url = `/api/workflow/Engine/FlowBefore/Cancel/${inst.instanceId}`;
    expect((await t.call('POST', url, { token: u.starter.token, body: {} })).status).toBe(403);
    expect((await t.call('POST', url, { token: u.a.token, body: {} })).status).toBe(403);
    expect((await instance(t, inst.instanceId)).status).toBe(FlowStatus.waiting);
    const admin = await t.login('admin');
    const res = await t.call('POST', url, { token: admin, body: { handleOpinion: 'duplicate referral' } });
    expect(res.data).toEqual({ instanceId: inst.instanceId, status: FlowStatus.cancelled });
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([]);
    expect(forms.states.get(inst.recordId)).toEqual([FlowStatus.waiting, FlowStatus.cancelled]);
    expect((await recordsOf(t, inst.instanceId)).at(-1)).toMatchObject({ action: FlowAction.cancel, opinion: 'duplicate referral' });
    expect((await t.call('POST', url, { token: admin, body: {} })).status).toBe(409);
    expect((await t.call('POST', '/api/workflow/Engine/FlowBefore/Cancel/404404404', { token: admin, body: {} })).status).toBe(404);
  });
});

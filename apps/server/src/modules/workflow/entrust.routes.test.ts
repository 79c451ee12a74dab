import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { startFlow } from './actions.service.ts';
import { approver, chain, defineFlow, forms, waitingHandlers } from './test-support.ts';

let t: TestApp;
const u = {} as Record<'boss' | 'deputy' | 'other', { id: string; token: string }>;
let flow: string;
let otherFlow: string;
const DAY = 86_400_000;
const URL = '/api/workflow/Engine/FlowDelegate';

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['boss', 'deputy', 'other'] as const) {
    const account = `wfe_${name}`;
    const id = await insertUser(t, account);
    u[name] = { id, token: await t.login(account) };
  }
  flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [u.boss.id] })));
  otherFlow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [u.boss.id] })));
});
afterAll(() => t.close());

const create = (who: keyof typeof u, body: Record<string, unknown>) => t.call('POST', URL, { token: u[who].token, body });

describe('entrust rules', () => {
  it('a rule of mine hands my new tasks of that flow to the delegate; to-do names whose they are', async () => {
    const start = Date.now() - DAY;
    const res = await create('boss', {
      delegateId: u.deputy.id,
      flowId: flow,
      startAt: start,
      endAt: start + 3 * DAY,
      description: 'leave',
    });
    expect(res.status).toBe(200);
    const list = await t.call('GET', URL, { token: u.boss.token });
    expect(list.data.pagination.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      id: res.data.id,
      delegateId: u.deputy.id,
      delegateName: 'wfe_deputy',
      flowId: flow,
      description: 'leave',
    });
    expect((await t.call('GET', URL, { token: u.deputy.token })).data.pagination.total).toBe(0);

    const inst = await startFlow(t.ctx, { flowId: flow, recordId: forms.add({}) }, u.other.id);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([u.deputy.id]);
    const todo = await t.call('GET', '/api/workflow/Engine/FlowBefore/List/1', { token: u.deputy.token });
    expect(todo.data.list[0]).toMatchObject({ instanceId: inst.instanceId, delegatorId: u.boss.id, delegatorName: 'wfe_boss' });
    const untouched = await startFlow(t.ctx, { flowId: otherFlow, recordId: forms.add({}) }, u.other.id);
    expect(await waitingHandlers(t, untouched.instanceId)).toEqual([u.boss.id]);
  });

  it('refuses myself, unknown users, an empty window and an overlapping rule', async () => {
    const start = Date.now() + 10 * DAY;
    const self = await create('boss', { delegateId: u.boss.id, startAt: start, endAt: start + DAY });
    expect(self.status).toBe(400);
    expect((await create('boss', { delegateId: '424242', startAt: start, endAt: start + DAY })).status).toBe(400);
    const empty = await create('boss', { delegateId: u.deputy.id, startAt: start, endAt: start });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('endAt');
    expect((await create('boss', { delegateId: u.deputy.id, startAt: 'soon', endAt: start })).msg).toContain('startAt');
    expect((await create('boss', { delegateId: u.deputy.id, flowId: '<img src=x>', startAt: start, endAt: start + DAY })).status).toBe(400);

    // The first rule covers `flow` until yesterday + 3 days: an all-flows rule across it overlaps, a later one does not.
    expect((await create('boss', { delegateId: u.other.id, startAt: Date.now(), endAt: Date.now() + DAY })).status).toBe(409);
    expect((await create('boss', { delegateId: u.other.id, flowId: otherFlow, startAt: Date.now(), endAt: Date.now() + DAY })).status).toBe(
      200,
    );
    expect((await create('boss', { delegateId: u.other.id, startAt: start, endAt: start + DAY })).status).toBe(200);
  });

  it('two overlapping rules sent at once: one is kept', async () => {
    const start = Date.now() + 100 * DAY;
    const body = { delegateId: u.boss.id, startAt: start, endAt: start + DAY };
    const results = await Promise.all([create('deputy', body), create('deputy', body), create('deputy', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('only the owner reads, changes or deletes a rule', async () => {
    const start = Date.now() + 200 * DAY;
    const { data } = await create('other', { delegateId: u.deputy.id, startAt: start, endAt: start + DAY });
    const one = `${URL}/${data.id}`;
    expect((await t.call('GET', one, { token: u.boss.token })).status).toBe(403);
    expect(
      (await t.call('PUT', one, { token: u.boss.token, body: { delegateId: u.boss.id, startAt: start, endAt: start + DAY } })).status,
    ).toBe(403);
    expect((await t.call('DELETE', one, { token: u.boss.token })).status).toBe(403);
    expect((await t.call('GET', `${URL}/404404404`, { token: u.other.token })).status).toBe(404);
    const changed = await t.call('PUT', one, {
      token: u.other.token,
      body: { delegateId: u.boss.id, startAt: start, endAt: start + 2 * DAY, description: 'longer' },
    });
    expect(changed.status).toBe(200);
    expect((await t.call('GET', one, { token: u.other.token })).data).toMatchObject({
      delegateId: u.boss.id,
      endAt: start + 2 * DAY,
      description: 'longer',
    });
    expect((await t.call('DELETE', one, { token: u.other.token })).status).toBe(200);
    expect((await t.call('GET', one, { token: u.other.token })).status).toBe(404);
  });
});

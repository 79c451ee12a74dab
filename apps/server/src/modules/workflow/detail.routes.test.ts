import { FlowStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { invalidateGrants } from '../permission/grants.service.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { createTestModel, grant, type TestModel } from '../visualdev/records-test-model.ts';
import { approver, chain } from './test-support.ts';

/**
 * The flow detail page's reads (FlowBefore/{id}, FlowLaunch/Start/{flowId}):
 * who may read, what the caller's node hides (never sent), and which buttons
 * each caller gets as the instance moves.
 */
let t: TestApp;
let admin: string;
let m: TestModel;
let flowId: string;
let restrictedFlowId: string;
const u = {} as Record<'starter' | 'first' | 'second' | 'outsider' | 'deputy', { id: string; token: string }>;
const O = '/api/workflow/Engine';
const SECRET = '只给发起人看的备注';

const detail = (who: keyof typeof u, id: string) => t.call('GET', `${O}/FlowBefore/${id}`, { token: u[who].token });

async function startInstance(): Promise<string> {
  const rec = await t.call('POST', `/api/visualdev/OnlineDev/${m.modelId}`, {
    token: u.starter.token,
    body: { data: { patientName: '赵六', code: 'D1', age: 52, secret: SECRET, items: [] } },
  });
  expect(rec.status).toBe(200);
  const res = await t.call('POST', `${O}/FlowBefore/Submit`, {
    token: u.starter.token,
    body: { flowId, modelId: m.modelId, recordId: rec.data.id, title: '赵六的随访', urgency: 3 },
  });
  expect(res.status).toBe(200);
  return res.data.instanceId as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  m = await createTestModel(t, 'wfDetailVisit');
  for (const name of ['starter', 'first', 'second', 'outsider', 'deputy'] as const) {
    const id = await insertUser(t, `wfd_${name}`);
    u[name] = { id, token: await t.login(`wfd_${name}`) };
  }
  await grant(t, m, 'module', [m.menuId], u.starter.id);
  await grant(t, m, 'button', Object.values(m.buttonIds), u.starter.id);
  await grant(t, m, 'column', Object.values(m.columnIds), u.starter.id);
  await grant(t, m, 'form', Object.values(m.formIds), u.starter.id);
  invalidateGrants(t.ctx);
  // The first approver may not see the note and may write the code; the second may send back to the first.
  const g = chain(
    approver(
      'first',
      { type: 'users', userIds: [u.first.id] },
      {
        fieldPermissions: [
          { field: 'secret', access: 'hidden' },
          { field: 'code', access: 'write' },
        ],
      },
    ),
    approver('second', { type: 'users', userIds: [u.second.id] }, { rejectTo: 'choose' }),
  );
  const create = (enCode: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', `${O}/FlowEngine`, {
      token: admin,
      body: { enCode, fullName: '随访审批', formKind: 'model', formId: m.modelId, graph: g, ...extra },
    });
  const res = await create('wf_detail');
  expect(res.status).toBe(200);
  flowId = res.data.id;
  const restricted = await create('wf_detail_only', { starters: { userIds: [u.starter.id] } });
  expect(restricted.status).toBe(200);
  restrictedFlowId = restricted.data.id;
});
afterAll(() => t.close());

describe('the instance detail', () => {
  it('never sends a field hidden on the caller’s node, and marks which node it follows', async () => {
    const id = await startInstance();
    const res = await detail('first', id);
    expect(res.status).toBe(200);
    expect(res.raw.body).not.toContain(SECRET);
    expect(res.data.form.values).not.toHaveProperty('secret');
    expect(res.data.form.values).toMatchObject({ patientName: '赵六', code: 'D1', age: 52 });
    const keys = JSON.stringify(res.data.form.definition.fields);
    expect(keys).not.toContain('"secret"');
    expect(keys).toContain('"patientName"');
    expect(res.data.node).toMatchObject({ id: 'first', editable: true });
    expect(res.data.instance).toMatchObject({ title: '赵六的随访', urgency: 3, flowName: '随访审批', status: FlowStatus.waiting });
    expect(res.data.instance).not.toHaveProperty('activeKey');

    // The starter's node (start) hides nothing.
    const mine = await detail('starter', id);
    expect(mine.data.form.values.secret).toBe(SECRET);
    expect(mine.data.node).toMatchObject({ type: 'start', editable: false });
  });

  it('refuses an uninvolved user (403), an unknown id (404) and a malformed one (400)', async () => {
    const id = await startInstance();
    const outsider = await detail('outsider', id);
    expect(outsider.status).toBe(403);
    expect(outsider.raw.body).not.toContain(SECRET);
    // The second approver has no task yet: not involved either.
    expect((await detail('second', id)).status).toBe(403);
    expect((await detail('starter', 'no-such-instance')).status).toBe(404);
    const bad = await detail('starter', 'bad id!');
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/id/);
    expect((await t.call('GET', `${O}/FlowBefore/${id}`)).status).toBe(401);
  });

  it('computes each caller’s buttons as the flow moves', async () => {
    const id = await startInstance();
    const starter = await detail('starter', id);
    expect(starter.data.buttons).toMatchObject({
      approve: false,
      reject: false,
      transfer: false,
      withdraw: true,
      urge: true,
      recall: null,
    });
    const first = await detail('first', id);
    expect(first.data.buttons).toMatchObject({
      approve: true,
      reject: true,
      transfer: true,
      addSigner: true,
      withdraw: false,
      urge: false,
    });
    expect(first.data.buttons.rejectTargets).toEqual([]);
    const taskId = first.data.myTask.id as string;

    const audit = await t.call('POST', `${O}/FlowBefore/Audit/${taskId}`, { token: u.first.token, body: { opinion: '同意' } });
    expect(audit.status).toBe(200);
    // After an approval the starter may no longer withdraw; the approver may recall until the next one acts.
    expect((await detail('starter', id)).data.buttons).toMatchObject({ withdraw: false, urge: true });
    const after = await detail('first', id);
    expect(after.data.buttons).toMatchObject({ approve: false, recall: taskId });
    expect(after.data.node).toMatchObject({ id: 'first', editable: false });
    expect(after.raw.body).not.toContain(SECRET);
    const second = await detail('second', id);
    expect(second.data.buttons.rejectTargets).toEqual([{ id: 'first', name: 'Node first' }]);
    expect(second.data.records.map((r: { action: number }) => r.action)).toEqual([2, 1]);
    expect(second.data.records[1]).toMatchObject({ opinion: '同意', actorName: expect.any(String) });

    const secondTask = second.data.myTask.id as string;
    expect((await t.call('POST', `${O}/FlowBefore/Audit/${secondTask}`, { token: u.second.token, body: {} })).status).toBe(200);
    expect((await detail('first', id)).data.buttons.recall).toBeNull();
    const done = await detail('starter', id);
    expect(done.data.instance.status).toBe(FlowStatus.adopted);
    expect(done.data.buttons).toMatchObject({ withdraw: false, urge: false, approve: false });
  });

  it('hides the node’s fields from the approver who entrusted the task as well as from the deputy', async () => {
    const day = 86_400_000;
    const entrust = await t.call('POST', `${O}/FlowDelegate`, {
      token: u.first.token,
      body: { delegateId: u.deputy.id, flowId, startAt: Date.now() - day, endAt: Date.now() + day },
    });
    expect(entrust.status).toBe(200);
    try {
      const id = await startInstance();
      const deputy = await detail('deputy', id);
      expect(deputy.status).toBe(200);
      expect(deputy.data.buttons.approve).toBe(true);
      expect(deputy.raw.body).not.toContain(SECRET);
      const delegator = await detail('first', id);
      expect(delegator.status).toBe(200);
      expect(delegator.data.buttons.approve).toBe(false);
      expect(delegator.data.node).toMatchObject({ id: 'first', editable: false });
      expect(delegator.raw.body).not.toContain(SECRET);
    } finally {
      await t.call('DELETE', `${O}/FlowDelegate/${entrust.data.id}`, { token: u.first.token });
    }
  });

  it('lets an administrator read any instance, with no buttons of its own; a suspended one has none for anybody', async () => {
    const id = await startInstance();
    const res = await t.call('GET', `${O}/FlowBefore/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.data.buttons).toMatchObject({ approve: false, withdraw: false, urge: false, recall: null });
    // Suspended by the monitor, nobody has a button until it is restored.
    expect((await t.call('POST', `${O}/FlowBefore/Suspend/${id}`, { token: admin, body: {} })).status).toBe(200);
    const first = await detail('first', id);
    expect(first.data.instance.suspended).toBe(true);
    expect(first.data.buttons).toMatchObject({ approve: false, reject: false, transfer: false, addSigner: false });
    expect((await detail('starter', id)).data.buttons).toMatchObject({ withdraw: false, urge: false });
    expect((await t.call('POST', `${O}/FlowBefore/Restore/${id}`, { token: admin, body: {} })).status).toBe(200);
    expect((await detail('first', id)).data.buttons.approve).toBe(true);
  });
});

describe('the launch form', () => {
  const start = (token: string, id: string) => t.call('GET', `${O}/FlowLaunch/Start/${id}`, { token });

  it('answers the flow, its form and the start node’s permissions', async () => {
    const res = await start(u.outsider.token, flowId);
    expect(res.status).toBe(200);
    expect(res.data.flow).toMatchObject({ id: flowId, fullName: '随访审批', formKind: 'model', formId: m.modelId });
    expect(res.data.form.values).toEqual({});
    expect(JSON.stringify(res.data.form.definition.fields)).toContain('"secret"');
    expect(res.data.chooseNext).toEqual([]);
  });

  it('refuses who the flow’s starters do not name, unknown and stopped flows', async () => {
    expect((await start(u.starter.token, restrictedFlowId)).status).toBe(200);
    expect((await start(u.outsider.token, restrictedFlowId)).status).toBe(403);
    expect((await start(admin, 'nope')).status).toBe(404);
    expect((await t.call('POST', `${O}/FlowEngine/Stop/${restrictedFlowId}`, { token: admin })).status).toBe(200);
    const stopped = await start(u.starter.token, restrictedFlowId);
    expect(stopped.status).toBe(400);
    expect((await start(u.starter.token, 'bad id!')).status).toBe(400);
  });

  it('offers a picker for a first approver node the starter chooses', async () => {
    const g = chain(approver('pick', { type: 'chosen' }));
    const res = await t.call('POST', `${O}/FlowEngine`, {
      token: admin,
      body: { enCode: 'wf_detail_pick', fullName: '自选审批', formKind: 'model', formId: m.modelId, graph: g },
    });
    expect(res.status).toBe(200);
    expect((await start(u.starter.token, res.data.id)).data.chooseNext).toEqual([{ id: 'pick', name: 'Node pick' }]);
  });
});

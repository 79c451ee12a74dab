import { FlowStatus } from '@medalliance/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { invalidateGrants } from '../permission/grants.service.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { createTestModel, grant, type TestModel } from './records-test-model.ts';

/**
 * Records of a workflow-enabled model: the list tells the client about its
 * flows and each row's instance, and the server refuses to edit or delete a
 * record its flow holds (waiting, approved, terminated) with a 409 naming why.
 */
let t: TestApp;
let admin: string;
let m: TestModel;
let plain: TestModel;
let flowA: string;
let flowB: string;
const u = {} as Record<'starter' | 'approver', { id: string; token: string }>;
const O = '/api/visualdev/OnlineDev';
const E = '/api/workflow/Engine';
const data = { patientName: '赵六', code: 'P9', age: 50, kind: 'o', secret: '机密', items: [{ drug: 'x' }] };

const add = async () => {
  const res = await t.call('POST', `${O}/${m.modelId}`, { token: u.starter.token, body: { data } });
  expect(res.status).toBe(200);
  return res.data.id as string;
};
const submit = async (recordId: string, flowId = flowA) => {
  const res = await t.call('POST', `${E}/FlowBefore/Submit`, { token: u.starter.token, body: { flowId, modelId: m.modelId, recordId } });
  expect(res.status).toBe(200);
  return res.data.instanceId as string;
};
const todo = async (recordId: string) => {
  const list = (await t.call('GET', `${E}/FlowBefore/List/1`, { token: u.approver.token })).data.list as {
    id: string;
    processId: string;
  }[];
  return list.find((r) => r.processId === recordId)!.id;
};
const edit = (id: string, lang?: string) =>
  t.call('PUT', `${O}/${m.modelId}/${id}`, {
    token: u.starter.token,
    body: { data: { ...data, code: 'EDITED' } },
    headers: lang ? { 'accept-language': lang } : {},
  });
const remove = (id: string) => t.call('DELETE', `${O}/${m.modelId}/${id}`, { token: u.starter.token });
const row = async (id: string) => {
  const res = await t.call('POST', `${O}/${m.modelId}/List`, { token: u.starter.token, body: { pageSize: 100 } });
  return (res.data.list as Record<string, unknown>[]).find((r) => r.id === id)!;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  m = await createTestModel(t, 'rfVisit');
  plain = await createTestModel(t, 'rfPlain');
  for (const name of ['starter', 'approver'] as const) {
    const id = await insertUser(t, `rf_${name}`);
    u[name] = { id, token: await t.login(`rf_${name}`) };
  }
  await grant(t, m, 'module', [m.menuId], u.starter.id);
  await grant(t, m, 'button', Object.values(m.buttonIds), u.starter.id);
  await grant(t, m, 'column', Object.values(m.columnIds), u.starter.id);
  await grant(t, m, 'form', Object.values(m.formIds), u.starter.id);
  invalidateGrants(t.ctx);
  const graph = {
    nodes: [
      { id: 'start', type: 'start', name: 'Start' },
      { id: 'n1', type: 'approver', name: 'Check', assignee: { type: 'users', userIds: [u.approver.id] } },
      { id: 'end', type: 'end', name: 'End' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'n1' },
      { id: 'e2', source: 'n1', target: 'end' },
    ],
  };
  const define = async (enCode: string, fullName: string) => {
    const res = await t.call('POST', `${E}/FlowEngine`, {
      token: admin,
      body: { enCode, fullName, formKind: 'model', formId: m.modelId, graph },
    });
    expect(res.status).toBe(200);
    return res.data.id as string;
  };
  flowA = await define('rf_a', 'Visit approval');
  flowB = await define('rf_b', 'Visit review');
});
afterAll(() => t.close());

describe('a workflow-enabled model', () => {
  it('names its enabled flows in Config and Flows; a model without flows says so', async () => {
    const config = await t.call('GET', `${O}/${m.modelId}/Config`, { token: u.starter.token });
    expect(config.data).toMatchObject({ enableFlow: 1, flowId: flowA, flowEnCode: 'rf_a' });
    const flows = await t.call('GET', `${O}/${m.modelId}/Flows`, { token: u.starter.token });
    expect(flows.data.map((f: { id: string }) => f.id)).toEqual([flowA, flowB]);
    expect(flows.data[0]).toEqual({ id: flowA, enCode: 'rf_a', fullName: 'Visit approval' });
    expect((await t.call('GET', `${O}/${plain.modelId}/Config`, { token: admin })).data).toMatchObject({ enableFlow: 0, flowId: null });
    expect((await t.call('GET', `${O}/${plain.modelId}/Flows`, { token: admin })).data).toEqual([]);
    // The flows route is guarded by the model's menu like every other.
    expect((await t.call('GET', `${O}/${m.modelId}/Flows`, { token: u.approver.token })).status).toBe(403);
    // A disabled flow is no longer offered.
    await t.ctx.db.updateTable('flowDefinitions').set({ enabledMark: 0 }).where('id', '=', flowB).execute();
    expect((await t.call('GET', `${O}/${m.modelId}/Flows`, { token: u.starter.token })).data.map((f: { id: string }) => f.id)).toEqual([
      flowA,
    ]);
    await t.ctx.db.updateTable('flowDefinitions').set({ enabledMark: 1 }).where('id', '=', flowB).execute();
  });

  it('lists each row with its flowState and, once submitted, its latest instance', async () => {
    const draft = await add();
    expect(await row(draft)).toMatchObject({ flowState: 0 });
    expect((await row(draft)).flowInstanceId).toBeUndefined();
    const first = await submit(draft);
    expect(await row(draft)).toMatchObject({ flowState: FlowStatus.waiting, flowInstanceId: first, flowStarterId: u.starter.id });
    // Rejected, then submitted again into the other flow: the row links to the newer instance.
    await t.call('POST', `${E}/FlowBefore/Reject/${await todo(draft)}`, { token: u.approver.token, body: {} });
    expect(await row(draft)).toMatchObject({ flowState: FlowStatus.rejected, flowInstanceId: first });
    const second = await submit(draft, flowB);
    expect(await row(draft)).toMatchObject({ flowState: FlowStatus.waiting, flowInstanceId: second });
  });

  it('refuses edit and delete while waiting (409 with the reason, in the caller language); the record is unchanged', async () => {
    const id = await add();
    await submit(id);
    const put = await edit(id);
    expect(put.status).toBe(409);
    expect(put.msg).toBe('该数据正在审批中，不能修改');
    expect((await edit(id, 'en')).msg).toBe('This record is waiting for approval and cannot be edited');
    const del = await remove(id);
    expect(del.status).toBe(409);
    expect(del.msg).toBe('有数据正在审批中，不能删除');
    // A batch with one record in flow deletes none of them.
    const free = await add();
    const batch = await t.call('POST', `${O}/batchDelete/${m.modelId}`, { token: u.starter.token, body: { ids: [free, id] } });
    expect(batch.status).toBe(409);
    expect(await row(free)).toBeTruthy();
    const stored = await t.call('GET', `${O}/${m.modelId}/${id}`, { token: u.starter.token });
    expect(stored.data.data).toMatchObject({ code: 'P9', items: [{ drug: 'x' }] });
  });

  it('refuses edit and delete once approved and once terminated', async () => {
    const approved = await add();
    await submit(approved);
    expect((await t.call('POST', `${E}/FlowBefore/Audit/${await todo(approved)}`, { token: u.approver.token, body: {} })).status).toBe(200);
    expect((await edit(approved)).msg).toBe('该数据已审批通过，不能修改');
    expect((await remove(approved)).status).toBe(409);
    const cancelled = await add();
    const inst = await submit(cancelled);
    expect((await t.call('POST', `${E}/FlowBefore/Cancel/${inst}`, { token: admin, body: {} })).status).toBe(200);
    expect((await edit(cancelled)).status).toBe(409);
    expect((await remove(cancelled)).msg).toBe('有数据的流程已终止，不能删除');
  });

  it('lets the owner correct a rejected or revoked record, and delete a draft', async () => {
    const rejected = await add();
    await submit(rejected);
    await t.call('POST', `${E}/FlowBefore/Reject/${await todo(rejected)}`, { token: u.approver.token, body: {} });
    expect((await edit(rejected)).status).toBe(200);
    const revoked = await add();
    const inst = await submit(revoked);
    expect((await t.call('PUT', `${E}/FlowLaunch/${inst}/Actions/Withdraw`, { token: u.starter.token, body: {} })).status).toBe(200);
    expect((await edit(revoked)).status).toBe(200);
    expect((await remove(revoked)).status).toBe(200);
    const draft = await add();
    expect((await remove(draft)).status).toBe(200);
  });

  it('refuses an edit when the record was submitted between the read and the write (guarded update)', async () => {
    const id = await add();
    // The submit commits in the middle of the edit's work: the guarded UPDATE sees flow_state 1.
    const [put] = await Promise.all([edit(id), submit(id)]);
    if (put.status === 200) {
      // The edit won the race: it committed before the submit and the flow runs on the edited values.
      expect((await t.call('GET', `${O}/${m.modelId}/${id}`, { token: u.starter.token })).data.data.code).toBe('EDITED');
    } else {
      expect(put.status).toBe(409);
      expect((await t.call('GET', `${O}/${m.modelId}/${id}`, { token: u.starter.token })).data.data.code).toBe('P9');
    }
  });
});

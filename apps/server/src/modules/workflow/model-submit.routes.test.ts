import { FlowStatus } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { invalidateGrants } from '../permission/grants.service.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { selectAsWritten } from '../visualdev/model-tables.ts';
import { createTestModel, grant, type TestModel } from '../visualdev/records-test-model.ts';
import { modelFormAdapter } from './model-form.adapter.ts';
import { approver, chain, edge, end, graph, start } from './test-support.ts';

/** A low-code model record submitted into its flow: flow_state follows the instance, in the engine's transaction. */
let t: TestApp;
let admin: string;
let m: TestModel;
let other: TestModel;
let table: string;
let flowId: string;
const u = {} as Record<'starter' | 'young' | 'old' | 'outsider', { id: string; token: string }>;
const O = '/api/visualdev/OnlineDev';
const SUBMIT = '/api/workflow/Engine/FlowBefore/Submit';
const data = { patientName: '王五', code: 'P1', age: 40, kind: 'o', secret: '机密', items: [] };

const addRecord = async (model: TestModel, age: number) => {
  const res = await t.call('POST', `${O}/${model.modelId}`, { token: admin, body: { data: { ...data, age } } });
  expect(res.status).toBe(200);
  return res.data.id as string;
};
const flowState = async (id: string) => {
  const raw = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const [row] = await selectAsWritten<{ flow_state: number }>(raw, raw.selectFrom(table).select('flow_state').where('id', '=', id));
  return Number(row!.flow_state);
};
const submit = (who: keyof typeof u, body: Record<string, unknown>) =>
  t.call('POST', SUBMIT, { token: u[who].token, body: { flowId, formKind: 'model', modelId: m.modelId, ...body } });
const todo = async (who: keyof typeof u) =>
  (await t.call('GET', '/api/workflow/Engine/FlowBefore/List/1', { token: u[who].token })).data.list as { id: string; processId: string }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  m = await createTestModel(t, 'wfVisit');
  other = await createTestModel(t, 'wfOther');
  table = (await t.ctx.db.selectFrom('visualdevModels').select('tableName').where('id', '=', m.modelId).executeTakeFirstOrThrow())
    .tableName;
  for (const name of ['starter', 'young', 'old', 'outsider'] as const) {
    const id = await insertUser(t, `wfm_${name}`);
    u[name] = { id, token: await t.login(`wfm_${name}`) };
  }
  await grant(t, m, 'module', [m.menuId], u.starter.id);
  await grant(t, other, 'module', [other.menuId], u.outsider.id);
  invalidateGrants(t.ctx);
  // Patients over 60 go to the `old` approver, the others to `young`: the condition reads the model row.
  const g = graph(
    [
      start,
      { id: 'c', type: 'condition', name: 'Age' },
      approver('young', { type: 'users', userIds: [u.young.id] }),
      approver('old', { type: 'users', userIds: [u.old.id] }),
      end,
    ],
    [
      edge('start', 'c'),
      edge('c', 'old', { condition: { logic: 'and', items: [{ field: 'age', operator: '>', value: 60 }] } }),
      edge('c', 'young', { isDefault: true }),
      edge('young', 'end'),
      edge('old', 'end'),
    ],
  );
  const res = await t.call('POST', '/api/workflow/Engine/FlowEngine', {
    token: admin,
    body: { enCode: 'wf_visit', fullName: 'Visit approval', formKind: 'model', formId: m.modelId, graph: g },
  });
  expect(res.status).toBe(200);
  flowId = res.data.id;
});
afterAll(() => t.close());

describe('submitting a model record', () => {
  it('starts the flow: flow_state 1, the approver sees it in to-do, approval makes it 2', async () => {
    const recordId = await addRecord(m, 40);
    expect(await flowState(recordId)).toBe(0);
    const res = await submit('starter', { recordId, urgency: 2 });
    expect(res.status).toBe(200);
    expect(res.data.status).toBe(FlowStatus.waiting);
    expect(await flowState(recordId)).toBe(1);
    expect((await todo('old')).map((r) => r.processId)).not.toContain(recordId);
    const task = (await todo('young')).find((r) => r.processId === recordId);
    expect(task).toBeTruthy();
    const again = await submit('starter', { recordId });
    expect(again.status).toBe(409);
    const audit = await t.call('POST', `/api/workflow/Engine/FlowBefore/Audit/${task!.id}`, {
      token: u.young.token,
      body: { handleOpinion: 'ok' },
    });
    expect(audit.status).toBe(200);
    expect(await flowState(recordId)).toBe(FlowStatus.adopted);
  });

  it('reads the condition from the row, and writes 3 on reject and 4 on revoke', async () => {
    const rejected = await addRecord(m, 75);
    expect((await submit('starter', { recordId: rejected })).status).toBe(200);
    const task = (await todo('old')).find((r) => r.processId === rejected);
    expect(task).toBeTruthy();
    expect((await t.call('POST', `/api/workflow/Engine/FlowBefore/Reject/${task!.id}`, { token: u.old.token, body: {} })).status).toBe(200);
    expect(await flowState(rejected)).toBe(FlowStatus.rejected);

    const revoked = await addRecord(m, 30);
    const started = await submit('starter', { recordId: revoked });
    const withdraw = await t.call('PUT', `/api/workflow/Engine/FlowLaunch/${started.data.instanceId}/Actions/Withdraw`, {
      token: u.starter.token,
      body: {},
    });
    expect(withdraw.status).toBe(200);
    expect(await flowState(revoked)).toBe(FlowStatus.revoked);
  });

  it('refuses a caller who cannot see the record, and bad input; nothing starts', async () => {
    const recordId = await addRecord(m, 40);
    expect((await submit('outsider', { recordId })).status).toBe(403);
    expect((await submit('young', { recordId })).status).toBe(403);
    expect((await submit('starter', { recordId: newId() })).status).toBe(404);
    const otherRecord = await addRecord(other, 40);
    expect((await submit('starter', { recordId: otherRecord })).status).toBe(404);
    expect((await submit('outsider', { recordId: otherRecord, modelId: other.modelId })).status).toBe(400);
    expect((await submit('starter', { recordId, flowId: newId() })).status).toBe(404);
    expect((await submit('starter', { recordId, formKind: 'engine-test' })).status).toBe(400);
    const badType = await submit('starter', { recordId, urgency: 'high' });
    expect(badType.status).toBe(400);
    expect(badType.msg).toContain('urgency');
    expect((await submit('starter', { recordId: "x' or '1'='1" })).status).toBe(404);
    expect((await submit('starter', { recordId: 'x'.repeat(10_000) })).status).toBe(400);
    expect((await submit('starter', { recordId, modelId: '<script>' })).status).toBe(400);
    expect(await flowState(recordId)).toBe(0);
    expect(await t.ctx.db.selectFrom('flowInstances').select('id').where('recordId', '=', recordId).execute()).toEqual([]);
  });
});

describe('row rules', () => {
  it('404 for a record the row rule hides from the caller; one they created starts', async () => {
    // `other`'s menu filters rows: the outsider sees only the records they created.
    await t.ctx.db.updateTable('menus').set({ isDataAuthorize: 1 }).where('id', '=', other.menuId).execute();
    const scheme = newId();
    await t.ctx.db
      .insertInto('moduleDataSchemes')
      .values({
        id: scheme,
        moduleId: other.menuId,
        enCode: `own${scheme.slice(-6)}`,
        fullName: 'own records',
        conditionJson: JSON.stringify([{ logic: 'and', groups: [{ field: 'creatorUserId', op: 'Equal', value: '@userId' }] }]),
        conditionText: null,
        sortCode: 0,
        enabledMark: 1,
        description: null,
        createdAt: Date.now(),
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    await grant(t, other, 'resource', [scheme], u.outsider.id);
    invalidateGrants(t.ctx);
    const otherTable = (
      await t.ctx.db.selectFrom('visualdevModels').select('tableName').where('id', '=', other.modelId).executeTakeFirstOrThrow()
    ).tableName;
    const created = await t.call('POST', '/api/workflow/Engine/FlowEngine', {
      token: admin,
      body: {
        enCode: 'wf_other',
        fullName: 'Other',
        formKind: 'model',
        formId: other.modelId,
        graph: chain(approver('n1', { type: 'users', userIds: [u.young.id] })),
      },
    });
    const body = (recordId: string) => ({ flowId: created.data.id, modelId: other.modelId, recordId });
    const hidden = await addRecord(other, 40);
    expect((await t.call('POST', SUBMIT, { token: u.outsider.token, body: body(hidden) })).status).toBe(404);
    const mine = await addRecord(other, 40);
    const raw = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
    await raw.updateTable(otherTable).set({ creator_user_id: u.outsider.id }).where('id', '=', mine).execute();
    expect((await t.call('POST', SUBMIT, { token: u.outsider.token, body: body(mine) })).status).toBe(200);
    expect(await t.ctx.db.selectFrom('flowInstances').select('recordId').where('flowId', '=', created.data.id).execute()).toEqual([
      { recordId: mine },
    ]);
  });
});

describe('the model form adapter', () => {
  it('reads the row, writes fields and flow_state only through the transaction it is given', async () => {
    const recordId = await addRecord(m, 44);
    expect(await modelFormAdapter.loadValues(t.ctx.db, m.modelId, recordId)).toMatchObject({ patientName: '王五', age: 44 });
    expect(await modelFormAdapter.loadValues(t.ctx.db, m.modelId, newId())).toBeNull();
    expect(await modelFormAdapter.loadValues(t.ctx.db, newId(), recordId)).toBeNull();
    const rolledBack = t.ctx.db.transaction().execute(async (trx) => {
      await modelFormAdapter.onStateChange(trx, m.modelId, recordId, FlowStatus.waiting);
      await modelFormAdapter.saveValues!(trx, m.modelId, recordId, { age: 99 });
      expect(await modelFormAdapter.loadValues(trx, m.modelId, recordId)).toMatchObject({ age: 99 });
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await flowState(recordId)).toBe(0);
    expect(await modelFormAdapter.loadValues(t.ctx.db, m.modelId, recordId)).toMatchObject({ age: 44 });
    await t.ctx.db.transaction().execute((trx) => modelFormAdapter.onStateChange(trx, m.modelId, recordId, FlowStatus.cancelled));
    expect(await flowState(recordId)).toBe(FlowStatus.cancelled);
  });
});

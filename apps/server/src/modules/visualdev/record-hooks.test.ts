import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { registerRecordHooks, unregisterRecordHooks, type RecordHooks } from './record-hooks.ts';
import { createTestModel, type TestModel } from './records-test-model.ts';

/** Hooks of a model run inside the record write's transaction: their writes commit with it, their errors refuse it. */
let t: TestApp;
let admin: string;
let m: TestModel;
const O = '/api/visualdev/OnlineDev';
const data = { patientName: '李四', code: 'P1', age: 40, kind: 'o', items: [{ drug: 'x' }] };
const calls: string[] = [];
let seq = 0;

const hooks: RecordHooks = {
  async beforeSave(h, d, id) {
    calls.push(`before:${id ?? 'new'}:${h.session.account}`);
    if (d.code === 'REFUSE') throw new Error('refused by hook');
    if (d.code === 'UPPER') d.patientName = String(d.patientName).toUpperCase();
  },
  async afterSave(h, id, d, created) {
    calls.push(`after:${created ? 'created' : 'updated'}`);
    // A write of the hook: rolled back with the record when something later fails.
    await h.db
      .insertInto('health_timeline')
      .values({ id: `tl-${id}-${++seq}`, resident_id: id, kind: 'test', title: String(d.code), at: 1 })
      .execute();
    if (d.code === 'LATE') throw new Error('refused after');
  },
  async beforeDelete(h, ids) {
    calls.push(`delete:${ids.length}`);
    const n = await (h.db as Kysely<any>).selectFrom('health_timeline').select('id').where('resident_id', 'in', ids).execute();
    if (n.some((r) => String(r.id).includes('KEEP'))) throw new Error('keep');
  },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  m = await createTestModel(t, 'rtHooks');
  registerRecordHooks(m.enCode, hooks);
});
afterAll(async () => {
  unregisterRecordHooks(m.enCode, hooks);
  await t.close();
});

const timeline = (id: string) =>
  t.ctx.db
    .withoutPlugins()
    .selectFrom('health_timeline' as never)
    .selectAll()
    .where('resident_id' as never, '=', id as never)
    .execute();

describe('record hooks', () => {
  it('runs beforeSave and afterSave on create and update, in the transaction', async () => {
    calls.length = 0;
    const res = await t.call('POST', `${O}/${m.modelId}`, { token: admin, body: { data: { ...data, code: 'UPPER', patientName: 'abc' } } });
    expect(res.code).toBe(200);
    const id = res.data.id as string;
    expect(calls).toEqual(['before:new:admin', 'after:created']);
    const read = await t.call('GET', `${O}/${m.modelId}/${id}`, { token: admin });
    expect(read.data.data.patientName).toBe('ABC');
    expect(await timeline(id)).toHaveLength(1);
    calls.length = 0;
    const up = await t.call('PUT', `${O}/${m.modelId}/${id}`, { token: admin, body: { data: { ...data, code: 'P2' } } });
    expect(up.code).toBe(200);
    expect(calls).toEqual([`before:${id}:admin`, 'after:updated']);
  });

  it('a hook that throws refuses the write and leaves nothing behind', async () => {
    const before = await t.call('POST', `${O}/${m.modelId}/List`, { token: admin, body: {} });
    const res = await t.call('POST', `${O}/${m.modelId}`, { token: admin, body: { data: { ...data, code: 'REFUSE' } } });
    expect(res.status).toBe(500);
    const late = await t.call('POST', `${O}/${m.modelId}`, { token: admin, body: { data: { ...data, code: 'LATE' } } });
    expect(late.status).toBe(500);
    const after = await t.call('POST', `${O}/${m.modelId}/List`, { token: admin, body: {} });
    expect(after.data.pagination.total).toBe(before.data.pagination.total);
    const rows = await t.ctx.db
      .withoutPlugins()
      .selectFrom('health_timeline' as never)
      .selectAll()
      .where('title' as never, '=', 'LATE' as never)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('runs beforeDelete with the ids, and its error keeps the rows', async () => {
    const res = await t.call('POST', `${O}/${m.modelId}`, { token: admin, body: { data } });
    const id = res.data.id as string;
    await t.ctx.db
      .withoutPlugins()
      .insertInto('health_timeline' as never)
      .values({ id: `KEEP-${id}`, resident_id: id, kind: 'k', title: 'k', at: 1 } as never)
      .execute();
    calls.length = 0;
    const del = await t.call('DELETE', `${O}/${m.modelId}/${id}`, { token: admin });
    expect(del.status).toBe(500);
    expect(calls).toEqual(['delete:1']);
    expect((await t.call('GET', `${O}/${m.modelId}/${id}`, { token: admin })).code).toBe(200);
    await t.ctx.db
      .withoutPlugins()
      .deleteFrom('health_timeline' as never)
      .where('id' as never, '=', `KEEP-${id}` as never)
      .execute();
    expect((await t.call('DELETE', `${O}/${m.modelId}/${id}`, { token: admin })).code).toBe(200);
  });

  it('leaves models without hooks alone', async () => {
    const other = await createTestModel(t, 'rtNoHooks');
    calls.length = 0;
    const res = await t.call('POST', `${O}/${other.modelId}`, { token: admin, body: { data } });
    expect(res.code).toBe(200);
    expect(calls).toEqual([]);
  });
});

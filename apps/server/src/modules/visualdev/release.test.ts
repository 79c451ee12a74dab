import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectAsWritten } from './model-tables.ts';
import { tableColumns, tableExists } from './table-catalog.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

type Field = Record<string, unknown>;
const input = (field: string, extra: Field = {}): Field => ({ id: field, type: 'input', field, label: field, ...extra });
const num = (field: string, extra: Field = {}): Field => ({ id: field, type: 'inputNumber', field, label: field, ...extra });

const model = (enCode: string, fields: Field[], list: Field = {}) => ({
  fullName: `Model ${enCode}`,
  enCode,
  category: 'demo',
  formData: { fields },
  columnData: { search: [], ...list },
});

const cols = async (table: string) =>
  Object.fromEntries((await tableColumns(t.ctx.db, t.ctx.dialect, table)).map((c) => [c.name, c.dataType]));
const raw = () => t.ctx.db.withoutPlugins();
const insert = (table: string, values: Record<string, unknown>) =>
  raw()
    .insertInto(table as never)
    .values({ creator_time: Date.now(), flow_state: 0, ...values } as never)
    .execute();
const indexes = async (table: string): Promise<string[]> => {
  const { rows } =
    t.ctx.dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(t.ctx.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(t.ctx.db);
  return rows.map((r) => r.name).sort();
};

async function create(body: unknown): Promise<string> {
  const res = await t.call('POST', '/api/visualdev/Base', { token: admin, body });
  expect(res.status, res.msg).toBe(200);
  return res.data.id as string;
}
const release = (id: string, confirm?: boolean) =>
  t.call('POST', `/api/visualdev/Base/${id}/Actions/Release`, { token: admin, body: confirm === undefined ? {} : { confirm } });
const save = async (id: string, body: unknown) => {
  const res = await t.call('PUT', `/api/visualdev/Base/${id}`, { token: admin, body });
  expect(res.status, res.msg).toBe(200);
};

describe('release makes real tables', () => {
  it('creates the main table and a sub-table with system columns, typed columns and indexes', async () => {
    const id = await create(
      model(
        'relFirst',
        [
          input('name', { maxLength: 30 }),
          num('weight'),
          { id: 'visit', type: 'datePicker', field: 'visit', label: 'v' },
          { id: 'ok', type: 'switch', field: 'ok', label: 'ok' },
          { id: 'tags', type: 'checkbox', field: 'tags', label: 't', options: { source: 'static', items: [{ id: 'a', fullName: 'A' }] } },
          { id: 'note', type: 'textarea', field: 'note', label: 'n' },
          { id: 'items', type: 'table', field: 'items', label: 'Items', children: [input('drug'), num('qty')] },
        ],
        {
          search: [
            { field: 'name', match: 'contains' },
            { field: 'visit', match: 'range' },
          ],
          defaultSort: { field: 'weight', order: 'desc' },
        },
      ),
    );
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_rel_first')).toBe(false);
    const res = await release(id);
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ version: 1, tables: ['lc_rel_first', 'lc_rel_first__items'], keptAside: [] });

    const main = await cols('lc_rel_first');
    expect(main).toMatchObject({
      id: 'varchar(40)',
      creator_user_id: 'varchar(40)',
      creator_time: 'bigint',
      last_modify_user_id: 'varchar(40)',
      last_modify_time: 'bigint',
      organize_id: 'varchar(40)',
      flow_state: 'integer',
      name: 'varchar(30)',
      weight: 'numeric(24, 6)',
      visit: 'bigint',
      ok: 'integer',
      tags: 'text',
      note: 'text',
    });
    expect(main).not.toHaveProperty('items');
    expect(await cols('lc_rel_first__items')).toMatchObject({
      parent_id: 'varchar(40)',
      sort_code: 'integer',
      drug: 'varchar(255)',
      qty: 'numeric(24, 6)',
    });
    expect(await indexes('lc_rel_first')).toEqual(
      expect.arrayContaining([
        'lc_rel_first__ix_creator_time',
        'lc_rel_first__ix_name',
        'lc_rel_first__ix_organize_id',
        'lc_rel_first__ix_visit',
        'lc_rel_first__ix_weight',
      ]),
    );
    expect(await indexes('lc_rel_first__items')).toContain('lc_rel_first__items__ix_parent_id_sort_code');
  });

  it('edits the draft without touching the live table, then alters additively', async () => {
    const fields = [input('name'), num('age')];
    const id = await create(model('relAdd', fields));
    expect((await release(id)).status).toBe(200);
    await insert('lc_rel_add', { id: 'r1', name: 'Li', age: 30 });

    const draft = model(
      'relAdd',
      [
        input('name', { maxLength: 500 }),
        { id: 'age', type: 'amount', field: 'age', label: 'age' },
        input('city'),
        {
          id: 'lines',
          type: 'table',
          field: 'lines',
          label: 'Lines',
          children: [input('item')],
        },
      ],
      { search: [{ field: 'city', match: 'equal' }] },
    );
    await save(id, draft);
    // Saved, not released: the table is as it was, the released definition too.
    expect(await cols('lc_rel_add')).not.toHaveProperty('city');
    const got = await t.call('GET', `/api/visualdev/Base/${id}`, { token: admin });
    expect(got.data).toMatchObject({ state: 1, version: 1, hasDraft: true });

    const res = await release(id);
    expect(res.status, res.msg).toBe(200);
    expect(res.data.version).toBe(2);
    expect(await cols('lc_rel_add')).toMatchObject({ name: 'varchar(500)', age: 'numeric(24, 6)', city: 'varchar(255)' });
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_rel_add__lines')).toBe(true);
    expect(await indexes('lc_rel_add')).toContain('lc_rel_add__ix_city');
    // Widening kept the values.
    const [row] = await selectAsWritten(
      raw(),
      raw()
        .selectFrom('lc_rel_add' as never)
        .selectAll(),
    );
    expect(row).toMatchObject({ name: 'Li' });
    expect(Number(row!.age)).toBe(30);
  });

  it('refuses a change that would lose data, listing it, and keeps the old column aside when confirmed', async () => {
    const id = await create(
      model('relLoss', [input('name', { maxLength: 100 }), input('code'), num('score'), input('empty')], {
        search: [{ field: 'code', match: 'equal' }],
      }),
    );
    expect((await release(id)).status).toBe(200);
    await insert('lc_rel_loss', { id: 'r1', name: 'a much longer name than ten', code: 'X1', score: 7 });

    // name narrowed below its longest value, code removed (it has data), score from number to text, empty removed (no data).
    await save(id, model('relLoss', [input('name', { maxLength: 10 }), input('score')]));
    const refused = await release(id);
    expect(refused.status).toBe(409);
    expect(refused.msg).toContain('lc_rel_loss.code');
    expect(refused.raw.json().data.lost).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'lc_rel_loss', column: 'name', change: 'narrow', rows: 1 }),
        expect.objectContaining({ table: 'lc_rel_loss', column: 'code', change: 'drop', rows: 1 }),
        expect.objectContaining({ table: 'lc_rel_loss', column: 'score', change: 'retype', rows: 1 }),
      ]),
    );
    // Refused: nothing changed, not even the column without data.
    expect(await cols('lc_rel_loss')).toMatchObject({ name: 'varchar(100)', code: 'varchar(255)', empty: 'varchar(255)' });
    expect((await t.call('GET', `/api/visualdev/Base/${id}`, { token: admin })).data.version).toBe(1);

    const ok = await release(id, true);
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.keptAside.sort()).toEqual(['lc_rel_loss.code__old_2', 'lc_rel_loss.name__old_2', 'lc_rel_loss.score__old_2']);
    const after = await cols('lc_rel_loss');
    expect(after).toMatchObject({ name: 'varchar(10)', score: 'varchar(255)', code__old_2: 'varchar(255)', name__old_2: 'varchar(100)' });
    expect(after).not.toHaveProperty('code');
    expect(after).not.toHaveProperty('empty');
    const [row] = (await selectAsWritten(
      raw(),
      raw()
        .selectFrom('lc_rel_loss' as never)
        .selectAll(),
    )) as Record<string, unknown>[];
    expect(row).toMatchObject({ code__old_2: 'X1', name__old_2: 'a much longer name than ten', name: null, score: null });
    expect(Number(row!.score__old_2)).toBe(7);
    expect(await indexes('lc_rel_loss')).not.toContain('lc_rel_loss__ix_code');
  });

  it('moves a removed sub-table with rows aside and drops an empty one', async () => {
    const sub = (name: string) => ({ id: name, type: 'table', field: name, label: name, children: [input('x', { id: `${name}_x` })] });
    const id = await create(model('relSubs', [input('name'), sub('full'), sub('bare')]));
    expect((await release(id)).status).toBe(200);
    await insert('lc_rel_subs__full', { id: 's1', parent_id: 'p', sort_code: 0, x: 'kept' });
    await save(id, model('relSubs', [input('name')]));
    const refused = await release(id);
    expect(refused.status).toBe(409);
    expect(refused.raw.json().data.lost).toEqual([{ table: 'lc_rel_subs__full', change: 'drop', rows: 1 }]);
    expect((await release(id, true)).status).toBe(200);
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_rel_subs__full')).toBe(false);
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_rel_subs__full__old_2')).toBe(true);
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_rel_subs__bare')).toBe(false);
  });

  it('binds a model to an existing table: lists its columns, releases without creating anything', async () => {
    await t.ctx.db.schema
      .createTable('his_visits')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('patient', 'varchar(50)')
      .execute();
    const tables = await t.call('GET', '/api/visualdev/Base/Tables', { token: admin });
    expect(tables.data.list).toContainEqual({ table: 'his_visits' });
    expect(tables.data.list).not.toContainEqual({ table: 'users' });
    const fields = await t.call('GET', '/api/visualdev/Base/Tables/his_visits/Fields', { token: admin });
    expect(fields.data.list).toEqual([
      { field: 'id', dataType: 'varchar(40)' },
      { field: 'patient', dataType: 'varchar(50)' },
    ]);
    expect((await t.call('GET', '/api/visualdev/Base/Tables/users/Fields', { token: admin })).status).toBe(400);

    const missing = await t.call('POST', '/api/visualdev/Base', {
      token: admin,
      body: { ...model('relBound', [input('nope')]), boundTable: 'his_visits' },
    });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('nope');
    const users = await t.call('POST', '/api/visualdev/Base', {
      token: admin,
      body: { ...model('relBound', [input('account')]), boundTable: 'users' },
    });
    expect(users.status).toBe(400);

    const id = await create({ ...model('relBound', [input('patient')]), boundTable: 'his_visits' });
    const res = await release(id);
    expect(res.status, res.msg).toBe(200);
    expect(res.data.tables).toEqual(['his_visits']);
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_rel_bound')).toBe(false);
    await raw()
      .insertInto('his_visits' as never)
      .values({ id: 'v1', patient: 'Wang' } as never)
      .execute();
    const rows = await t.call('GET', `/api/visualdev/Base/${id}/FieldDataSelect?keyword=wan`, { token: admin });
    expect(rows.status, rows.msg).toBe(200);
    expect(rows.data.list).toEqual([{ id: 'v1', patient: 'Wang' }]);
  });
});

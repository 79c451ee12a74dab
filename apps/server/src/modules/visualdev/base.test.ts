import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectAsWritten } from './model-tables.ts';
import { tableExists } from './table-catalog.ts';

let t: TestApp;
let admin: string;
let doctor: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

const field = (key: string, extra: Record<string, unknown> = {}) => ({ id: key, type: 'input', field: key, label: key, ...extra });
const model = (enCode: string, extra: Record<string, unknown> = {}) => ({
  fullName: `Model ${enCode}`,
  enCode,
  category: 'demo',
  formData: { fields: [field('name'), { id: 'age', type: 'inputNumber', field: 'age', label: 'age' }] },
  columnData: { columns: [{ field: 'name', label: 'Name' }], search: [{ field: 'name', match: 'contains' }] },
  ...extra,
});
const post = (body: unknown, token = admin) => t.call('POST', '/api/visualdev/Base', { token, body });

describe('Base: model definitions', () => {
  it('lists models grouped under their category dictionary items, filtered by keyword and category', async () => {
    const res = await t.call('GET', '/api/visualdev/Base', { token: admin });
    expect(res.status).toBe(200);
    const clinical = res.data.list.find((n: { enCode: string }) => n.enCode === 'clinical');
    expect(clinical).toMatchObject({ parentId: '-1', fullName: '临床业务', hasChildren: true });
    const outpatient = clinical.children.find((c: { id: string }) => c.id === 'outpatientLog');
    expect(outpatient).toMatchObject({ enCode: 'outpatientLog', state: 1, version: 1, hasDraft: false });
    expect(outpatient).not.toHaveProperty('formData');

    const kw = await t.call('GET', '/api/visualdev/Base?keyword=FOLLOWUP', { token: admin });
    expect(kw.data.list.flatMap((n: { children: { id: string }[] }) => n.children.map((c) => c.id)).sort()).toEqual([
      'dmFollowup',
      'followUpVisit',
      'htnFollowup',
      'psyFollowup',
    ]);
    const byCat = await t.call('GET', '/api/visualdev/Base?category=clinical', { token: admin });
    expect(byCat.data.list.map((n: { enCode: string }) => n.enCode)).toEqual(['clinical']);
  });

  it('creates, reads, edits and copies a model; the selector lists released models only', async () => {
    const created = await post(model('baseCrud'));
    expect(created.status, created.msg).toBe(200);
    const id = created.data.id as string;
    const got = await t.call('GET', `/api/visualdev/Base/${id}`, { token: admin });
    expect(got.data).toMatchObject({ enCode: 'baseCrud', tableName: 'lc_base_crud', state: 0, version: 0, hasDraft: true });
    expect(got.data.formData.fields).toHaveLength(2);
    expect(got.data.columnData.pageSize).toBe(20);

    const sel = await t.call('GET', '/api/visualdev/Base/Selector', { token: doctor });
    const ids = (sel.data.list as { children: { id: string }[] }[]).flatMap((n) => n.children.map((c) => c.id));
    expect(ids).toContain('outpatientLog');
    expect(ids).not.toContain(id);

    const edit = await t.call('PUT', `/api/visualdev/Base/${id}`, { token: admin, body: model('baseCrud2', { fullName: 'Renamed' }) });
    expect(edit.status, edit.msg).toBe(200);
    expect((await t.call('GET', `/api/visualdev/Base/${id}`, { token: admin })).data).toMatchObject({
      fullName: 'Renamed',
      tableName: 'lc_base_crud2',
    });

    const copy = await t.call('POST', `/api/visualdev/Base/${id}/Actions/Copy`, { token: admin });
    expect(copy.status).toBe(200);
    const c = await t.call('GET', `/api/visualdev/Base/${copy.data.id}`, { token: admin });
    expect(c.data.enCode).toMatch(/^baseCrud2_copy\d{6}$/);
    expect(c.data).toMatchObject({ state: 0, version: 0 });
    expect(c.data.formData).toEqual((await t.call('GET', `/api/visualdev/Base/${id}`, { token: admin })).data.formData);

    // Once released, the code names the tables and cannot change.
    expect((await t.call('POST', `/api/visualdev/Base/${id}/Actions/Release`, { token: admin, body: {} })).status).toBe(200);
    const locked = await t.call('PUT', `/api/visualdev/Base/${id}`, { token: admin, body: model('baseCrud3') });
    expect(locked.status).toBe(400);
    const dup = await post(model('baseCrud2'));
    expect(dup.status).toBe(409);
  });

  it('refuses to delete a model a menu shows, and drops the tables of one it deletes', async () => {
    const inUse = await t.call('DELETE', '/api/visualdev/Base/outpatientLog', { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.msg).toContain('门诊日志');
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_outpatient_log')).toBe(true);

    const id = (
      await post(
        model('baseGone', {
          formData: { fields: [field('name'), { id: 't', type: 'table', field: 'lines', label: 'L', children: [field('x')] }] },
        }),
      )
    ).data.id;
    expect((await t.call('POST', `/api/visualdev/Base/${id}/Actions/Release`, { token: admin, body: {} })).status).toBe(200);
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_base_gone__lines')).toBe(true);
    expect((await t.call('DELETE', `/api/visualdev/Base/${id}`, { token: admin })).status).toBe(200);
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_base_gone')).toBe(false);
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'lc_base_gone__lines')).toBe(false);
    expect((await t.call('GET', `/api/visualdev/Base/${id}`, { token: admin })).status).toBe(404);
    // The code is free again.
    expect((await post(model('baseGone'))).status).toBe(200);
  });

  it('answers the released fields and a page of records for relation-form pickers', async () => {
    const fields = await t.call('GET', '/api/visualdev/Base/outpatientLog/FormDataFields', { token: admin });
    expect(fields.status).toBe(200);
    const keys = fields.data.list.map((f: { field: string }) => f.field);
    expect(keys).toEqual(['visitDate', 'patientName', 'sex', 'age', 'department', 'fee', 'diagnosis', 'totalFee']);

    const page = await t.call('GET', '/api/visualdev/Base/outpatientLog/FieldDataSelect?currentPage=2&pageSize=10', { token: admin });
    expect(page.status, page.msg).toBe(200);
    // The seeded log's rows (the workflow seed adds some records of its own to the ~30 demo rows).
    const rows = await t.ctx.db
      .withoutPlugins()
      .selectFrom('lc_outpatient_log' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(page.data.pagination).toEqual({ currentPage: 2, pageSize: 10, total: Number(rows.n) });
    expect(page.data.list).toHaveLength(10);
    expect(page.data.list[0]).toHaveProperty('patientName');
    expect(typeof page.data.list[0].visitDate).toBe('number');

    const name = page.data.list[0].patientName as string;
    const found = await t.call(
      'GET',
      `/api/visualdev/Base/outpatientLog/FieldDataSelect?keyword=${encodeURIComponent(name)}&relationField=patientName`,
      {
        token: admin,
      },
    );
    expect(found.data.list.length).toBeGreaterThan(0);
    expect(found.data.list.every((r: { patientName: string }) => r.patientName === name)).toBe(true);

    const draftOnly = (await post(model('basePick'))).data.id;
    expect((await t.call('GET', `/api/visualdev/Base/${draftOnly}/FieldDataSelect`, { token: admin })).status).toBe(400);
  });

  it('seeds the outpatient log with computed totals and prescription rows', async () => {
    const raw = t.ctx.db.withoutPlugins();
    const [row] = await selectAsWritten(
      raw,
      raw
        .selectFrom('lc_outpatient_log' as never)
        .selectAll()
        .where('id' as never, '=', 'outpatientLog-002' as never),
    );
    const lines = await selectAsWritten(
      raw,
      raw
        .selectFrom('lc_outpatient_log__prescription' as never)
        .selectAll()
        .where('parent_id' as never, '=', 'outpatientLog-002' as never),
    );
    expect(lines.length).toBe(2);
    const sum = lines.reduce((s, l) => s + Number(l.lineTotal), 0);
    expect(Number(row!.totalFee)).toBeCloseTo(Number(row!.fee) + sum, 2);
  });

  it('exports our definition and imports it, or the reference spelling', async () => {
    const exp = await t.call('GET', '/api/visualdev/Base/followUpVisit/Actions/Export', { token: admin });
    expect(exp.status).toBe(200);
    const file = exp.raw.json();
    expect(file).toMatchObject({ enCode: 'followUpVisit', formData: { fields: expect.any(Array) } });

    const again = await t.call('POST', '/api/visualdev/Base/Actions/Import', { token: admin, body: { ...file, enCode: 'followUpCopy' } });
    expect(again.status, again.msg).toBe(200);
    const legacy = {
      fullName: '旧表单',
      enCode: 'legacyForm',
      webType: 2,
      formData: JSON.stringify({
        labelWidth: 120,
        fields: [
          {
            __vModel__: 'F_Name',
            __config__: { jnpfKey: 'comInput', label: '姓名', required: true, regList: [{ pattern: '^\\S+$', message: '无空格' }] },
          },
          {
            __vModel__: 'sex',
            __config__: { jnpfKey: 'select', label: '性别', dataType: 'static' },
            __slot__: { options: [{ id: '1', fullName: '男' }] },
          },
          { __config__: { jnpfKey: 'iframe', label: 'x' } },
        ],
      }),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'F_Name', label: '姓名' }],
        searchList: [{ __vModel__: 'F_Name', searchType: 2 }],
        btnsList: [{ value: 'download' }],
      }),
    };
    const imp = await t.call('POST', '/api/visualdev/Base/Actions/Import', { token: admin, body: legacy });
    expect(imp.status, imp.msg).toBe(200);
    expect(imp.data.skipped).toEqual(['iframe']);
    const got = await t.call('GET', `/api/visualdev/Base/${imp.data.id}`, { token: admin });
    expect(got.data.formData.fields[0]).toMatchObject({
      type: 'input',
      field: 'f_Name',
      required: true,
      rules: [{ pattern: '^\\S+$', message: '无空格' }],
    });
    expect(got.data.columnData).toMatchObject({ search: [{ field: 'f_Name', match: 'contains' }], buttons: ['export'] });
    expect((await t.call('POST', '/api/visualdev/Base/Actions/Import', { token: admin, body: { nonsense: 1 } })).status).toBe(400);
  });
});

describe('Base: permissions and bad input', () => {
  it('refuses users without the webDesign grant', async () => {
    expect((await t.call('GET', '/api/visualdev/Base', { token: doctor })).status).toBe(403);
    expect((await post(model('noGrant'), doctor)).status).toBe(403);
    expect((await t.call('POST', '/api/visualdev/Base/outpatientLog/Actions/Release', { token: doctor, body: {} })).status).toBe(403);
    expect((await t.call('DELETE', '/api/visualdev/Base/followUpVisit', { token: doctor })).status).toBe(403);
    expect((await t.call('GET', '/api/visualdev/Base/outpatientLog/Actions/Export', { token: doctor })).status).toBe(403);
    // Records behind FieldDataSelect need a grant of the model's page or design.
    expect((await t.call('GET', '/api/visualdev/Base/followUpVisit/FieldDataSelect', { token: doctor })).status).toBe(403);
    expect((await t.call('GET', '/api/visualdev/Base')).status).toBe(401);
  });

  it('answers 404 for unknown ids', async () => {
    for (const [method, url] of [
      ['GET', '/api/visualdev/Base/nope'],
      ['PUT', '/api/visualdev/Base/nope'],
      ['DELETE', '/api/visualdev/Base/nope'],
      ['POST', '/api/visualdev/Base/nope/Actions/Copy'],
      ['POST', '/api/visualdev/Base/nope/Actions/Release'],
      ['GET', '/api/visualdev/Base/nope/FormDataFields'],
    ] as const) {
      const res = await t.call(method, url, { token: admin, body: method === 'PUT' ? model('x404') : {} });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it('refuses invalid field keys, SQL in keys and codes, reserved and duplicate keys, unknown list fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ formData: { fields: [field('1abc')] } }, 'fields.0.field'],
      [{ formData: { fields: [field('name"; drop table users; --')] } }, 'fields.0.field'],
      [{ enCode: 'x; drop table users' }, 'enCode'],
      [{ formData: { fields: [field('creator_time')] } }, 'creator_time'],
      [{ formData: { fields: [field('flowState')] } }, 'flowState'],
      [{ formData: { fields: [field('aName'), field('aname', { id: 'n2' })] } }, 'aname'],
      [{ formData: { fields: [field('a__old_3')] } }, 'a__old_3'],
      [{ formData: { fields: [{ id: 'c', type: 'calculate', field: 'c', label: 'calc', expression: 'name + ; drop' }] } }, 'calc'],
      [{ formData: { fields: [{ id: 'x', type: 'input', label: 'no key' }] } }, 'no key'],
      [{ columnData: { columns: [{ field: 'ghost', label: 'g' }] } }, 'ghost'],
      [{ category: 'nope' }, 'nope'],
      [{ enCode: `a${'b'.repeat(45)}` }, 'lc_'],
    ];
    for (const [extra, named] of cases) {
      const res = await post(model('badInput', extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.msg, JSON.stringify(extra)).toContain(named);
    }
    expect(await tableExists(t.ctx.db, t.ctx.dialect, 'users')).toBe(true);
  });

  it('refuses huge definitions', async () => {
    const many = Array.from({ length: 2001 }, (_, i) => field(`f${i}`));
    expect((await post(model('huge', { formData: { fields: many } }))).status).toBe(400);
    const long = await post(model('huge', { formData: { fields: [field('a', { label: 'x'.repeat(101) })] } }));
    expect(long.status).toBe(400);
    expect(long.msg).toContain('label');
  });
});

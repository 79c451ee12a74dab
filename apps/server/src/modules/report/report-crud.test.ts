import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser, ORG } from '../permission/test-helpers.ts';
import type { ReportAuth } from './report-access.ts';
import { paramValues } from './report-run.ts';
import { createReportModel, groupedDefinition, grantUser, ROWS } from './report-test-data.ts';

/** The seeded reports, reports over a data interface, and the designer's CRUD with its validation and button grants. */
let t: TestApp;
let admin: string;
let modelId: string;
const R = '/api/visualdev/DataReport';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ({ modelId } = await createReportModel(t, 'rptCrud'));
});
afterAll(() => t.close());

const menuIdOf = async (enCode: string) =>
  (await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;

describe('seeded reports', () => {
  it('the referral report runs over its seeded model, with names for ids', async () => {
    const res = await t.call('POST', `${R}/referralReport/Actions/Run`, { token: admin, body: {} });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.rows.length).toBeGreaterThan(0);
    expect(res.data.total.__count).toBe(60);
    expect(res.data.subtotals.length).toBeGreaterThan(0);
    for (const row of res.data.rows) {
      expect(res.data.labels.fromOrg[row.fromOrg]).toMatch(/^青山县/);
      expect(['一般', '重要', '紧急']).toContain(res.data.labels.urgency[row.urgency]);
    }
    const chart = res.data.charts[0].rows as { fromOrg: string }[];
    expect(chart.map((c) => res.data.labels.fromOrg[c.fromOrg])).toContain('青山县城关镇卫生院');
    expect(res.data.charts[0].rows.length).toBeGreaterThan(0);
    const config = await t.call('GET', `${R}/referralReport/Config`, { token: admin });
    expect(config.data.definition.params.map((p: { field: string }) => p.field)).toContain('referralDate');
  });

  it('the indicator report runs over the stock interface, its organisation parameter bound to the interface', async () => {
    const all = await t.call('POST', `${R}/dcReport/Actions/Run`, { token: admin, body: {} });
    expect(all.code, all.msg).toBe(200);
    expect(all.data.rows.length).toBeGreaterThan(1);
    const expected = await t.ctx.db
      .selectFrom('stockItems')
      .select((eb) => [eb.fn.sum<number>('quantity').as('q'), eb.fn.countAll<number>().as('n')])
      .where('enabledMark', '=', 1)
      .executeTakeFirstOrThrow();
    expect(all.data.total.QUANTITY).toBe(Number(expected.q));
    expect(all.data.total.ITEM_NAME).toBe(Number(expected.n));
    const one = await t.call('POST', `${R}/dcReport/Actions/Run`, { token: admin, body: { params: { orgId: ORG.countyHospital } } });
    expect(one.code, one.msg).toBe(200);
    expect(one.data.rows).toHaveLength(1);
    expect(one.data.rows[0].ORG_NAME).toBe('青山县人民医院');
    for (const value of ["' OR '1'='1", `${ORG.countyHospital}' --`]) {
      const inj = await t.call('POST', `${R}/dcReport/Actions/Run`, { token: admin, body: { params: { orgId: value, ITEM_NAME: value } } });
      expect(inj.code, inj.msg).toBe(200);
      expect(inj.data.rows).toHaveLength(0);
    }
  });

  it('the designer lists the seeded reports and a source’s fields', async () => {
    const list = await t.call('GET', `${R}?keyword=referral`, { token: admin });
    expect(list.data.list.map((r: { id: string }) => r.id)).toEqual(['referralReport']);
    expect(list.data.pagination.total).toBe(1);
    const fields = await t.call('POST', `${R}/Actions/SourceFields`, { token: admin, body: { kind: 'model', modelId } });
    expect(fields.data.list.find((f: { field: string }) => f.field === 'amount')).toMatchObject({ label: '金额', kind: 'decimal' });
    const iface = await t.call('POST', `${R}/Actions/SourceFields`, {
      token: admin,
      body: { kind: 'interface', interfaceId: 'erpStockInfo' },
    });
    expect(iface.code, iface.msg).toBe(200);
    expect(iface.data.list.map((f: { field: string }) => f.field)).toContain('QUANTITY');
    const missing = await t.call('POST', `${R}/Actions/SourceFields`, { token: admin, body: { kind: 'model', modelId: 'nope' } });
    expect(missing.status).toBe(400);
  });
});

describe('CRUD and validation', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    fullName: '报表',
    enCode: 'rptA',
    definition: groupedDefinition(modelId),
    ...over,
  });

  it('creates, reads, updates, copies, toggles and deletes', async () => {
    const created = await t.call('POST', R, { token: admin, body: body() });
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id;
    const read = await t.call('GET', `${R}/${id}`, { token: admin });
    expect(read.data).toMatchObject({ fullName: '报表', enCode: 'rptA', enabledMark: 1 });
    expect(read.data.definition.grouping.groupBy).toEqual(['kind', 'ward']);
    const dup = await t.call('POST', R, { token: admin, body: body() });
    expect(dup.status).toBe(409);
    const put = await t.call('PUT', `${R}/${id}`, { token: admin, body: body({ fullName: '报表二' }) });
    expect(put.code, put.msg).toBe(200);
    expect((await t.call('GET', `${R}/${id}`, { token: admin })).data.fullName).toBe('报表二');
    const copy = await t.call('POST', `${R}/${id}/Actions/Copy`, { token: admin });
    const copied = await t.call('GET', `${R}/${copy.data.id}`, { token: admin });
    expect(copied.data.enabledMark).toBe(0);
    expect(copied.data.enCode).not.toBe('rptA');
    // A disabled report does not run.
    const run = await t.call('POST', `${R}/${copy.data.id}/Actions/Run`, { token: admin, body: {} });
    expect(run.status).toBe(400);
    const state = await t.call('PUT', `${R}/${copy.data.id}/Actions/State`, { token: admin });
    expect(state.data.enabledMark).toBe(1);
    expect((await t.call('POST', `${R}/${copy.data.id}/Actions/Run`, { token: admin, body: {} })).code).toBe(200);
    expect((await t.call('DELETE', `${R}/${copy.data.id}`, { token: admin })).code).toBe(200);
    expect((await t.call('GET', `${R}/${copy.data.id}`, { token: admin })).status).toBe(404);
    // A report a menu opens is not deleted.
    const inUse = await t.call('DELETE', `${R}/referralReport`, { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.msg).toContain('referralReport');
  });

  it('refuses bad input with the field named', async () => {
    const def = groupedDefinition(modelId);
    const cases: [Record<string, unknown>, string][] = [
      [body({ enCode: '1bad code' }), 'enCode'],
      [body({ fullName: 'x'.repeat(5000) }), 'fullName'],
      [body({ fullName: 42 }), 'fullName'],
      [body({ definition: { ...def, columns: [] } }), 'columns'],
      [body({ definition: { ...def, columns: [{ field: 'a b; drop', title: 'x' }] } }), 'field'],
      [body({ definition: { ...def, grouping: { groupBy: ['nope'] } } }), 'groupBy'],
      [body({ definition: { ...def, charts: [{ kind: 'radar', category: 'kind', values: ['amount'] }] } }), 'kind'],
      [body({ definition: { ...def, source: { kind: 'sql', text: 'select 1' } } }), 'source'],
      [body({ definition: { ...def, columns: [{ field: 'nope', title: 'x' }], grouping: {}, headerGroups: [], charts: [] } }), 'nope'],
      [
        body({
          definition: { ...def, columns: [{ field: 'kind', title: '类别', aggregate: 'sum' }], grouping: {}, headerGroups: [], charts: [] },
        }),
        'kind',
      ],
      [body({ definition: { ...def, source: { kind: 'model', modelId: 'missing' } } }), 'missing'],
      [body({ definition: { ...def, params: [{ field: 'kind', label: 'k', type: 'dictionary' }] } }), 'dictionaryType'],
      [body({ definition: { ...def, params: [{ field: 'nope', label: 'k', type: 'text' }] } }), 'nope'],
    ];
    for (const [b, field] of cases) {
      const res = await t.call('POST', R, { token: admin, body: b });
      expect(res.status, JSON.stringify(b).slice(0, 200)).toBe(400);
      expect(res.msg, field).toContain(field);
    }
    expect((await t.call('GET', `${R}/no-such-report`, { token: admin })).status).toBe(404);
    expect((await t.call('POST', `${R}/no-such-report/Actions/Run`, { token: admin, body: {} })).status).toBe(404);
    expect((await t.call('PUT', `${R}/no-such-report`, { token: admin, body: body({ enCode: 'rptZ' }) })).status).toBe(404);
  });

  it('design follows the report-design menu’s buttons', async () => {
    const id = await insertUser(t, 'rpt_designer', { organizeId: ORG.countyHospital });
    await grantUser(t, id, [['module', await menuIdOf('dataReportDesign')]]);
    const token = await t.login('rpt_designer');
    expect((await t.call('GET', R, { token })).code).toBe(200);
    expect((await t.call('POST', R, { token, body: body({ enCode: 'rptB' }) })).status).toBe(403);
    expect((await t.call('DELETE', `${R}/dcReport`, { token })).status).toBe(403);
    const btn = await t.ctx.db
      .selectFrom('moduleButtons')
      .select('id')
      .where('moduleId', '=', await menuIdOf('dataReportDesign'))
      .where('enCode', '=', 'btn_add')
      .executeTakeFirstOrThrow();
    await grantUser(t, id, [['button', btn.id]]);
    expect((await t.call('POST', R, { token, body: body({ enCode: 'rptB' }) })).code).toBe(200);
    // Designing is not running: the report page still needs the report's own menu.
    expect((await t.call('POST', `${R}/referralReport/Actions/Run`, { token, body: {} })).status).toBe(403);
  });
});

describe('parameter defaults', () => {
  it('built-in defaults are the caller’s own values; an explicit empty value filters nothing', async () => {
    const id = await insertUser(t, 'rpt_defaults', { organizeId: ORG.tcmHospital });
    await grantUser(t, id, [['module', await menuIdOf('dataReportDesign')]]);
    const token = await t.login('rpt_defaults');
    const definition = {
      ...groupedDefinition(modelId),
      params: [{ field: 'organizeId', label: '机构', type: 'organization', defaultValue: '@organizeId' }],
    };
    const mine = await t.call('POST', `${R}/Actions/Preview`, { token, body: { definition } });
    expect(mine.code, mine.msg).toBe(200);
    const tcm = ROWS.filter((r) => r[5] === ORG.tcmHospital);
    expect(mine.data.total.amount).toBe(tcm.reduce((a, r) => a + r[2], 0));
    const all = await t.call('POST', `${R}/Actions/Preview`, { token, body: { definition, params: { organizeId: null } } });
    expect(all.data.total.amount).toBe(ROWS.reduce((a, r) => a + r[2], 0));
  });

  it('@today, @monthStart and @userId resolve for the caller', () => {
    const auth = { grants: { userId: 'u1', organizeId: 'o1' }, menu: null, hidden: new Set() } as unknown as ReportAuth;
    const now = new Date(2026, 4, 17, 15, 30).getTime();
    const v = paramValues(
      [
        { field: 'd', label: 'd', type: 'dateRange', defaultValue: '@today' },
        { field: 'm', label: 'm', type: 'dateRange', defaultValue: '@monthStart' },
        { field: 'u', label: 'u', type: 'text', defaultValue: '@userId' },
      ],
      {},
      auth,
      now,
    );
    expect(v.d).toEqual([new Date(2026, 4, 17).getTime(), new Date(2026, 4, 18).getTime() - 1]);
    expect((v.m as number[])[0]).toBe(new Date(2026, 4, 1).getTime());
    expect(v.u).toBe('u1');
    expect(() => paramValues([{ field: 'x', label: '必填', type: 'text', required: true }], {}, auth)).toThrow();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser, ORG } from '../permission/test-helpers.ts';
import { addReportMenu, createReportModel, DAY0, groupedDefinition, grantUser, ROWS } from './report-test-data.ts';

/** Running reports: sums equal to a hand computation, parameters bound, the report menu's grants and data rules enforced. */
let t: TestApp;
let admin: string;
let modelId: string;
let table: string;
let reportId: string;
const R = '/api/visualdev/DataReport';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const avg = (xs: number[]) => sum(xs) / xs.length;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ({ modelId, table } = await createReportModel(t));
  const res = await t.call('POST', R, {
    token: admin,
    body: { fullName: '测试报表', enCode: 'rptGrouped', definition: groupedDefinition(modelId) },
  });
  expect(res.code, res.msg).toBe(200);
  reportId = res.data.id;
});
afterAll(() => t.close());

describe('totals and subtotals', () => {
  it('groups, subtotals and the grand total equal a hand computation', async () => {
    const res = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { pageSize: 50 } });
    expect(res.code, res.msg).toBe(200);
    const groups = new Map<string, (typeof ROWS)[number][]>();
    for (const r of ROWS) groups.set(`${r[0]}|${r[1]}`, [...(groups.get(`${r[0]}|${r[1]}`) ?? []), r]);
    expect(res.data.pagination.total).toBe(groups.size);
    expect(res.data.rows).toHaveLength(groups.size);
    for (const row of res.data.rows) {
      const mine = groups.get(`${row.kind}|${row.ward}`)!;
      expect(row.amount).toBe(sum(mine.map((r) => r[2])));
      expect(row.qty).toBeCloseTo(avg(mine.map((r) => r[3])), 6);
      expect(row.secret).toBe(mine.length);
    }
    // Groups stay together by kind (subtotals on), each followed by its subtotal.
    const kinds = [...new Set(ROWS.map((r) => r[0]))];
    expect(res.data.subtotals).toHaveLength(kinds.length);
    for (const s of res.data.subtotals) {
      const mine = ROWS.filter((r) => r[0] === s.keys.kind);
      expect(s.level).toBe(1);
      expect(s.values.amount).toBe(sum(mine.map((r) => r[2])));
      expect(s.values.qty).toBeCloseTo(avg(mine.map((r) => r[3])), 6);
      expect(s.count).toBe(mine.length);
    }
    expect(res.data.total.amount).toBe(sum(ROWS.map((r) => r[2])));
    expect(res.data.total.qty).toBeCloseTo(avg(ROWS.map((r) => r[3])), 6);
    expect(res.data.total.secret).toBe(ROWS.length);
    expect(res.data.total.__count).toBe(ROWS.length);
    // The chart sums over every row by kind, not only the page.
    const chart = res.data.charts[0].rows as { kind: string; amount: number }[];
    for (const k of kinds) expect(chart.find((c) => c.kind === k)!.amount).toBe(sum(ROWS.filter((r) => r[0] === k).map((r) => r[2])));
  });

  it('pages the groups in SQL and keeps the grand total of every row', async () => {
    const res = await t.call('POST', `${R}/${reportId}/Actions/Run`, {
      token: admin,
      body: { pageSize: 2, currentPage: 2, sidx: 'amount', sort: 'desc' },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.rows).toHaveLength(2);
    expect(res.data.pagination).toMatchObject({ currentPage: 2, pageSize: 2, total: 5 });
    expect(res.data.total.amount).toBe(sum(ROWS.map((r) => r[2])));
    const beyond = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { pageSize: 2, currentPage: 9 } });
    expect(beyond.data.rows).toHaveLength(0);
    expect(beyond.data.pagination.total).toBe(5);
  });

  it('filters by a date range and an equal text, bound', async () => {
    const res = await t.call('POST', `${R}/${reportId}/Actions/Run`, {
      token: admin,
      body: { params: { day: [DAY0 + 86_400_000, DAY0 + 4 * 86_400_000], kind: '住院' } },
    });
    expect(res.code, res.msg).toBe(200);
    const mine = ROWS.filter((r) => r[4] >= 1 && r[4] <= 4 && r[0] === '住院');
    expect(res.data.total.amount).toBe(sum(mine.map((r) => r[2])));
  });

  it('a plain report pages detail rows with the total of all', async () => {
    const def = { ...groupedDefinition(modelId), grouping: { groupBy: [], subtotals: false, grandTotal: true }, charts: [] };
    const res = await t.call('POST', `${R}/Actions/Preview`, {
      token: admin,
      body: { definition: def, pageSize: 3, sidx: 'amount', sort: 'desc' },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.rows.map((r: { amount: number }) => r.amount)).toEqual([100, 50, 25]);
    expect(res.data.pagination.total).toBe(ROWS.length);
    expect(res.data.total.amount).toBe(sum(ROWS.map((r) => r[2])));
  });
});

describe('parameters are values, never SQL', () => {
  it('an injection-looking value matches nothing and changes nothing', async () => {
    for (const value of ["' OR '1'='1", "门诊' --", `x'); DROP TABLE ${table}; --`, '%', '_']) {
      const res = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { params: { kind: value } } });
      expect(res.code, `${value} ${res.msg}`).toBe(200);
      expect(res.data.rows).toHaveLength(0);
      expect(res.data.total).toBeNull();
    }
    // A contains filter escapes LIKE's wildcards too.
    const like = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { params: { ward: '%' } } });
    expect(like.data.rows).toHaveLength(0);
    const count = await t.ctx.db
      .withoutPlugins()
      .selectFrom(table as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(ROWS.length);
  });

  it('refuses a malformed value, an unknown sort and a huge string, naming the field', async () => {
    const range = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { params: { day: ['x', 'y'] } } });
    expect(range.status).toBe(400);
    expect(range.msg).toContain('day');
    const sort = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { sidx: 'secret2' } });
    expect(sort.status).toBe(400);
    const injSort = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { sidx: 'amount; drop table x' } });
    expect(injSort.status).toBe(400);
    const huge = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { params: { kind: 'x'.repeat(5000) } } });
    expect(huge.status).toBe(400);
    const noBody = await t.app.inject({ method: 'POST', url: `${R}/${reportId}/Actions/Run`, headers: { authorization: admin } });
    expect(noBody.statusCode).toBe(200);
    const wrongType = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { params: { kind: { $ne: 1 } } } });
    expect(wrongType.status).toBe(400);
    const badPage = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token: admin, body: { currentPage: 'one' } });
    expect(badPage.status).toBe(400);
    expect(badPage.msg).toContain('currentPage');
  });
});

describe('permissions', () => {
  let menu: Awaited<ReturnType<typeof addReportMenu>>;
  beforeAll(async () => {
    menu = await addReportMenu(t, reportId, 'rptMenu', ['kind', 'ward', 'amount', 'qty', 'secret']);
  });

  it('refuses a user without the report menu (403), allows them with it', async () => {
    const id = await insertUser(t, 'rpt_nomenu', { organizeId: ORG.countyHospital });
    const token = await t.login('rpt_nomenu');
    for (const [method, url] of [
      ['POST', `${R}/${reportId}/Actions/Run`],
      ['POST', `${R}/${reportId}/Actions/Export`],
      ['GET', `${R}/${reportId}/Config`],
      ['GET', R],
      ['POST', `${R}/Actions/Preview`],
      ['POST', R],
      ['DELETE', `${R}/${reportId}`],
    ] as const) {
      const res = await t.call(method, url, { token, body: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    await grantUser(t, id, [
      ['module', menu.menuId],
      ['resource', menu.schemes.everyRow],
      ...Object.values(menu.columnIds).map((c) => ['column', c] as [string, string]),
    ]);
    const ok = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token, body: {} });
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data.total.amount).toBe(sum(ROWS.map((r) => r[2])));
    // The report menu opens this report only: another menu id is refused.
    const other = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token, body: { menuId: '123' } });
    expect(other.status).toBe(403);
  });

  it('a user of another organisation sees only their rows (row rule of the report menu)', async () => {
    const id = await insertUser(t, 'rpt_tcm', { organizeId: ORG.tcmHospital });
    await grantUser(t, id, [
      ['module', menu.menuId],
      ['resource', menu.schemes.ownOrg],
      ...Object.values(menu.columnIds).map((c) => ['column', c] as [string, string]),
    ]);
    const token = await t.login('rpt_tcm');
    const res = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token, body: {} });
    expect(res.code, res.msg).toBe(200);
    const mine = ROWS.filter((r) => r[5] === ORG.tcmHospital);
    expect(res.data.total.amount).toBe(sum(mine.map((r) => r[2])));
    expect(res.data.total.__count).toBe(mine.length);
    for (const row of res.data.rows) expect(mine.some((r) => r[0] === row.kind && r[1] === row.ward)).toBe(true);
    const chart = res.data.charts[0].rows as { kind: string }[];
    expect(chart.map((c) => c.kind).sort()).toEqual([...new Set(mine.map((r) => r[0]))].sort());
  });

  it('a column not granted is not sent, nor aggregated, nor in the definition', async () => {
    const id = await insertUser(t, 'rpt_cols', { organizeId: ORG.countyHospital });
    await grantUser(t, id, [
      ['module', menu.menuId],
      ['resource', menu.schemes.everyRow],
      ...Object.entries(menu.columnIds)
        .filter(([k]) => k !== 'amount')
        .map(([, c]) => ['column', c] as [string, string]),
    ]);
    const token = await t.login('rpt_cols');
    const res = await t.call('POST', `${R}/${reportId}/Actions/Run`, { token, body: {} });
    expect(res.code, res.msg).toBe(200);
    for (const row of res.data.rows) expect(row).not.toHaveProperty('amount');
    expect(res.data.total).not.toHaveProperty('amount');
    expect(res.data.definition.columns.map((c: { field: string }) => c.field)).not.toContain('amount');
    expect(res.data.charts).toHaveLength(0); // its only value was the hidden column
    const config = await t.call('GET', `${R}/${reportId}/Config`, { token });
    expect(JSON.stringify(config.data.definition.columns)).not.toContain('"amount"');
    const exported = await t.app.inject({
      method: 'POST',
      url: `${R}/${reportId}/Actions/Export`,
      headers: { authorization: token },
      payload: {},
    });
    expect(exported.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as never);
    const text = JSON.stringify(wb.worksheets[0]!.getSheetValues());
    expect(text).not.toContain('金额');
    expect(text).toContain('数量');
  });
});

describe('export', () => {
  it('writes merged header groups, subtotals and the total', async () => {
    const exported = await t.app.inject({
      method: 'POST',
      url: `${R}/${reportId}/Actions/Export`,
      headers: { authorization: admin },
      payload: {},
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('测试报表');
    // Row 2: 类别 and 病区 span both header rows; 指标 spans amount and qty.
    expect(ws.getCell('C2').value).toBe('指标');
    expect(ws.getCell('C2').isMerged).toBe(true);
    expect(ws.getCell('D2').master.address).toBe('C2');
    expect(ws.getCell('A3').master.address).toBe('A2');
    expect(ws.getCell('C3').value).toBe('金额');
    const values = (ws.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const last = values.at(-1)!;
    expect(last[0]).toBe('合计');
    expect(last[2]).toBe(sum(ROWS.map((r) => r[2])));
    const subtotalRows = values.filter((r) => r.includes('小计'));
    expect(subtotalRows).toHaveLength(3);
  });
});

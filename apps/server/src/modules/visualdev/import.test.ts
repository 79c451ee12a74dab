import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormField } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { invalidateGrants } from '../permission/grants.service.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { createTestModel, grant, testFields, type TestModel } from './records-test-model.ts';

/**
 * Record import with sub-table rows (master-detail sheets): template and
 * export carry the sub-table columns, an exported workbook imports back to the
 * same records and sub rows, problems are reported per sheet row naming the
 * sub-table field, all-or-nothing holds for sub rows, and hostile sheets are
 * refused or stored safely.
 */
let t: TestApp;
let token: string;
let m: TestModel;
const O = '/api/visualdev/OnlineDev';

const ROUTES = [
  { id: 'po', fullName: '口服' },
  { id: 'iv', fullName: '静脉' },
];
const fields: FormField[] = [
  ...testFields.map((f) =>
    f.field === 'items'
      ? {
          ...f,
          children: [
            ...f.children!,
            { id: 'fi3', type: 'select', field: 'route', label: '途径', options: { source: 'static', items: ROUTES } } as FormField,
          ],
        }
      : f,
  ),
  {
    id: 'fc',
    type: 'table',
    field: 'checks',
    tableName: 'checks',
    label: '检查项目',
    children: [
      { id: 'fc1', type: 'input', field: 'name', label: '名称', required: true, maxLength: 30 },
      { id: 'fc2', type: 'datePicker', field: 'checkedAt', label: '检查日期' },
    ],
  },
];

type Cell = string | number | null | Date | ExcelJS.CellValue;

async function workbook(rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(buffer: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  const rows: unknown[][] = [];
  // Dense rows (holes as null): exceljs's addRow reads an array whose first item is a hole as 1-based.
  wb.worksheets[0]!.eachRow({ includeEmpty: true }, (r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => v ?? null)));
  return rows;
}

interface Outcome {
  code: number;
  msg: string;
  data: { snum: number; fnum: number; errors: { row: number; field?: string; msg: string }[] };
}

async function upload(buffer: Buffer, allOrNothing: boolean, as = token): Promise<Outcome> {
  const boundary = '----imp' + Date.now();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="allOrNothing"\r\n\r\n${allOrNothing ? 1 : 0}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: `${O}/${m.modelId}/Actions/Import`,
    headers: { authorization: as, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), buffer, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return res.json();
}

const list = async (queryJson: Record<string, unknown>) =>
  (await t.call('POST', `${O}/${m.modelId}/List`, { token, body: { queryJson, pageSize: 100 } })).data;
const read = async (id: string) => (await t.call('GET', `${O}/${m.modelId}/${id}`, { token })).data.data;
const byCode = async (code: string) => {
  const rows = (await list({ code })).list as { id: string }[];
  return Promise.all(rows.map((r) => read(r.id)));
};
const count = async (table: string) =>
  Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.ctx.db.withoutPlugins())).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
  m = await createTestModel(t, 'rtImport', { fields });
});
afterAll(() => t.close());

const HEADER = ['姓名 *', '编号', '年龄', '明细-药品 *', '明细-剂量', '明细-途径', '检查项目-名称 *', '检查项目-检查日期'];

describe('template and export carry the sub-tables', () => {
  it('heads sub-table columns "<table>-<column>", required ones starred, after the main fields; filled in, it imports', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${O}/${m.modelId}/Template`, headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    const [headers] = (await readXlsx(res.rawPayload)) as string[][];
    expect(headers).toEqual(
      expect.arrayContaining(['姓名 *', '明细-药品 *', '明细-剂量', '明细-途径', '检查项目-名称 *', '检查项目-检查日期']),
    );
    expect(headers).not.toContain('合计');
    expect(headers!.indexOf('明细-药品 *')).toBeGreaterThan(headers!.indexOf('姓名 *'));
    // A help sheet follows; a template filled in on its first sheet imports.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual([expect.any(String), '填写说明']);
    const at = (h: string) => headers!.indexOf(h) + 1;
    const first = wb.worksheets[0]!;
    const line = first.getRow(2);
    line.getCell(at('姓名 *')).value = '模板病人';
    line.getCell(at('编号')).value = 'TPL';
    line.getCell(at('明细-药品 *')).value = '甲药';
    line.getCell(at('检查项目-名称 *')).value = '乙项';
    first.getRow(3).getCell(at('明细-药品 *')).value = '丙药';
    const outcome = await upload(Buffer.from(await wb.xlsx.writeBuffer()), true);
    expect(outcome.data).toMatchObject({ snum: 1, fnum: 0 });
    const [rec] = await byCode('TPL');
    expect(rec.items.map((i: { drug: string }) => i.drug)).toEqual(['甲药', '丙药']);
  });
});

describe('round trip', () => {
  it('exports records with their sub rows below them and imports the file back to the same records', async () => {
    const a = await t.call('POST', `${O}/${m.modelId}`, {
      token,
      body: {
        data: {
          patientName: '甲病人',
          code: 'RT1',
          age: 41,
          kind: 'i',
          visitDate: Date.UTC(2024, 4, 2, 8, 30),
          items: [
            { drug: '阿莫西林', dose: 2, route: 'po' },
            { drug: '生理盐水', dose: 250, route: 'iv' },
            { drug: '维生素C', dose: null },
          ],
          checks: [{ name: '血常规', checkedAt: Date.UTC(2024, 4, 3) }],
        },
      },
    });
    expect(a.code).toBe(200);
    const b = await t.call('POST', `${O}/${m.modelId}`, {
      token,
      body: { data: { patientName: '乙病人', code: 'RT1', age: 7, items: [], checks: [{ name: '尿常规' }, { name: '胸片' }] } },
    });
    expect(b.code).toBe(200);
    const exported = await t.app.inject({
      method: 'POST',
      url: `${O}/${m.modelId}/Actions/ExportData`,
      headers: { authorization: token },
      payload: {
        dataType: '1',
        selectKey: ['patientName', 'code', 'age', 'kind', 'visitDate', 'items', 'checks'],
        queryJson: { code: 'RT1' },
        sidx: 'age',
        sort: 'desc',
      },
    });
    expect(exported.statusCode).toBe(200);
    const rows = await readXlsx(exported.rawPayload);
    expect(rows[0]).toEqual([
      '姓名',
      '编号',
      '年龄',
      '就诊日期',
      '类别',
      '明细-药品',
      '明细-剂量',
      '明细-途径',
      '检查项目-名称',
      '检查项目-检查日期',
    ]);
    // 甲: three lines (three items, one check), 乙: two lines (two checks); continuation lines leave the main columns empty.
    expect(rows).toHaveLength(6);
    expect(rows[1]!.slice(0, 3)).toEqual(['甲病人', 'RT1', 41]);
    expect(rows[1]!.slice(5, 10)).toEqual(['阿莫西林', 2, '口服', '血常规', '2024-05-03 00:00:00']);
    expect(rows[2]!.slice(0, 5).every((v) => v === '' || v === null || v === undefined)).toBe(true);
    expect(rows[2]!.slice(5, 8)).toEqual(['生理盐水', 250, '静脉']);
    expect(rows[4]!.slice(0, 2)).toEqual(['乙病人', 'RT1']);
    expect(rows[5]![8]).toBe('胸片');

    // The same file under another code imports back to the same records.
    const again = rows.map((r, i) => (i > 0 && r[1] === 'RT1' ? r.map((v, c) => (c === 1 ? 'RT2' : v)) : r)) as Cell[][];
    const outcome = await upload(await workbook(again), true);
    expect(outcome.code).toBe(200);
    expect(outcome.data.errors).toEqual([]);
    expect(outcome.data).toMatchObject({ snum: 2, fnum: 0 });
    const original = (await byCode('RT1')).sort((x, y) => x.age - y.age);
    const copy = (await byCode('RT2')).sort((x, y) => x.age - y.age);
    expect(copy).toHaveLength(2);
    const strip = (r: Record<string, unknown>[]) =>
      r.map(({ drug, dose, route, name, checkedAt, sortCode }) =>
        Object.fromEntries(Object.entries({ drug, dose, route, name, checkedAt, sortCode }).filter(([, v]) => v !== undefined)),
      );
    for (const [o, c] of original.map((o, i) => [o, copy[i]] as const)) {
      for (const key of ['patientName', 'age', 'kind', 'visitDate']) expect(c[key]).toEqual(o[key]);
      expect(strip(c.items)).toEqual(strip(o.items));
      expect(strip(c.checks)).toEqual(strip(o.checks));
    }
    expect(copy[1].items.map((i: { route: string }) => i.route)).toEqual(['po', 'iv', null]);
  });

  it('reads headers written as keys (code, items.drug)', async () => {
    const outcome = await upload(
      await workbook([
        ['patientName', 'code', 'items.drug', 'items.dose', 'checks.name'],
        ['丙病人', 'KEY1', '布洛芬', 1, '心电图'],
        [null, null, '对乙酰氨基酚', 2, null],
      ]),
      true,
    );
    expect(outcome.data).toMatchObject({ snum: 1, fnum: 0 });
    const [rec] = await byCode('KEY1');
    expect(rec.items.map((i: { drug: string }) => i.drug)).toEqual(['布洛芬', '对乙酰氨基酚']);
    expect(rec.checks).toHaveLength(1);
  });
});

describe('headers two fields would share', () => {
  it('carry the field key in brackets, in the template and on import', async () => {
    const dup = await createTestModel(t, 'rtDupLabel', {
      fields: [
        { id: 'd1', type: 'input', field: 'first', label: '名称', required: true },
        { id: 'd2', type: 'input', field: 'second', label: '名称' },
      ],
      list: { columns: [], search: [], defaultSort: undefined },
    });
    const tpl = await t.app.inject({ method: 'GET', url: `${O}/${dup.modelId}/Template`, headers: { authorization: token } });
    const [headers] = (await readXlsx(tpl.rawPayload)) as string[][];
    expect(headers).toEqual(['名称 [first] *', '名称 [second]']);
    const saved = m;
    m = dup;
    try {
      const outcome = await upload(
        await workbook([
          ['名称 [second]', '名称 [first]'],
          ['乙', '甲'],
        ]),
        true,
      );
      expect(outcome.data).toMatchObject({ snum: 1, fnum: 0 });
      const [row] = (await t.call('POST', `${O}/${dup.modelId}/List`, { token, body: {} })).data.list;
      expect(row).toMatchObject({ first: '甲', second: '乙' });
    } finally {
      m = saved;
    }
  });
});

describe('sub-row errors and all-or-nothing', () => {
  const sheet: Cell[][] = [
    HEADER,
    ['好一', 'AON', 30, '药一', 1, '口服', '项一', null],
    [null, null, null, '药二', 2, '静脉', null, null],
    ['坏二', 'AON', 31, '药三', 1, null, '项二', null],
    [null, null, null, null, 'abc', null, null, null], // 明细-药品 missing and 剂量 not a number
    [null, null, null, '药四', 1, '肌注', null, null], // 途径 not an option
    [null, null, null, null, null, null, null, '2024-13-45'], // 检查项目-名称 missing, date invalid
    ['好三', 'AON', 32, null, null, null, '项三', '2024-05-06'],
  ];

  it('reports each bad sheet row with the sub-table field named, and all-or-nothing writes nothing', async () => {
    const [mainBefore, itemsBefore, checksBefore] = [
      await count('lc_rt_import'),
      await count('lc_rt_import__items'),
      await count('lc_rt_import__checks'),
    ];
    const none = await upload(await workbook(sheet), true);
    expect(none.code).toBe(200);
    expect(none.data.snum).toBe(0);
    expect(none.data.fnum).toBe(1);
    expect((none.data as { msg?: string }).msg).toMatch(/3 行/);
    expect(none.data.errors.map((e) => [e.row, e.field])).toEqual([
      [4, 'items.drug'],
      [5, 'items.route'],
      [6, 'checks.name'],
    ]);
    expect(none.data.errors[0]!.msg).toMatch(/明细-药品不能为空/);
    expect(none.data.errors[1]!.msg).toMatch(/明细-途径的值 肌注 不在可选项中/);
    expect(none.data.errors[2]!.msg).toMatch(/检查项目-名称不能为空/);
    expect([await count('lc_rt_import'), await count('lc_rt_import__items'), await count('lc_rt_import__checks')]).toEqual([
      mainBefore,
      itemsBefore,
      checksBefore,
    ]);

    const some = await upload(await workbook(sheet), false);
    expect(some.data).toMatchObject({ snum: 2, fnum: 1 });
    const written = await byCode('AON');
    expect(written.map((r) => r.patientName).sort()).toEqual(['好一', '好三']);
    const one = written.find((r) => r.patientName === '好一');
    expect(one.items.map((i: { drug: string; route: string }) => [i.drug, i.route])).toEqual([
      ['药一', 'po'],
      ['药二', 'iv'],
    ]);
    const three = written.find((r) => r.patientName === '好三');
    expect(three.items).toEqual([]);
    expect(three.checks[0]).toMatchObject({ name: '项三', checkedAt: Date.UTC(2024, 4, 6) });
    // The refused record's good sub rows were not written either.
    expect(await count('lc_rt_import__items')).toBe(itemsBefore + 2);
    expect(await count('lc_rt_import__checks')).toBe(checksBefore + 2);
  });

  it('answers in English too, and refuses sub rows above any record', async () => {
    const outcome = await upload(
      await workbook([HEADER, [null, null, null, '孤儿药', 1, null, null, null], ['有主', 'ORPH', 1, '药', 1, null, null, null]]),
      false,
    );
    expect(outcome.data).toMatchObject({ snum: 1, fnum: 1 });
    expect(outcome.data.errors[0]).toMatchObject({ row: 1 });
    expect(outcome.data.errors[0]!.msg).toMatch(/子表/);
    const en = await t.app.inject({
      method: 'POST',
      url: `${O}/${m.modelId}/Actions/Import`,
      headers: {
        authorization: token,
        'accept-language': 'en',
        'content-type': 'multipart/form-data; boundary=xx',
      },
      payload: Buffer.concat([
        Buffer.from('--xx\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n'),
        await workbook([HEADER, ['英文', 'EN', 1, null, 'x', null, null, null]]),
        Buffer.from('\r\n--xx--\r\n'),
      ]),
    });
    const body = en.json() as Outcome;
    expect(body.data.errors[0]!.field).toBe('items.drug');
    expect(body.data.errors[0]!.msg).toMatch(/明细-药品 is required/);
  });
});

describe('large imports', () => {
  it('writes thousands of records and sub rows over several INSERTs and keeps the contains search (trigram index) in step', async () => {
    const N = 2100;
    // Names may hold no digits (the model's rule): 1234 → 'bcde'.
    const letters = (i: number) =>
      String(i)
        .padStart(5, '0')
        .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const sheet: Cell[][] = [HEADER];
    for (let i = 0; i < N; i++) {
      sheet.push([`批量病人${letters(i)}`, 'BULK', i % 100, `药${i}`, 1, '口服', `项${i}`, null]);
      sheet.push([null, null, null, `药${i}b`, 2, null, null, null]);
    }
    const [mainBefore, itemsBefore] = [await count('lc_rt_import'), await count('lc_rt_import__items')];
    const outcome = await upload(await workbook(sheet), true);
    expect(outcome.data).toMatchObject({ snum: N, fnum: 0 });
    expect(await count('lc_rt_import')).toBe(mainBefore + N);
    expect(await count('lc_rt_import__items')).toBe(itemsBefore + 2 * N);
    const found = await list({ patientName: '病人abcde' });
    expect(found.list.map((r: { patientName: string }) => r.patientName)).toEqual(['批量病人abcde']);
    const [rec] = await Promise.all([read(found.list[0].id)]);
    expect(rec.items.map((i: { drug: string }) => i.drug)).toEqual(['药1234', '药1234b']);
    expect(rec.checks.map((c: { name: string }) => c.name)).toEqual(['项1234']);
  });
});

describe('hostile sheets', () => {
  it('stores formula results, refuses formulas without one and error cells, refuses oversized cells and wrong types', async () => {
    const huge = 'x'.repeat(40_000);
    const outcome = await upload(
      await workbook([
        [...HEADER, '备注', '病历'],
        ['公式', 'HOS', { formula: '20+22', result: 42 }, '药', 1, null, null, null, null, null],
        ['无值公式', 'HOS', { formula: '1+1' }, '药', 1, null, null, null, null, null],
        ['错误值', 'HOS', { error: '#DIV/0!' }, '药', 1, null, null, null, null, null],
        ['长备注', 'HOS', 1, '药', 1, null, null, null, huge, null],
        ['长药名', 'HOS', 1, 'y'.repeat(40_000), 1, null, null, null, null, null],
        ['类型', 'HOS', '三十', '药', 'abc', null, null, null, null, null],
        ['超长姓名'.repeat(10), 'HOS', 1, '药', 1, null, null, null, null, null],
      ]),
      false,
    );
    expect(outcome.code).toBe(200);
    expect(outcome.data.snum).toBe(1);
    expect(outcome.data.errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'age'],
      [3, 'age'],
      [4, 'secret'],
      [5, 'items.drug'],
      [6, 'age'],
      [7, 'patientName'],
    ]);
    expect(outcome.data.errors[0]!.msg).toMatch(/年龄：单元格是没有计算结果的公式/);
    expect(outcome.data.errors[2]!.msg).toMatch(/32767/);
    expect(outcome.data.errors[4]!.msg).toMatch(/年龄的值类型不正确/);
    const [stored] = await byCode('HOS');
    expect(stored).toMatchObject({ patientName: '公式', age: 42 });
  });

  it('stores HTML and SQL as text, sanitizes rich text, never lets a sheet set system columns', async () => {
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const sqlText = `'); drop table lc_rt_import; --`;
    const outcome = await upload(
      await workbook([
        ['姓名', '编号', '备注', '病历', 'id', 'creatorUserId', '创建人', '合计', '明细-药品'],
        ['网页', 'HTML', sqlText, `<p>复诊</p>${html}<a href="javascript:alert(3)">x</a>`, 'forged-id', 'forged', 'forged', 999, html],
      ]),
      true,
    );
    expect(outcome.data).toMatchObject({ snum: 1, fnum: 0 });
    const [stored] = await byCode('HTML');
    expect(stored.id).not.toBe('forged-id');
    expect(stored.creatorUserId).not.toBe('forged');
    expect(stored.creator).not.toBe('forged');
    expect(stored.secret).toBe(sqlText);
    expect(String(stored.notes)).toContain('复诊');
    expect(String(stored.notes)).not.toMatch(/onerror|<script|javascript:/i);
    expect(stored.items[0].drug).toBe(html); // plain text, shown escaped by the renderer
    expect(await count('lc_rt_import')).toBeGreaterThan(0);
  });

  it('refuses files that are not workbooks', async () => {
    for (const bad of [Buffer.from('not a workbook'), Buffer.from('PK\u0003\u0004garbage'), Buffer.alloc(0)]) {
      const res = await upload(bad, false);
      expect(res.code).toBe(400);
    }
  });
});

/** A user with their own grants. */
async function userWith(account: string, grants: [string, string[]][]) {
  const id = await insertUser(t, account);
  for (const [type, ids] of grants) await grant(t, m, type, ids, id);
  invalidateGrants(t.ctx);
  return t.login(account);
}

describe('permissions', () => {
  it('a user without the import button gets 403 for the template and the import', async () => {
    const other = await userWith('imp_nobutton', [
      ['module', [m.menuId]],
      ['button', [m.buttonIds.btn_add!]],
    ]);
    const tpl = await t.app.inject({ method: 'GET', url: `${O}/${m.modelId}/Template`, headers: { authorization: other } });
    expect(tpl.statusCode).toBe(403);
    const res = await upload(await workbook([HEADER, ['无权', 'NOPE', 1, '药', null, null, '项', null]]), false, other);
    expect(res.code).toBe(403);
    expect((await list({ code: 'NOPE' })).pagination.total).toBe(0);
  });

  it('a sub-table the user may not write is neither in their template nor read from their sheet', async () => {
    const user = await userWith('imp_noitems', [
      ['module', [m.menuId]],
      ['button', [m.buttonIds.btn_import!]],
      ['form', Object.entries(m.formIds).flatMap(([k, id]) => (k === 'items' ? [] : [id]))],
    ]);
    const tpl = await t.app.inject({ method: 'GET', url: `${O}/${m.modelId}/Template`, headers: { authorization: user } });
    const [headers] = (await readXlsx(tpl.rawPayload)) as string[][];
    expect(headers).toContain('姓名 *');
    expect(headers!.some((h) => h.startsWith('明细-'))).toBe(false);
    expect(headers).toContain('检查项目-名称 *');
    const res = await upload(await workbook([HEADER, ['锁定', 'LOCK', 1, '偷偷写入', 1, null, '项', null]]), true, user);
    expect(res.data).toMatchObject({ snum: 1, fnum: 0 });
    const [rec] = await byCode('LOCK');
    expect(rec.items).toEqual([]);
    expect(rec.checks.map((c: { name: string }) => c.name)).toEqual(['项']);
  });
});

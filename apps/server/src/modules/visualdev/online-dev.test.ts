import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestModel, type TestModel } from './records-test-model.ts';

/** OnlineDev runtime as an administrator: validation, system fields, sub-tables, every match type, sort, paging, export and import. */
let t: TestApp;
let token: string;
let m: TestModel;
const O = '/api/visualdev/OnlineDev';

const record = (over: Record<string, unknown> = {}) => ({
  patientName: '张三',
  code: 'C1',
  age: 30,
  visitDate: Date.UTC(2024, 4, 1),
  kind: 'o',
  blood: m.blood.a,
  tags: ['a'],
  price: 2.5,
  qty: 4,
  total: 999,
  creator: 'forged',
  billNo: 'forged',
  items: [{ drug: '阿司匹林', dose: 1 }],
  ...over,
});

const create = (data: unknown) => t.call('POST', `${O}/${m.modelId}`, { token, body: { data } });
const list = (body: Record<string, unknown> = {}) => t.call('POST', `${O}/${m.modelId}/List`, { token, body });

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(buffer: Buffer, allOrNothing: boolean) {
  const boundary = '----rt' + Date.now();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="allOrNothing"\r\n\r\n${allOrNothing ? 1 : 0}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), buffer, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const raw = await t.app.inject({
    method: 'POST',
    url: `${O}/${m.modelId}/Actions/Import`,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return raw.json();
}

async function readXlsx(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
  m = await createTestModel(t);
});
afterAll(() => t.close());

describe('create and read', () => {
  it('creates a record with sub rows; the server fills system fields, bill numbers and recomputes calculate', async () => {
    const res = await create(record());
    expect(res.code).toBe(200);
    const read = await t.call('GET', `${O}/${m.modelId}/${res.data.id}`, { token });
    expect(read.code).toBe(200);
    const d = read.data.data;
    expect(d.total).toBe(10);
    expect(d.creator).not.toBe('forged');
    expect(d.creatorUserId).toBe(d.creator);
    expect(typeof d.created).toBe('number');
    expect(d.billNo).toMatch(/^ZZ\d{8}\d{4}$/);
    expect(d.tags).toEqual(['a']);
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({ drug: '阿司匹林', dose: 1, sortCode: 0, parentId: res.data.id });
  });

  it('stores rich text through the sanitizer: no script, handler or javascript: link survives', async () => {
    const notes =
      '<p style="color:red">复诊<img src=x onerror="alert(1)"><a href="javascript:alert(2)">链接</a></p><script>alert(3)</script>';
    const created = await create(record({ notes }));
    expect(created.code).toBe(200);
    const read = await t.call('GET', `${O}/${m.modelId}/${created.data.id}`, { token });
    const stored = String(read.data.data.notes);
    expect(stored).toContain('复诊');
    expect(stored).toContain('color:red');
    expect(stored).not.toMatch(/onerror|javascript:|<script/i);
  });

  it('accepts data as JSON text, and refuses malformed JSON', async () => {
    expect((await create(JSON.stringify(record({ code: 'JSON' })))).code).toBe(200);
    const bad = await create('{"patientName":');
    expect(bad.status).toBe(400);
    expect((await create([1, 2])).status).toBe(400);
  });

  it('refuses invalid records naming the field, and writes nothing', async () => {
    const before = (await list()).data.pagination.total;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ patientName: '' }, /姓名不能为空/],
      [{ patientName: '张3' }, /姓名不能含数字/],
      [{ patientName: '张'.repeat(21) }, /姓名不能超过 20/],
      [{ age: 151 }, /年龄不能大于 150/],
      [{ kind: 'x' }, /类别/],
      [{ blood: 'not-an-item' }, /血型/],
      [{ tags: ['zzz'] }, /标签/],
      [{ items: [{ dose: 1 }] }, /药品不能为空/],
      [{ patientName: 'x'.repeat(100_000) }, /姓名/],
    ];
    for (const [over, msg] of cases) {
      const res = await create(record(over));
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(res.msg).toMatch(msg);
    }
    expect((await list()).data.pagination.total).toBe(before);
  });

  it('answers display values on DataChange', async () => {
    const { data } = await create(record({ code: 'DC', kind: 'i', blood: m.blood.b, tags: ['a', 'b'] }));
    const res = await t.call('GET', `${O}/${m.modelId}/${data.id}/DataChange`, { token });
    expect(res.data.data).toMatchObject({ kind: '住院', blood: 'B型', tags: '甲,乙' });
    expect(res.data.data.creator).toMatch(/admin/);
  });

  it('answers 404 for unknown models and records', async () => {
    expect((await t.call('GET', `${O}/nope/Config`, { token })).status).toBe(404);
    expect((await t.call('GET', `${O}/${m.modelId}/123`, { token })).status).toBe(404);
    expect((await t.call('PUT', `${O}/${m.modelId}/123`, { token, body: { data: record() } })).status).toBe(404);
    expect((await t.call('DELETE', `${O}/${m.modelId}/123`, { token })).status).toBe(404);
  });
});

describe('list', () => {
  beforeAll(async () => {
    for (let i = 0; i < 25; i++)
      await create(
        record({
          patientName: `病人${i}号`.replace(/\d/g, (d) => '零一二三四五六七八九'[+d]!),
          code: `L${i}`,
          age: i,
          kind: i % 2 ? 'i' : 'o',
          tags: i % 3 ? ['a'] : ['b'],
          visitDate: Date.UTC(2024, 0, 1 + i),
        }),
      );
  });

  it('pages in SQL with a total', async () => {
    const p1 = await list({ currentPage: 1, pageSize: 20, queryJson: { code: 'L3' } });
    expect(p1.data.pagination.total).toBe(1);
    const all = await list({ currentPage: 2, pageSize: 20 });
    expect(all.data.list.length).toBe(all.data.pagination.total - 20);
  });

  it('filters by every match type', async () => {
    const names = (r: { data: { list: { code: string }[] } }) => r.data.list.map((x) => x.code).sort();
    expect(names(await list({ queryJson: { code: 'L7' } }))).toEqual(['L7']);
    expect(names(await list({ queryJson: JSON.stringify({ age: [3, 5] }) }))).toEqual(['L3', 'L4', 'L5']);
    expect(names(await list({ json: { age: [null, 1] } }))).toContain('L0');
    const ins = await list({ queryJson: { kind: ['i'], age: [0, 5] } });
    expect(names(ins)).toEqual(['L1', 'L3', 'L5']);
    expect(names(await list({ queryJson: { visitDate: [Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 3)] } }))).toEqual(['L1', 'L2']);
    // contains: three characters (trigram index), two and one (LIKE)
    expect(names(await list({ queryJson: { patientName: '病人一二' } }))).toEqual(['L12']);
    expect(names(await list({ queryJson: { patientName: '二号' } }))).toEqual(['L12', 'L2', 'L22']);
    expect(names(await list({ queryJson: { patientName: '九' } }))).toEqual(['L19', 'L9']);
    // equal on a multi-value field: holds the value
    expect(names(await list({ queryJson: { tags: 'b', age: [0, 7] } }))).toEqual(['L0', 'L3', 'L6']);
    expect(names(await list({ keyword: '一四', queryJson: { age: [0, 30] } }))).toEqual(['L14']);
  });

  it('sorts by allowed columns only', async () => {
    const asc = await list({ sidx: 'age', sort: 'asc', queryJson: { age: [0, 30] } });
    const ages = asc.data.list.map((r: { age: number }) => r.age);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    const desc = await list({ sidx: 'age', sort: 'desc', queryJson: { age: [0, 29] } });
    expect(desc.data.list[0].age).toBe(24);
    expect((await list({ sidx: 'items.drug' })).code).toBe(200);
    for (const sidx of ['code', 'secret', 'id; drop table users', 'age desc', 'patientName" --']) {
      const res = await list({ sidx });
      expect(res.status, sidx).toBe(400);
    }
  });

  it('refuses filters outside the search definition and bad values; SQL in values is data', async () => {
    expect((await list({ queryJson: { secret: 'x' } })).status).toBe(400);
    expect((await list({ queryJson: { 'code" or 1=1 --': 'x' } })).status).toBe(400);
    expect((await list({ queryJson: { age: ['x', 'y'] } })).status).toBe(400);
    expect((await list({ queryJson: { kind: Array(600).fill('o') } })).status).toBe(400);
    expect((await list({ queryJson: '{bad json' })).status).toBe(400);
    const injected = await list({ queryJson: { code: "' or '1'='1" } });
    expect(injected.code).toBe(200);
    expect(injected.data.pagination.total).toBe(0);
    expect((await list({ queryJson: { patientName: "%' or 1=1 --" } })).data.pagination.total).toBe(0);
    expect((await list({ queryJson: { patientName: '%' } })).data.pagination.total).toBe(0);
  });

  it('answers display values', async () => {
    const res = await list({ queryJson: { code: 'L1' } });
    expect(res.data.list[0]).toMatchObject({ kind: '住院', blood: 'A型' });
  });
});

describe('update and delete', () => {
  it('updates fields and replaces sub rows; calculate recomputed', async () => {
    const { data } = await create(record({ code: 'U1' }));
    const res = await t.call('PUT', `${O}/${m.modelId}/${data.id}`, {
      token,
      body: { id: data.id, data: JSON.stringify(record({ code: 'U2', qty: 10, items: [{ drug: 'b' }, { drug: 'c' }] })) },
    });
    expect(res.code).toBe(200);
    const read = (await t.call('GET', `${O}/${m.modelId}/${data.id}`, { token })).data.data;
    expect(read).toMatchObject({ code: 'U2', total: 25 });
    expect(read.items.map((r: { drug: string }) => r.drug)).toEqual(['b', 'c']);
    expect(typeof read.lastModifyTime).toBe('number');
    const bad = await t.call('PUT', `${O}/${m.modelId}/${data.id}`, { token, body: { data: record({ age: -1 }) } });
    expect(bad.status).toBe(400);
  });

  it('deletes one and many, with their sub rows', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create(record({ code: `D${i}` }))).data.id);
    expect((await t.call('DELETE', `${O}/${m.modelId}/${ids[0]}`, { token })).code).toBe(200);
    expect((await t.call('POST', `${O}/batchDelete/${m.modelId}`, { token, body: { ids: ids.slice(1) } })).code).toBe(200);
    expect((await list({ queryJson: { code: 'D1' } })).data.pagination.total).toBe(0);
    const subs = await t.ctx.db
      .withoutPlugins()
      .selectFrom('lc_rt_visit__items' as never)
      .select('id' as never)
      .where('parent_id' as never, 'in', ids as never)
      .execute();
    expect(subs).toHaveLength(0);
    expect((await t.call('POST', `${O}/batchDelete/${m.modelId}`, { token, body: { ids: ['nope'] } })).status).toBe(404);
  });
});

describe('export and import', () => {
  it('exports the chosen columns, this page or all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${O}/${m.modelId}/Actions/ExportData`,
      headers: { authorization: token },
      payload: { dataType: '1', selectKey: ['code', 'kind', 'blood'], queryJson: { age: [0, 2] } },
    });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['编号', '类别', '血型']);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(['L0', 'L1', 'L2']));
    const page = await t.app.inject({
      method: 'POST',
      url: `${O}/${m.modelId}/Actions/Export`,
      headers: { authorization: token },
      payload: { dataType: '0', pageSize: 2 },
    });
    expect((await readXlsx(page.rawPayload)).length).toBe(3);
  });

  it('imports what it exported; per-row errors; all-or-nothing writes nothing', async () => {
    const tpl = await t.app.inject({ method: 'GET', url: `${O}/${m.modelId}/Template`, headers: { authorization: token } });
    const headers = (await readXlsx(tpl.rawPayload))[0] as string[];
    expect(headers).toContain('姓名 *');
    expect(headers).not.toContain('合计');
    const exported = await t.app.inject({
      method: 'POST',
      url: `${O}/${m.modelId}/Actions/ExportData`,
      headers: { authorization: token },
      payload: {
        dataType: '1',
        selectKey: ['patientName', 'code', 'age', 'visitDate', 'kind', 'blood', 'tags'],
        queryJson: { code: 'L4' },
      },
    });
    const rows = await readXlsx(exported.rawPayload);
    const again = rows.map((r, i) => (i === 0 ? r : [...r.slice(0, 1), 'IMP', ...r.slice(2)])) as (string | number)[][];
    const before = (await list()).data.pagination.total;
    const ok1 = await upload(await workbook(again), true);
    expect(ok1.data).toMatchObject({ snum: 1, fnum: 0 });
    const imported = (await list({ queryJson: { code: 'IMP' } })).data.list[0];
    expect(imported).toMatchObject({ patientName: '病人四号', age: 4, kind: 'o'.replace('o', '门诊'), blood: 'A型' });
    const mixed = [rows[0]!, ['好人', 'G1', 5], ['坏3', 'B1', 5], ['', 'B2', 5], ['好人', 'B3', 5, null, '不存在']] as (
      string | number | null
    )[][];
    const none = await upload(await workbook(mixed), true);
    expect(none.data.snum).toBe(0);
    expect(none.data.errors.map((e: { row: number }) => e.row)).toEqual([2, 3, 4]);
    expect(none.data.errors[0].msg).toMatch(/姓名不能含数字/);
    expect((await list()).data.pagination.total).toBe(before + 1);
    const some = await upload(await workbook(mixed), false);
    expect(some.data).toMatchObject({ snum: 1, fnum: 3 });
    expect((await list()).data.pagination.total).toBe(before + 2);
    const notXlsx = await upload(Buffer.from('not a workbook'), false);
    expect(notXlsx.code).toBe(400);
  });
});

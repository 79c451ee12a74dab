import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIELD_TYPE_NAMES,
  fieldTypeInfo,
  formDefinition,
  holdsValue,
  listDefinition,
  type FieldType,
  type FormField,
  type ModelBody,
} from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createModel } from './base.service.ts';
import { releaseModel } from './release.service.ts';

/**
 * Every value-holding field type of the registry in one released model: a
 * valid value round-trips in its stored shape, an invalid one is refused with
 * the field named, server-filled ones ignore the browser. Then a model bound
 * to an existing table: listed, filtered, sorted and read through the same
 * list-query layer, and refused on write.
 */
let t: TestApp;
let token: string;
const O = '/api/visualdev/OnlineDev';
const key = (type: string) => `x_${type}`;
const label = (type: string) => `L-${type}`;
const items = (...ids: string[]) => ({ source: 'static' as const, items: ids.map((id) => ({ id, fullName: id.toUpperCase() })) });

/** Per type: extra properties of the field. */
const props: Partial<Record<FieldType, Partial<FormField>>> = {
  input: { maxLength: 5 },
  inputNumber: { min: 0, max: 100 },
  radio: { options: items('r1', 'r2') },
  checkbox: { options: items('a', 'b') },
  select: { options: items('s1', 's2') },
  cascader: { options: { source: 'static', items: [{ id: 'p', fullName: 'P', children: [{ id: 'c', fullName: 'C' }] }] } },
  treeSelect: { options: items('t1') },
  dicSelect: { options: items('d1') },
  rate: { max: 5 },
  slider: { min: 0, max: 100 },
  billRule: { billRule: 'referralNo' },
  calculate: { expression: `${key('inputNumber')}*2` },
};

const valueTypes = FIELD_TYPE_NAMES.filter((type) => holdsValue(type));
const fields: FormField[] = valueTypes.map(
  (type, i) => ({ id: `f${i}`, type, field: key(type), label: label(type), ...props[type] }) as FormField,
);

const d1 = Date.UTC(2024, 0, 2);
const d2 = Date.UTC(2024, 0, 9);
/** A valid value per browser-written type, and the value read back. */
const valid: Partial<Record<FieldType, [sent: unknown, stored: unknown]>> = {
  input: ['abc', 'abc'],
  textarea: ['多行\n文本', '多行\n文本'],
  inputNumber: ['12.5', 12.5],
  amount: [1234.56, 1234.56],
  password: ['pw', 'pw'],
  switch: [true, 1],
  radio: ['r2', 'r2'],
  checkbox: [
    ['a', 'b'],
    ['a', 'b'],
  ],
  select: ['s1', 's1'],
  cascader: [
    ['p', 'c'],
    ['p', 'c'],
  ],
  treeSelect: ['t1', 't1'],
  datePicker: [new Date(d1).toISOString(), d1],
  timePicker: ['08:30:00', '08:30:00'],
  dateRange: [
    [d1, String(d2)],
    [d1, d2],
  ],
  timeRange: [
    ['08:00', '09:00'],
    ['08:00', '09:00'],
  ],
  colorPicker: ['#ff0000', '#ff0000'],
  rate: [4, 4],
  slider: ['30', 30],
  editor: ['<p>病历</p>', '<p>病历</p>'],
  uploadFile: [[{ name: 'a.pdf', url: '/f/1' }], [{ name: 'a.pdf', url: '/f/1' }]],
  uploadImg: [[{ name: 'a.png', url: '/f/2' }], [{ name: 'a.png', url: '/f/2' }]],
  organizeSelect: [
    ['o1', 'o2'],
    ['o1', 'o2'],
  ],
  depSelect: ['dep1', 'dep1'],
  posSelect: ['pos1', 'pos1'],
  roleSelect: ['role1', 'role1'],
  groupSelect: ['grp1', 'grp1'],
  userSelect: ['u1', 'u1'],
  usersSelect: [
    ['u1', 'u2'],
    ['u1', 'u2'],
  ],
  dicSelect: ['d1', 'd1'],
  areaSelect: [
    ['11', '1101'],
    ['11', '1101'],
  ],
  popupSelect: ['p1', 'p1'],
  popupTableSelect: ['p2', 'p2'],
  relationForm: ['rf1', 'rf1'],
  autoComplete: [7, '7'],
  numberRange: [
    ['1', 5],
    [1, 5],
  ],
  sign: ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
};

/** Refused values: wrong type, out of range, too long, not an option, not an array. */
const invalid: [FieldType, unknown][] = [
  ['input', 'abcdef'],
  ['input', { a: 1 }],
  ['textarea', [1]],
  ['inputNumber', 'abc'],
  ['inputNumber', 101],
  ['inputNumber', -1],
  ['amount', 1e13],
  ['switch', 2],
  ['rate', 6],
  ['slider', 1.5],
  ['datePicker', 'not a date'],
  ['radio', 'zz'],
  ['select', 'zz'],
  ['treeSelect', 'zz'],
  ['dicSelect', 'zz'],
  ['checkbox', ['zz']],
  ['cascader', ['p', 'zz']],
  ['checkbox', 'a'],
  ['organizeSelect', 'o1'],
  ['usersSelect', { u: 1 }],
  ['areaSelect', 11],
  ['timeRange', '08:00'],
  ['uploadFile', ['a.pdf']],
  ['dateRange', [d2, d1]],
  ['numberRange', ['x', 1]],
  ['numberRange', [1, 2, 3]],
  ['sign', { s: 1 }],
  ['colorPicker', 'x'.repeat(300)],
];

let modelId: string;
const create = (data: unknown) => t.call('POST', `${O}/${modelId}`, { token, body: { data } });
const validRecord = () => Object.fromEntries(Object.entries(valid).map(([type, [sent]]) => [key(type), sent]));

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
  const body = {
    fullName: '全部字段',
    enCode: 'ftAll',
    category: '',
    webType: 2,
    description: '',
    sortCode: 0,
    formData: formDefinition.parse({ fields }),
    columnData: listDefinition.parse({}),
  } as ModelBody;
  modelId = await createModel(t.ctx, body, null);
  await releaseModel(t.ctx, modelId, null, false);
});
afterAll(() => t.close());

describe('every field type', () => {
  it('the test covers every value-holding type of the registry', () => {
    const server = valueTypes.filter((type) => fieldTypeInfo(type).serverFilled);
    expect(valueTypes.filter((type) => !(type in valid) && !server.includes(type))).toEqual([]);
    expect(server).toEqual(expect.arrayContaining(['billRule', 'calculate', 'createUser', 'createTime', 'currOrganize']));
  });

  it('round-trips a valid value of each type in its stored shape; server-filled types ignore the browser', async () => {
    const forged = Object.fromEntries(valueTypes.filter((type) => fieldTypeInfo(type).serverFilled).map((type) => [key(type), 'forged']));
    const res = await create({ ...validRecord(), ...forged });
    expect(res.code, res.msg).toBe(200);
    const read = await t.call('GET', `${O}/${modelId}/${res.data.id}`, { token });
    expect(read.code).toBe(200);
    const d = read.data.data;
    for (const [type, [, stored]] of Object.entries(valid)) expect(d[key(type)], type).toEqual(stored);
    expect(d[key('calculate')]).toBe(25);
    expect(d[key('billRule')]).toMatch(/^ZZ\d{12}$/);
    expect(d[key('createUser')]).toBe(d.creatorUserId);
    expect(d[key('createTime')]).toBe(d.creatorTime);
    expect(typeof d[key('createTime')]).toBe('number');
    for (const type of ['modifyUser', 'modifyTime'] as const) expect(d[key(type)], type).toBeNull();
    for (const type of ['currOrganize', 'currDept', 'currPosition'] as const) expect(d[key(type)], type).not.toBe('forged');
  });

  it('refuses an invalid value of each family with a 400 naming the field, writing nothing', async () => {
    const before = (await t.call('POST', `${O}/${modelId}/List`, { token, body: {} })).data.pagination.total;
    for (const [type, value] of invalid) {
      const res = await create({ ...validRecord(), [key(type)]: value });
      expect(res.status, `${type} ${JSON.stringify(value).slice(0, 40)}`).toBe(400);
      expect(res.msg).toContain(label(type));
    }
    expect((await t.call('POST', `${O}/${modelId}/List`, { token, body: {} })).data.pagination.total).toBe(before);
  });
});

describe('a model bound to an existing table', () => {
  let boundId: string;
  const ids = ['b1', 'b2', 'b3', 'b4'];
  beforeAll(async () => {
    const db = t.ctx.db;
    await sql`drop table if exists bt_visits`.execute(db);
    await sql`create table bt_visits (id varchar(40) primary key, name varchar(50), age integer, visit bigint, ward varchar(20))`.execute(
      db,
    );
    const rows: [string, string, number, number, string][] = [
      ['b1', '王一', 40, d1, 'w1'],
      ['b2', '王二', 20, d2, 'w1'],
      ['b3', '李三', 30, d1, 'w2'],
      ['b4', '王四', 60, d2, 'w1'],
    ];
    for (const [id, name, age, visit, ward] of rows)
      await sql`insert into bt_visits (id, name, age, visit, ward) values (${id}, ${name}, ${age}, ${visit}, ${ward})`.execute(db);
    const body = {
      fullName: '绑定表',
      enCode: 'ftBound',
      category: '',
      webType: 2,
      description: '',
      sortCode: 0,
      boundTable: 'bt_visits',
      formData: formDefinition.parse({
        fields: [
          { id: 'b1', type: 'input', field: 'name', label: '姓名' },
          { id: 'b2', type: 'inputNumber', field: 'age', label: '年龄' },
          { id: 'b3', type: 'datePicker', field: 'visit', label: '日期' },
          { id: 'b4', type: 'select', field: 'ward', label: '病区', options: items('w1', 'w2') },
        ],
      }),
      columnData: listDefinition.parse({
        columns: ['name', 'age', 'visit', 'ward'].map((field) => ({ field, label: field, sortable: field === 'age' })),
        search: [
          { field: 'name', match: 'contains' },
          { field: 'ward', match: 'equal' },
          { field: 'age', match: 'range' },
        ],
      }),
    } as ModelBody;
    boundId = await createModel(t.ctx, body, null);
    await releaseModel(t.ctx, boundId, null, false);
  });

  it('lists the table through the list-query layer: filter, sort, paging', async () => {
    const res = await t.call('POST', `${O}/${boundId}/List`, {
      token,
      body: { queryJson: JSON.stringify({ name: '王', ward: 'w1' }), sidx: 'age', sort: 'asc', currentPage: 1, pageSize: 2 },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.pagination.total).toBe(3);
    expect(res.data.list.map((r: { id: string }) => r.id)).toEqual(['b2', 'b1']);
    expect(res.data.list[0]).toMatchObject({ name: '王二', age: 20, visit: d2, ward: 'W1' });
    expect(res.data.list[0]).not.toHaveProperty('creatorTime');
    const page2 = await t.call('POST', `${O}/${boundId}/List`, {
      token,
      body: { queryJson: { name: '王', ward: 'w1' }, sidx: 'age', sort: 'asc', currentPage: 2, pageSize: 2 },
    });
    expect(page2.data.list.map((r: { id: string }) => r.id)).toEqual(['b4']);
    const range = await t.call('POST', `${O}/${boundId}/List`, { token, body: { queryJson: { age: [25, 45] }, pageSize: 20 } });
    expect(range.data.list.map((r: { id: string }) => r.id).sort()).toEqual(['b1', 'b3']);
    const all = await t.call('POST', `${O}/${boundId}/List`, { token, body: {} });
    expect(all.data.pagination.total).toBe(ids.length);
  });

  it('reads one record and its display values', async () => {
    const read = await t.call('GET', `${O}/${boundId}/b3`, { token });
    expect(read.code, read.msg).toBe(200);
    expect(read.data.data).toMatchObject({ id: 'b3', name: '李三', age: 30, visit: d1, ward: 'w2' });
    const shown = await t.call('GET', `${O}/${boundId}/b3/DataChange`, { token });
    expect(shown.code, shown.msg).toBe(200);
    expect(shown.data.data).toMatchObject({ name: '李三', ward: 'W2' });
    expect((await t.call('GET', `${O}/${boundId}/nope`, { token })).status).toBe(404);
  });

  it('refuses writes: bound models are read-only', async () => {
    const created = await t.call('POST', `${O}/${boundId}`, { token, body: { data: { name: '新' } } });
    expect(created.status).toBe(400);
    expect(created.msg).toMatch(/只读|read-only/);
    expect((await t.call('PUT', `${O}/${boundId}/b1`, { token, body: { data: { name: '改' } } })).status).toBe(400);
    expect((await t.call('DELETE', `${O}/${boundId}/b1`, { token })).status).toBe(400);
    const left = await sql<{ n: number | string }>`select count(*) as n from bt_visits`.execute(t.ctx.db);
    expect(Number(left.rows[0]!.n)).toBe(ids.length);
  });
});

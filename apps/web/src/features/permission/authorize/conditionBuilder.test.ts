import { describe, expect, it } from 'vitest';
import { conditionJson } from '@medalliance/contract';
import {
  describeConditions,
  fromConditionJson,
  toConditionJson,
  validateGroups,
  type CondGroup,
  type FieldDef,
} from './conditionBuilder.ts';

const fields: FieldDef[] = [
  { field: 'organizeId', fullName: 'Organization', type: 'string' },
  { field: 'account', fullName: 'Account', type: 'string' },
  { field: 'gender', fullName: 'Gender', type: 'number' },
];
const row = (key: string, field: string, op: CondGroup['rows'][number]['op'], value: string, mode: 'value' | 'token' = 'value') => ({
  key,
  field,
  op,
  value,
  mode,
});

const words = {
  op: (op: string) => ({ Equal: 'equals', In: 'is one of', Contains: 'contains', GreaterThan: '>' })[op] ?? op,
  token: (t: string) => ({ '@organizationAndSuborganization': 'my organization and below', '@userId': 'me' })[t] ?? t,
  and: 'and',
  or: 'or',
  allRows: 'all rows',
};

describe('condition builder → JSON', () => {
  it('turns groups into the server’s conditionJson', () => {
    const groups: CondGroup[] = [
      { key: 'g1', logic: 'and', rows: [row('r1', 'organizeId', 'Equal', '@organizationAndSuborganization', 'token')] },
      {
        key: 'g2',
        logic: 'or',
        rows: [row('r2', 'account', 'Contains', ' zhang '), row('r3', 'gender', 'In', '1, 2'), row('r4', 'gender', 'GreaterThan', '0')],
      },
    ];
    const json = toConditionJson(groups, fields);
    expect(json).toEqual([
      { logic: 'and', groups: [{ id: 'r1', field: 'organizeId', type: 'string', op: 'Equal', value: '@organizationAndSuborganization' }] },
      {
        logic: 'or',
        groups: [
          { id: 'r2', field: 'account', type: 'string', op: 'Contains', value: 'zhang' },
          { id: 'r3', field: 'gender', type: 'number', op: 'In', value: [1, 2] },
          { id: 'r4', field: 'gender', type: 'number', op: 'GreaterThan', value: 0 },
        ],
      },
    ]);
    // What the server's schema accepts.
    expect(conditionJson.safeParse(json).success).toBe(true);
  });

  it('drops rows without a field and groups left empty', () => {
    expect(toConditionJson([{ key: 'g', logic: 'and', rows: [row('r', '', 'Equal', 'x')] }], fields)).toEqual([]);
  });

  it('splits In values on either comma and keeps strings as strings', () => {
    const json = toConditionJson([{ key: 'g', logic: 'and', rows: [row('r', 'account', 'In', 'a，b, c')] }], fields);
    expect(json[0]!.groups[0]!.value).toEqual(['a', 'b', 'c']);
  });

  it('reads stored JSON text back, tokens as tokens', () => {
    const text = JSON.stringify([
      {
        logic: 'or',
        groups: [
          { field: 'organizeId', op: 'Equal', value: '@organizeId' },
          { field: 'gender', op: 'In', value: [1, 2] },
        ],
      },
    ]);
    const groups = fromConditionJson(text);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.logic).toBe('or');
    expect(groups[0]!.rows.map((r) => [r.field, r.op, r.mode, r.value])).toEqual([
      ['organizeId', 'Equal', 'token', '@organizeId'],
      ['gender', 'In', 'value', '1,2'],
    ]);
    // Round trip.
    expect(toConditionJson(groups, fields).map((g) => g.groups.map((c) => c.value))).toEqual([['@organizeId', [1, 2]]]);
  });

  it('gives no groups for empty or unreadable text', () => {
    expect(fromConditionJson('')).toEqual([]);
    expect(fromConditionJson('[]')).toEqual([]);
    expect(fromConditionJson('{not json')).toEqual([]);
    expect(fromConditionJson('{"logic":"and"}')).toEqual([]);
  });
});

describe('condition checks', () => {
  it('names the problem of each row', () => {
    const groups: CondGroup[] = [
      {
        key: 'g',
        logic: 'and',
        rows: [
          row('a', '', 'Equal', 'x'),
          row('b', 'account', 'Equal', '  '),
          row('c', 'organizeId', 'Contains', '@organizeId', 'token'),
          row('d', 'gender', 'Equal', 'male'),
          row('e', 'gender', 'Contains', '1'),
          row('f', 'gender', 'In', '1,x'),
          row('ok', 'gender', 'In', '1,2'),
        ],
      },
    ];
    const errors = validateGroups(groups, fields);
    expect(Object.fromEntries(errors)).toEqual({ a: 'field', b: 'value', c: 'tokenOp', d: 'number', e: 'containsNumber', f: 'number' });
  });
});

describe('condition text', () => {
  it('describes the conditions in words', () => {
    const groups: CondGroup[] = [
      { key: 'g', logic: 'and', rows: [row('r', 'organizeId', 'Equal', '@organizationAndSuborganization', 'token')] },
    ];
    expect(describeConditions(groups, fields, words)).toBe('Organization equals my organization and below');
    const two: CondGroup[] = [
      { key: 'g1', logic: 'or', rows: [row('a', 'account', 'Contains', 'li'), row('b', 'account', 'Equal', '@userId', 'token')] },
      { key: 'g2', logic: 'and', rows: [row('c', 'gender', 'Equal', '1')] },
    ];
    expect(describeConditions(two, fields, words)).toBe('(Account contains li or Account equals me); (Gender equals 1)');
    expect(describeConditions([], fields, words)).toBe('all rows');
  });
});

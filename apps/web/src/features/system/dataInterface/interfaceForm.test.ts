import { describe, expect, it } from 'vitest';
import type { DataInterface } from '@medalliance/contract';
import {
  filterByRange,
  formatJson,
  fromForm,
  namedParams,
  numericColumns,
  resultColumns,
  testParams,
  toForm,
  withDetectedParams,
  emptyForm,
} from './interfaceForm.ts';

describe('data interface editor', () => {
  it('finds the parameters a SQL names, without built-ins, duplicates or quoted text', () => {
    const sql =
      "SELECT * FROM t WHERE a = {orgId} AND b = @type AND c = {ORGID} AND d = @userId AND e = '{notAParam} x@y.com' AND f = {keyword}";
    expect(namedParams(sql)).toEqual(['orgId', 'type']);
    expect(namedParams('https://api.example.com/w?city={city}&d={day}')).toEqual(['city', 'day']);
    expect(namedParams(null)).toEqual([]);
  });
  it('adds undeclared parameters as varchar and keeps declared ones', () => {
    const defs = withDetectedParams(
      [{ field: 'orgId', fieldName: '机构', dataType: 'varchar', required: 1, defaultValue: null }],
      'x = {orgId} and y = {level}',
    );
    expect(defs.map((d) => [d.field, d.dataType, d.required])).toEqual([
      ['orgId', 'varchar', 1],
      ['level', 'varchar', 0],
    ]);
  });
  it('sends only what the kind uses and drops empty rows', () => {
    const sql = fromForm({
      ...emptyForm('c1', 1),
      query: 'SELECT 1',
      path: 'http://x',
      requestHeaders: [{ field: 'A', value: '1' }],
      parameterJson: [
        { field: ' a ', fieldName: '', dataType: 'int', required: 1, defaultValue: '' },
        { field: '', fieldName: null, dataType: 'varchar', required: 0, defaultValue: null },
      ],
      description: '',
    });
    expect(sql.path).toBeNull();
    expect(sql.requestHeaders).toEqual([]);
    expect(sql.parameterJson).toEqual([{ field: 'a', fieldName: null, dataType: 'int', required: 1, defaultValue: null }]);
    expect(sql.description).toBeNull();
    const api = fromForm({
      ...emptyForm('c1', 3),
      path: ' https://api.example.com/x ',
      requestHeaders: [
        { field: 'Token', value: '@userId' },
        { field: ' ', value: 'x' },
      ],
    });
    expect(api.query).toBeNull();
    expect(api.path).toBe('https://api.example.com/x');
    expect(api.requestHeaders).toEqual([{ field: 'Token', value: '@userId' }]);
  });
  it('reads a stored interface into the form', () => {
    const d = {
      id: '1',
      categoryId: 'c',
      fullName: 'n',
      enCode: 'e',
      dataType: 3,
      query: null,
      path: 'https://h/p',
      requestMethod: 'POST',
      requestHeaders: [{ field: 'H' }],
      requestParameters: [{ field: 'p', defaultValue: 'd' }],
      parameterJson: [{ field: 'p', dataType: 'varchar', required: 0 }],
      responsePath: null,
      timeoutMs: null,
      sortCode: 0,
      enabledMark: 1,
      description: null,
      createdAt: 0,
      updatedAt: null,
    } as unknown as DataInterface;
    const f = toForm(d);
    expect(f.requestHeaders).toEqual([{ field: 'H', value: '' }]);
    expect(f.requestParameters).toEqual([{ field: 'p', value: 'd' }]);
    expect(f.parameterJson[0]!.defaultValue).toBeNull();
  });
  it('sends test parameters that have a value, 0 included', () => {
    expect(testParams({ a: '', b: 'x', c: 0, d: null })).toEqual([
      { field: 'b', defaultValue: 'x' },
      { field: 'c', defaultValue: 0 },
    ]);
  });
  it('derives result columns and numeric columns', () => {
    const rows = [
      { id: '1', n: 3, s: '2.5', name: 'a' },
      { id: '2', n: 10, s: 'x', extra: true },
    ];
    expect(resultColumns(rows)).toEqual(['id', 'n', 's', 'name', 'extra']);
    expect(numericColumns(rows)).toEqual(['id', 'n']);
  });
  it('filters rows by a range, 0 and open bounds included', () => {
    const rows = [{ n: 0 }, { n: 5 }, { n: 12 }, { n: 'x' }];
    expect(filterByRange(rows, 'n', [0, 5])).toEqual([{ n: 0 }, { n: 5 }]);
    expect(filterByRange(rows, 'n', [null, 0])).toEqual([{ n: 0 }]);
    expect(filterByRange(rows, 'n', [6, null])).toEqual([{ n: 12 }]);
    expect(filterByRange(rows, 'n', [])).toHaveLength(4);
    expect(filterByRange(rows, undefined, [1, 2])).toHaveLength(4);
  });
  it('formats JSON or says it does not parse', () => {
    expect(formatJson('[{"a":1}]')).toBe('[\n  {\n    "a": 1\n  }\n]');
    expect(formatJson('{bad')).toBeNull();
  });
});

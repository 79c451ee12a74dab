import { describe, expect, it } from 'vitest';
import { columnsFor, listBody, NO_PAGE_SIZE, paramList } from './interfaceCall.ts';

describe('picker interface calls', () => {
  it('asks for 10000 rows without paging and the page with it', () => {
    const base = { interfaceId: 'i', propsValue: 'id', relationField: 'fullName' };
    expect(listBody({ ...base, currentPage: 3, pageSize: 50 })).toMatchObject({ currentPage: 1, pageSize: NO_PAGE_SIZE, keyword: '' });
    expect(listBody({ ...base, hasPage: true, currentPage: 3, pageSize: 50, keyword: '县' })).toMatchObject({ currentPage: 3, pageSize: 50, keyword: '县' });
    expect(listBody({ ...base, hasPage: true })).toMatchObject({ currentPage: 1, pageSize: 20 });
    expect(listBody({ ...base, columnOptions: [{ value: 'ORG_NAME', label: '名称' }, { value: 'ORG_CODE', label: '编码' }] }).columnOptions).toBe('ORG_NAME,ORG_CODE');
  });
  it('takes parameter values from the form, else the defaults', () => {
    const params = paramList(
      [
        { field: 'orgId', relationField: 'organize', sourceType: 1 },
        { field: 'type', defaultValue: 2 },
        { field: 'me', relationField: '@userId', sourceType: 4 },
      ],
      { organize: '100000000000000010' },
    );
    expect(params[0]).toMatchObject({ field: 'orgId', defaultValue: '100000000000000010' });
    expect(params[0]).not.toHaveProperty('sourceType');
    expect(params[1]).toMatchObject({ field: 'type', defaultValue: 2 });
    expect(params[2]).toMatchObject({ field: 'me', sourceType: 4, relationField: '@userId' });
    expect(paramList(undefined)).toEqual([]);
  });
  it('shows the configured columns, else the label field, else the first keys', () => {
    expect(columnsFor([{ value: 'a', label: 'A' }], [], 'x')).toEqual([{ value: 'a', label: 'A' }]);
    expect(columnsFor(undefined, [{ id: 1, fullName: 'n', other: 2 }], 'fullName')).toEqual([{ value: 'fullName', label: 'fullName' }]);
    expect(columnsFor([], [{ a: 1, b: 2, c: 3, d: 4, e: 5 }], 'zz').map((c) => c.value)).toEqual(['a', 'b', 'c', 'd']);
  });
});

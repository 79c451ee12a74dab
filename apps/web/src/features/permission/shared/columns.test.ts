import { describe, expect, it } from 'vitest';
import { honourColumns } from './columns.ts';

describe('column authority on lists', () => {
  const columns = [{ dataIndex: 'account' }, { dataIndex: 'mobilePhone' }, { key: 'actions' }, { dataIndex: 'realName' }];

  it('hides the columns the server left out of every row', () => {
    const rows = [
      { id: '1', account: 'a', realName: 'A' },
      { id: '2', account: 'b', realName: 'B' },
    ];
    expect(honourColumns(columns, rows).map((c) => c.dataIndex ?? c.key)).toEqual(['account', 'actions', 'realName']);
  });

  it('keeps a column any row carries, and everything without rows', () => {
    expect(honourColumns(columns, [{ account: 'a' }, { mobilePhone: null }]).length).toBe(3);
    expect(honourColumns(columns, [])).toBe(columns);
  });

  it('keeps the columns named as always shown', () => {
    expect(honourColumns(columns, [{ account: 'a' }], ['realName']).map((c) => c.dataIndex ?? c.key)).toEqual([
      'account',
      'actions',
      'realName',
    ]);
  });
});

describe('table scroll width', () => {
  it('adds the column widths, flexible ones at a default', async () => {
    const { scrollWidth } = await import('./columns.ts');
    expect(scrollWidth([{ width: 100 }, {}, { width: 50 }], 200)).toBe(350);
    expect(scrollWidth([])).toBe(0);
  });
});

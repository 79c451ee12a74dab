import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { categoriesOf, filterQuery, groupByCategory, rangeToTimes, sorterToSort } from './filters.ts';

const page = { currentPage: 2, pageSize: 50, keyword: '' };

describe('filterQuery', () => {
  it('sends only the paging when no filter is set', () => {
    expect(filterQuery(page, {})).toEqual({ currentPage: 2, pageSize: 50 });
  });

  it('sends every filter that is set, the keyword trimmed', () => {
    const q = filterQuery(
      { ...page, keyword: '  转诊 ' },
      { flowId: 'f1', flowCategory: 'referral', status: 2, flowUrgent: 3, creatorUserId: 'u9' },
    );
    expect(q).toEqual({
      currentPage: 2,
      pageSize: 50,
      keyword: '转诊',
      flowId: 'f1',
      flowCategory: 'referral',
      status: 2,
      flowUrgent: 3,
      creatorUserId: 'u9',
    });
  });

  it('keeps a status of 0 (draft) and leaves out empty strings', () => {
    const q = filterQuery(page, { status: 0, flowId: '', flowCategory: '' });
    expect(q.status).toBe(0);
    expect(q).not.toHaveProperty('flowId');
    expect(q).not.toHaveProperty('flowCategory');
  });

  it('turns the date range into whole days in the local zone', () => {
    const from = dayjs('2026-03-01T15:20:00');
    const to = dayjs('2026-03-03T08:00:00');
    const q = filterQuery(page, { range: [from, to] });
    expect(q.startTime).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).getTime());
    expect(q.endTime).toBe(new Date(2026, 2, 3, 23, 59, 59, 999).getTime());
    expect(rangeToTimes(null)).toEqual({});
  });

  it('adds the sort when one is chosen', () => {
    expect(filterQuery(page, {}, { sidx: 'startTime', sort: 'asc' })).toMatchObject({ sidx: 'startTime', sort: 'asc' });
  });
});

describe('sorterToSort', () => {
  it('maps antd orders and drops an unsorted column', () => {
    expect(sorterToSort({ field: 'creatorTime', order: 'ascend' })).toEqual({ sidx: 'creatorTime', sort: 'asc' });
    expect(sorterToSort({ field: 'creatorTime', order: 'descend' })).toEqual({ sidx: 'creatorTime', sort: 'desc' });
    expect(sorterToSort({ field: 'creatorTime', order: null })).toBeNull();
    expect(sorterToSort(undefined)).toBeNull();
  });
});

describe('categories', () => {
  const flows = [
    { id: 'a', category: 'referral' },
    { id: 'b', category: '' },
    { id: 'c', category: 'leave' },
    { id: 'd', category: 'referral ' },
  ];
  it('lists each category once, without blanks', () => {
    expect(categoriesOf(flows)).toEqual(['referral', 'leave']);
  });
  it('groups the flows, the uncategorised last', () => {
    expect(groupByCategory(flows).map(([c, fs]) => [c, fs.map((f) => f.id)])).toEqual([
      ['referral', ['a', 'd']],
      ['leave', ['c']],
      ['', ['b']],
    ]);
  });
});

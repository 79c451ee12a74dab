import type { Dayjs } from 'dayjs';

/**
 * The filters of the workflow instance lists and how they become the list
 * query (contract flowListFilter + pageQuery): empty values are left out, so
 * the server applies none; the date range covers whole days in the user's zone.
 */
export interface FlowFilters {
  flowId?: string | undefined;
  flowCategory?: string | undefined;
  status?: number | undefined;
  flowUrgent?: number | undefined;
  /** Started between these days (inclusive). */
  range?: readonly [Dayjs, Dayjs] | null | undefined;
  /** Monitor only: who started it. */
  creatorUserId?: string | undefined;
}

export type SortOrder = 'asc' | 'desc';

/** A sort the server may apply: the column's dataIndex and the direction. */
export interface FlowSort {
  sidx: string;
  sort: SortOrder;
}

export interface FlowListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
}

/** The start and end of the range in epoch ms: first day's midnight to the last day's last millisecond. */
export function rangeToTimes(range: FlowFilters['range']): { startTime?: number; endTime?: number } {
  if (!range) return {};
  const [from, to] = range;
  return { startTime: from.startOf('day').valueOf(), endTime: to.endOf('day').valueOf() };
}

/** The GET parameters of a list request; only what is set. */
export function filterQuery(q: FlowListQuery, f: FlowFilters, sort?: FlowSort | null): Record<string, string | number> {
  const out: Record<string, string | number> = { currentPage: q.currentPage, pageSize: q.pageSize };
  if (q.keyword.trim()) out.keyword = q.keyword.trim();
  if (f.flowId) out.flowId = f.flowId;
  if (f.flowCategory) out.flowCategory = f.flowCategory;
  if (f.status !== undefined && f.status !== null) out.status = f.status;
  if (f.flowUrgent !== undefined && f.flowUrgent !== null) out.flowUrgent = f.flowUrgent;
  if (f.creatorUserId) out.creatorUserId = f.creatorUserId;
  Object.assign(out, rangeToTimes(f.range));
  if (sort) {
    out.sidx = sort.sidx;
    out.sort = sort.sort;
  }
  return out;
}

/** antd's sorter state → the sort sent to the server (none when the column is unsorted). */
export function sorterToSort(sorter: { field?: unknown; order?: 'ascend' | 'descend' | null } | undefined): FlowSort | null {
  if (!sorter?.order || typeof sorter.field !== 'string') return null;
  return { sidx: sorter.field, sort: sorter.order === 'ascend' ? 'asc' : 'desc' };
}

/** The categories among the flows, in their first-seen order, without blanks. */
export function categoriesOf(flows: readonly { category: string }[]): string[] {
  return [...new Set(flows.map((f) => f.category.trim()).filter(Boolean))];
}

/** Launchable flows grouped by category (blank last, as '' ), each group in the server's order. */
export function groupByCategory<F extends { category: string }>(flows: readonly F[]): [string, F[]][] {
  const groups = new Map<string, F[]>();
  for (const f of flows) {
    const key = f.category.trim();
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0));
}

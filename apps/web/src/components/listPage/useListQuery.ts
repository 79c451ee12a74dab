import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@medalliance/contract';

export interface ListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
}

/**
 * A list's query: page, page size, the applied keyword and the screen's own
 * filters. Searching or changing a filter goes back to the first page; paging
 * keeps keyword and filters. The object is what the list API takes and the
 * query key, so a new search is a new request.
 */
export function useListQuery<F extends object = object>(filters?: F) {
  const [query, setQuery] = useState<ListQuery & F>(() => ({
    currentPage: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword: '',
    ...(filters as F),
  }));
  const search = useCallback((keyword: string, patch?: Partial<F>) => setQuery((q) => ({ ...q, ...patch, keyword, currentPage: 1 })), []);
  const filter = useCallback((patch: Partial<F>) => setQuery((q) => ({ ...q, ...patch, currentPage: 1 })), []);
  const page = useCallback((currentPage: number, pageSize: number) => setQuery((q) => ({ ...q, currentPage, pageSize })), []);
  /** The table's paging for `total` rows (see ListPage's `paging`). */
  const paging = (total: number, onChange: ((current: number, pageSize: number) => void) | null = page): ListPaging => ({
    current: query.currentPage,
    pageSize: query.pageSize,
    total,
    onChange: onChange ?? undefined,
  });
  return { query, setQuery, search, filter, page, paging };
}

export interface ListPaging {
  current: number;
  pageSize: number;
  total: number;
  /** Left out where the table's own onChange pages (with sorting). */
  onChange?: (current: number, pageSize: number) => void;
}

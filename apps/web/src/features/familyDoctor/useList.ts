import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from './api.ts';

type Filter = Record<string, string | number | undefined>;

/** A server-paged list: filter, page and sort state plus its query (previous page kept while loading). */
export function useList<T>(key: string, initial: Filter, load: (q: Filter) => Promise<{ data: Page<T> }>, enabled = true) {
  const [filter, setFilterState] = useState<Filter>(initial);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [sort, setSort] = useState<{ sidx?: string; sort?: 'asc' | 'desc' }>({});
  const q = useQuery({
    queryKey: ['fd', key, filter, page, sort],
    queryFn: async () => (await load({ ...filter, ...page, ...sort })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
  return {
    filter,
    setFilter: (f: Filter) => (setFilterState({ ...filter, ...f }), setPage({ ...page, currentPage: 1 })),
    page,
    onPage: (currentPage: number, pageSize: number) => setPage({ currentPage, pageSize }),
    onSort: (sidx: string | undefined, order: 'asc' | 'desc') => setSort(sidx ? { sidx, sort: order } : {}),
    data: q.data,
    loading: q.isFetching,
    refetch: q.refetch,
  };
}

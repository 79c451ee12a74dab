import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageResult } from '@medalliance/contract';

interface Paging {
  /** The last page loaded (0: none yet). */
  page: number;
  loading: boolean;
  done: boolean;
}

const START: Paging = { page: 0, loading: false, done: false };

/**
 * Pages through a list 'pageSize' at a time (spec §9): the first page on
 * every change of `key` (while enabled), the next one on loadMore(), until a
 * page comes back short. Answers for an older key are dropped. The rows go to
 * `onRows` (first page: replace; later pages: append), so the caller decides
 * where the list lives.
 */
export function usePagedList<T>(
  enabled: boolean,
  key: string,
  pageSize: number,
  fetchPage: (currentPage: number) => Promise<{ data: PageResult<T> }>,
  onRows: (rows: T[], append: boolean) => void,
) {
  const [paging, setPaging] = useState<Paging>(START);
  const generation = useRef(0);
  const busy = useRef(false);
  const state = useRef(paging);
  state.current = paging;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const rowsRef = useRef(onRows);
  rowsRef.current = onRows;

  const loadMore = useCallback(async () => {
    const cur = state.current;
    if (busy.current || cur.done) return;
    busy.current = true;
    const gen = generation.current;
    const page = cur.page + 1;
    setPaging((p) => ({ ...p, loading: true }));
    try {
      const res = await fetchRef.current(page);
      if (gen !== generation.current) return;
      const rows = res.data.list;
      rowsRef.current(rows, page > 1);
      const total = Number(res.data.pagination?.total);
      const next = { page, loading: false, done: rows.length < pageSize || (Number.isFinite(total) && page * pageSize >= total) };
      state.current = next;
      setPaging(next);
    } catch {
      if (gen === generation.current) setPaging((p) => ({ ...p, loading: false, done: true }));
    } finally {
      if (gen === generation.current) busy.current = false;
    }
  }, [pageSize]);

  useEffect(() => {
    generation.current++;
    busy.current = false;
    state.current = START;
    setPaging(START);
    if (enabled) void loadMore();
  }, [enabled, key, loadMore]);

  return { ...paging, loadMore };
}

/** Within `px` of the bottom of a scroller. */
export const nearBottom = (el: { scrollHeight: number; scrollTop: number; clientHeight: number }, px: number) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= px;

import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_DRAWER_PAGE_SIZE, type InboxItem, type MessageType } from '@medalliance/contract';
import { inboxApi } from './inboxApi.ts';
import { isLastPage, mergeItems } from './messageLink.ts';
import { useMessages } from './messageStore.ts';

interface DrawerList {
  items: InboxItem[];
  /** The last page loaded (0: none yet). */
  page: number;
  done: boolean;
  loading: boolean;
}

const EMPTY: DrawerList = { items: [], page: 0, done: false, loading: false };

/**
 * The drawer's list (spec §2.5, §9): 20 at a time for the chosen type, more
 * on demand until a short page; reloaded whenever the drawer opens or the
 * type changes; a pushed message's page is merged in front while open.
 */
export function useDrawerInbox(open: boolean, type: MessageType | undefined) {
  const [list, setList] = useState<DrawerList>(EMPTY);
  // Answers for an older type or an earlier opening are dropped.
  const generation = useRef(0);
  const busy = useRef(false);
  const state = useRef(list);
  state.current = list;

  const loadMore = useCallback(async () => {
    const cur = state.current;
    if (busy.current || cur.done) return;
    busy.current = true;
    const gen = generation.current;
    setList((l) => ({ ...l, loading: true }));
    try {
      const page = cur.page + 1;
      const res = await inboxApi.list({ currentPage: page, pageSize: MESSAGE_DRAWER_PAGE_SIZE, type });
      if (gen !== generation.current) return;
      const rows = res.data.list;
      setList((l) => ({ items: mergeItems(l.items, rows), page, done: isLastPage(rows.length, MESSAGE_DRAWER_PAGE_SIZE), loading: false }));
    } catch {
      if (gen === generation.current) setList((l) => ({ ...l, loading: false, done: true }));
    } finally {
      if (gen === generation.current) busy.current = false;
    }
  }, [type]);

  useEffect(() => {
    generation.current++;
    busy.current = false;
    state.current = EMPTY;
    setList(EMPTY);
    if (!open) return;
    void loadMore();
    // The badge follows the server whenever the drawer opens (another tab may have read some).
    void inboxApi.unreadCount().then(
      (r) => useMessages.getState().setUnread(r.data.unreadTotalCount),
      () => undefined,
    );
  }, [open, loadMore]);

  const pushSeq = useMessages((s) => s.lastPush?.seq ?? 0);
  useEffect(() => {
    if (!open || !pushSeq) return;
    const gen = generation.current;
    void inboxApi.list({ currentPage: 1, pageSize: MESSAGE_DRAWER_PAGE_SIZE, type }).then(
      (res) => {
        if (gen === generation.current) setList((l) => ({ ...l, items: mergeItems(l.items, res.data.list, true) }));
      },
      () => undefined,
    );
    // Only a new push refetches; opening and the type have their own effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pushSeq]);

  /** A message read here (or everything, after read-all). */
  const markRead = useCallback((id: string | null) => {
    setList((l) => ({ ...l, items: l.items.map((i) => (id === null || i.id === id ? { ...i, isRead: 1 } : i)) }));
  }, []);

  return { ...list, loadMore, markRead };
}

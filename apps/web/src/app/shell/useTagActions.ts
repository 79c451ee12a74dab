import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH, REDIRECT_PREFIX } from '../router/fixedViews.ts';
import { nextAfterClose, type TagView } from '../stores/tags.ts';
import { useTags } from '../stores/tagsStore.ts';

/** Refresh / close / close others / close all, with the navigation each implies. */
export function useTagActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const isActive = useCallback((tag: TagView) => tag.path === pathname, [pathname]);

  /** Drops the kept instance and passes through /redirect so the page mounts afresh. */
  const refresh = useCallback(
    (tag: TagView) => {
      useTags.getState().delCached(tag.path);
      navigate(REDIRECT_PREFIX + tag.fullPath, { replace: isActive(tag) });
    },
    [navigate, isActive],
  );

  const close = useCallback(
    (tag: TagView) => {
      if (tag.affix) return;
      const before = useTags.getState();
      before.delView(tag.path);
      if (isActive(tag)) navigate(nextAfterClose(before, tag.path, HOME_PATH));
    },
    [navigate, isActive],
  );

  const closeOthers = useCallback(
    (tag: TagView) => {
      useTags.getState().delOthers(tag.path);
      if (!isActive(tag)) navigate(tag.fullPath);
    },
    [navigate, isActive],
  );

  const closeAll = useCallback(() => {
    useTags.getState().delAll();
    const remaining = useTags.getState().visited;
    // Staying on a pinned page that survived is better than a jump.
    if (remaining.some((v) => v.path === pathname)) return;
    navigate(remaining[remaining.length - 1]?.fullPath ?? HOME_PATH);
  }, [navigate, pathname]);

  return { refresh, close, closeOthers, closeAll, isActive };
}

import type { TitleSource } from '../router/routeMeta.ts';

/**
 * Tab history of spec §4: visited views (the tag strip) and cached views (kept
 * alive), keyed by path. Pure functions over an immutable state so the store
 * stays a thin wrapper and every rule is unit tested.
 */
export interface TagView {
  path: string;
  /** Path plus query, to return to exactly what was open. */
  fullPath: string;
  title: TitleSource;
  icon?: string;
  /** Pinned: cannot be closed, survives close others / close all. */
  affix?: boolean;
  /** Opts out of keep-alive. */
  noCache?: boolean;
  /** Frame pages are kept from first visit until closed, whatever the cache setting (spec §2.4). */
  frame?: boolean;
}

export interface TagsState {
  visited: TagView[];
  /** Kept-alive paths, least recently used first. */
  cached: string[];
}

/** Roughly the number of screens a person juggles; older ones remount on return. */
export const MAX_CACHED_VIEWS = 15;

export const emptyTags: TagsState = { visited: [], cached: [] };

const isFrame = (state: TagsState, path: string) => state.visited.some((v) => v.path === path && v.frame);

/** Marks `path` as just used; evicts the least recently used non-frame views beyond `max`. */
export function touchCache(state: TagsState, path: string, max = MAX_CACHED_VIEWS): TagsState {
  const cached = [...state.cached.filter((p) => p !== path), path];
  let overflow = cached.filter((p) => !isFrame(state, p)).length - max;
  const kept: string[] = [];
  for (const p of cached) {
    if (overflow > 0 && p !== path && !isFrame(state, p)) {
      overflow -= 1;
      continue;
    }
    kept.push(p);
  }
  return { ...state, cached: kept };
}

/**
 * Opens (or refreshes) the tag of a visited view. `cache` says whether the
 * view is kept alive: page cache on and the view not opted out, or a frame.
 */
export function addView(state: TagsState, view: TagView, cache: boolean, max = MAX_CACHED_VIEWS): TagsState {
  const exists = state.visited.some((v) => v.path === view.path);
  const visited = exists ? state.visited.map((v) => (v.path === view.path ? { ...v, ...view } : v)) : [...state.visited, view];
  const next = { ...state, visited };
  return cache && !view.noCache ? touchCache(next, view.path, max) : { ...next, cached: next.cached.filter((p) => p !== view.path) };
}

/** Closes one tag; affix tags stay. */
export function delView(state: TagsState, path: string): TagsState {
  const view = state.visited.find((v) => v.path === path);
  if (!view || view.affix) return state;
  return { visited: state.visited.filter((v) => v.path !== path), cached: state.cached.filter((p) => p !== path) };
}

/** Keeps affix tags and `path`. */
export function delOthers(state: TagsState, path: string): TagsState {
  const visited = state.visited.filter((v) => v.affix || v.path === path);
  const keep = new Set(visited.map((v) => v.path));
  return { visited, cached: state.cached.filter((p) => keep.has(p)) };
}

/** Keeps affix tags only. */
export function delAll(state: TagsState): TagsState {
  const visited = state.visited.filter((v) => v.affix);
  const keep = new Set(visited.map((v) => v.path));
  return { visited, cached: state.cached.filter((p) => keep.has(p)) };
}

/** Updates an open tag (title after a rename, new query). */
export function updateView(state: TagsState, view: Partial<TagView> & { path: string }): TagsState {
  return { ...state, visited: state.visited.map((v) => (v.path === view.path ? { ...v, ...view } : v)) };
}

/** Drops a view from the keep-alive cache only (refresh remounts it). */
export function delCached(state: TagsState, path: string): TagsState {
  return { ...state, cached: state.cached.filter((p) => p !== path) };
}

/** Drops every cached non-frame view: the page cache was switched off. */
export function dropPageCache(state: TagsState): TagsState {
  return { ...state, cached: state.cached.filter((p) => isFrame(state, p)) };
}

/** Where to go after closing the active tag: the tag to its left, else the last one, else home. */
export function nextAfterClose(before: TagsState, closedPath: string, fallback: string): string {
  const index = before.visited.findIndex((v) => v.path === closedPath);
  const after = before.visited.filter((v) => v.path !== closedPath);
  const target = after[Math.min(Math.max(index - 1, 0), after.length - 1)] ?? after[after.length - 1];
  return target?.fullPath ?? fallback;
}

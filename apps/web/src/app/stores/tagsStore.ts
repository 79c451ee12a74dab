import { create } from 'zustand';
import * as ops from './tags.ts';
import type { TagView, TagsState } from './tags.ts';

interface TagsActions {
  addView(view: TagView, cache: boolean): void;
  touch(path: string): void;
  delView(path: string): void;
  delOthers(path: string): void;
  delAll(): void;
  updateView(view: Partial<TagView> & { path: string }): void;
  delCached(path: string): void;
  dropPageCache(): void;
  reset(): void;
}

export const useTags = create<TagsState & TagsActions>()((set) => ({
  ...ops.emptyTags,
  addView: (view, cache) => set((s) => ops.addView(s, view, cache)),
  touch: (path) => set((s) => ops.touchCache(s, path)),
  delView: (path) => set((s) => ops.delView(s, path)),
  delOthers: (path) => set((s) => ops.delOthers(s, path)),
  delAll: () => set((s) => ops.delAll(s)),
  updateView: (view) => set((s) => ops.updateView(s, view)),
  delCached: (path) => set((s) => ops.delCached(s, path)),
  dropPageCache: () => set((s) => ops.dropPageCache(s)),
  reset: () => set(ops.emptyTags),
}));

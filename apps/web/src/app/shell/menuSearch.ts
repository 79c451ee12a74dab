import Fuse from 'fuse.js';
import type { SearchEntry } from './menuModel.ts';

/** Spec §2.5: fuzzy threshold 0.4, title weight 0.7, path weight 0.3. */
export const FUSE_OPTIONS = {
  threshold: 0.4,
  ignoreLocation: true,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export function createMenuSearcher(entries: readonly SearchEntry[]): (keyword: string, limit?: number) => SearchEntry[] {
  const fuse = new Fuse(entries as SearchEntry[], FUSE_OPTIONS);
  return (keyword, limit = 20) => {
    const q = keyword.trim();
    if (!q) return [];
    return fuse.search(q, { limit }).map((r) => r.item);
  };
}

import type { AreaNode } from '@medalliance/contract';

/**
 * Rows of the lazily loaded area tree table. A node with sub-areas gets an
 * (empty) children list so the table draws its expand arrow; once expanded,
 * a 'loading' placeholder row shows until its level arrives.
 */
export type Level = AreaNode[] | 'loading';

export interface AreaRow extends AreaNode {
  children?: AreaRow[];
  /** A stand-in row, not an area. */
  placeholder?: 'loading';
}

export function buildRows(level: readonly AreaNode[], levels: ReadonlyMap<string, Level>): AreaRow[] {
  return level.map((node) => {
    if (!node.hasChildren) return { ...node };
    const loaded = levels.get(node.id);
    if (loaded === 'loading') return { ...node, children: [placeholder(node.id)] };
    return { ...node, children: loaded ? buildRows(loaded, levels) : [] };
  });
}

export const placeholder = (parentId: string): AreaRow => ({
  id: `${parentId}::loading`,
  parentId,
  enCode: '',
  fullName: '',
  type: null,
  sortCode: 0,
  enabledMark: 1,
  isLeaf: true,
  hasChildren: false,
  placeholder: 'loading',
});

/** The next level's type (1 province … 5 village), for a new sub-area. */
export const childType = (parentType: number | null | undefined): number | null => (parentType ? Math.min(5, parentType + 1) : null);

/** Levels to load, from the top, to show a path (ids province first) in the tree. */
export function levelsToLoad(path: readonly string[], levels: ReadonlyMap<string, Level>): string[] {
  return path.slice(0, -1).filter((id) => !Array.isArray(levels.get(id)));
}

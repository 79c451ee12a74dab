import type { SortEntry } from './menuDictionaryApi.ts';

interface SortNode {
  id: string;
  sortCode: number;
  children?: SortNode[];
}

/** The sibling list (at any depth) that holds `id`. */
function siblingsOf<T extends SortNode>(nodes: readonly T[], id: string): readonly T[] | null {
  if (nodes.some((n) => n.id === id)) return nodes;
  for (const n of nodes) {
    const found = n.children?.length ? siblingsOf(n.children as T[], id) : null;
    if (found) return found;
  }
  return null;
}

/**
 * The sort codes after dragging `activeId` onto `overId`: only within one
 * sibling group (null otherwise, or when nothing moves). The group keeps the
 * codes it had, handed out in the new order; codes that repeat become 0..n-1.
 */
export function siblingReorder(nodes: readonly SortNode[], activeId: string, overId: string): SortEntry[] | null {
  if (activeId === overId) return null;
  const siblings = siblingsOf(nodes, activeId);
  if (!siblings) return null;
  const from = siblings.findIndex((n) => n.id === activeId);
  const to = siblings.findIndex((n) => n.id === overId);
  if (to < 0) return null;
  const moved = [...siblings];
  moved.splice(to, 0, ...moved.splice(from, 1));
  const codes = siblings.map((n) => n.sortCode).sort((a, b) => a - b);
  const distinct = new Set(codes).size === codes.length;
  return moved.map((n, i) => ({ id: n.id, sortCode: distinct ? codes[i]! : i }));
}

/** The tree with the given sort codes applied and each sibling group re-sorted (an optimistic view of a reorder). */
export function applySort<T extends SortNode>(nodes: readonly T[], entries: readonly SortEntry[]): T[] {
  const codes = new Map(entries.map((e) => [e.id, e.sortCode]));
  const walk = (list: readonly T[]): T[] =>
    list
      .map((n, i) => ({
        n: { ...n, sortCode: codes.get(n.id) ?? n.sortCode, ...(n.children ? { children: walk(n.children as T[]) } : {}) },
        i,
      }))
      .sort((a, b) => a.n.sortCode - b.n.sortCode || a.i - b.i)
      .map((x) => x.n as T);
  return walk(nodes);
}

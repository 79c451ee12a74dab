/** Small helpers over id/children trees, shared by the lookups and the pickers. Pure: no React, no network. */

export interface Treeish {
  id: string;
  children?: Treeish[] | undefined;
}

/** Depth-first, parents before children. */
export function flattenTree<T extends Treeish>(nodes: readonly T[] | undefined): T[] {
  const out: T[] = [];
  const walk = (list: readonly Treeish[] | undefined) => {
    for (const n of list ?? []) {
      out.push(n as T);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** The nodes from a root down to the node with `id`, or [] when absent. */
export function pathTo<T extends Treeish>(nodes: readonly T[] | undefined, id: string): T[] {
  for (const n of nodes ?? []) {
    if (n.id === id) return [n];
    const below = pathTo((n.children ?? []) as T[], id);
    if (below.length) return [n, ...below];
  }
  return [];
}

/** Keeps the nodes that match, with their ancestors (so a match deep in a tree stays reachable). */
export function filterTree<T extends Treeish>(nodes: readonly T[] | undefined, match: (n: T) => boolean): T[] {
  const out: T[] = [];
  for (const n of nodes ?? []) {
    const kids = filterTree((n.children ?? []) as T[], match);
    if (match(n) || kids.length) out.push({ ...n, children: kids.length ? kids : match(n) ? n.children : [] });
  }
  return out;
}

export type Mapped<R> = R & { children?: Mapped<R>[] };

/** Maps every node, keeping the shape; `children` of the result are the mapped children (undefined when none). */
export function mapTree<T extends Treeish, R>(nodes: readonly T[] | undefined, fn: (n: T, depth: number) => R, depth = 0): Mapped<R>[] {
  return (nodes ?? []).map((n) => {
    const kids = n.children?.length ? mapTree(n.children as T[], fn, depth + 1) : undefined;
    const mapped = fn(n, depth) as Mapped<R>;
    return kids ? { ...mapped, children: kids } : mapped;
  });
}

/** Ids of every node that has children (to expand a whole tree). */
export function parentIds(nodes: readonly Treeish[] | undefined): string[] {
  return flattenTree(nodes as Treeish[])
    .filter((n) => n.children?.length)
    .map((n) => n.id);
}

/** Builds trees from flat rows with parent ids; children keep the rows' order. */
export type TreeNode<T> = T & { hasChildren: boolean; children: TreeNode<T>[] };

export function toTree<T extends { id: string; parentId: string }>(rows: T[], rootIds: string[] = ['0', '-1']): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>(rows.map((r) => [r.id, { ...r, hasChildren: false, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else if (rootIds.includes(node.parentId) || !parent) {
      // Orphans (parent filtered out or missing) surface at the top rather than vanish.
      roots.push(node);
    }
  }
  return roots;
}

/** The ids of a node and everything below it. */
export function subtreeIds<T extends { id: string; parentId: string }>(rows: T[], rootId: string): Set<string> {
  const byParent = new Map<string, T[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const out = new Set<string>([rootId]);
  const stack = [rootId];
  while (stack.length) {
    for (const child of byParent.get(stack.pop()!) ?? []) {
      if (!out.has(child.id)) {
        out.add(child.id);
        stack.push(child.id);
      }
    }
  }
  return out;
}

/** Rows matching a predicate plus all their ancestors, so a filtered tree stays connected. */
export function withAncestors<T extends { id: string; parentId: string }>(rows: T[], match: (r: T) => boolean): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const r of rows) {
    if (!match(r)) continue;
    for (let n: T | undefined = r; n && !keep.has(n.id); n = byId.get(n.parentId)) keep.add(n.id);
  }
  return rows.filter((r) => keep.has(r.id));
}

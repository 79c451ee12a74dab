import type { AuthNode, AuthorizeModel, SaveGrants } from '../../../api/permission.ts';
import type { GrantObjectType } from '@medalliance/contract';

/**
 * The authorize screen's tiers (spec §6): application, menu, button, list
 * column, form field, data scheme. Each is a check tree whose parents (the
 * application and menu nodes) follow their children. Pure helpers for
 * reading the grants in, narrowing the item tiers to the checked menus, and
 * building the body that replaces the grants.
 */
export const TIERS = ['system', 'module', 'button', 'column', 'form', 'resource'] as const;
export type Tier = (typeof TIERS)[number];
export type Checked = Record<Tier, string[]>;

export function walk(list: AuthNode[], visit: (n: AuthNode, parent: AuthNode | null) => void, parent: AuthNode | null = null) {
  for (const n of list) {
    visit(n, parent);
    if (n.children?.length) walk(n.children, visit, n);
  }
}

/** Keys of the nodes without children (what a conducted check tree is told is checked). */
export function leafKeys(list: AuthNode[]): string[] {
  const out: string[] = [];
  walk(list, (n) => {
    if (!n.children?.length) out.push(n.id);
  });
  return out;
}

export function parentKeys(list: AuthNode[]): string[] {
  const out: string[] = [];
  walk(list, (n) => {
    if (n.children?.length) out.push(n.id);
  });
  return out;
}

/**
 * The checked keys to show for granted ids. Only leaves are given to the
 * tree: a granted directory with only some pages granted must show half
 * checked, not pull in every page.
 */
export function checkedFromGrants(list: AuthNode[], ids: string[]): string[] {
  const leaves = new Set(leafKeys(list));
  return ids.filter((id) => leaves.has(id));
}

/** The keys plus every ancestor of them in the tree (a granted page keeps its directories). */
export function withAncestors(list: AuthNode[], keys: string[]): string[] {
  const parentOf = new Map<string, string | null>();
  walk(list, (n, p) => parentOf.set(n.id, p?.id ?? null));
  const out = new Set<string>();
  for (const k of keys) {
    for (let cur: string | null | undefined = k; cur && !out.has(cur); cur = parentOf.get(cur)) out.add(cur);
  }
  return [...out];
}

/** The ids of one node type in a tree. */
export function idsOfType(list: AuthNode[], type: string): Set<string> {
  const out = new Set<string>();
  walk(list, (n) => {
    if (n.type === type) out.add(n.id);
  });
  return out;
}

/**
 * An item tier narrowed to the chosen menus: an item stays when its menu is
 * chosen; menus and applications stay when something below them does.
 */
export function pruneToMenus(list: AuthNode[], menuIds: Set<string>): AuthNode[] {
  const visit = (nodes: AuthNode[]): AuthNode[] =>
    nodes.flatMap((n) => {
      if (n.type !== 'module' && n.type !== 'system') return menuIds.has(n.parentId) ? [n] : [];
      const kids = visit(n.children ?? []);
      return kids.length ? [{ ...n, children: kids, hasChildren: true, isLeaf: false }] : [];
    });
  return visit(list);
}

/** The initial checked keys of every tier from the server's model. */
export function initialChecked(model: AuthorizeModel): Checked {
  const out = {} as Checked;
  for (const tier of TIERS) out[tier] = checkedFromGrants(model[tier].list, model[tier].ids);
  return out;
}

/** The menus chosen on the menu tier, with their directories. */
export function chosenMenus(model: AuthorizeModel, checked: Checked): Set<string> {
  const modules = idsOfType(model.module.list, 'module');
  return new Set(withAncestors(model.module.list, checked.module).filter((id) => modules.has(id)));
}

/**
 * The body that replaces the object's grants: menus with their directories,
 * items only of chosen menus (an item of a menu the object cannot open is
 * pointless), the applications ticked plus those of the chosen menus.
 */
export function saveBody(model: AuthorizeModel, checked: Checked, objectType: GrantObjectType): SaveGrants {
  const menus = chosenMenus(model, checked);
  const systems = new Set(checked.system.filter((id) => idsOfType(model.system.list, 'system').has(id)));
  walk(model.module.list, (n) => {
    if (n.type === 'module' && menus.has(n.id) && n.systemId) systems.add(n.systemId);
  });
  const items = (tier: 'button' | 'column' | 'form' | 'resource') => {
    const parent = new Map<string, string>();
    walk(model[tier].list, (n) => {
      if (n.type === tier) parent.set(n.id, n.parentId);
    });
    return checked[tier].filter((id) => parent.has(id) && menus.has(parent.get(id)!));
  };
  return {
    objectType,
    systemIds: [...systems],
    module: [...menus],
    button: items('button'),
    column: items('column'),
    form: items('form'),
    resource: items('resource'),
  };
}

/** Whether two checked states grant the same (order aside). */
export function sameChecked(a: Checked, b: Checked): boolean {
  return TIERS.every((tier) => a[tier].length === b[tier].length && new Set([...a[tier], ...b[tier]]).size === a[tier].length);
}

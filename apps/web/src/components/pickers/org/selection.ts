import { GLOBAL_ROLE_NODE_ID } from '@medalliance/contract';

/**
 * The selection rules every organisation picker shares (spec §2.6, §4, §5.2):
 * closed → open → confirmed or cancelled; clicking a node adds it; single
 * mode replaces the choice, multiple mode appends and ignores duplicates;
 * only nodes of the right type are picked, disabled nodes never; confirm
 * does nothing without a choice. Pure, so the rules are tested directly.
 */
export interface PickNode {
  id: string;
  fullName: string;
  /** 'company' | 'department' | 'position' | 'role' | 'group' | 'user' | '' (grouping nodes). */
  type?: string;
  disabled?: boolean;
  /** Tree key when one record shows under several parents (roles: onlyId). */
  onlyId?: string;
  parentId?: string;
  /** Name path of the node's organisation ('county hospital/internal medicine'). */
  organize?: string;
  lastFullName?: string;
  headIcon?: string;
  account?: string;
  enCode?: string;
  hasChildren?: boolean;
  isLeaf?: boolean;
  children?: PickNode[];
}

export interface PickRules {
  multiple: boolean;
  /** Node types that may be picked; every type when left out. */
  types?: readonly string[];
}

export type PickerPhase = 'closed' | 'open' | 'confirmed' | 'cancelled';

export interface PickerState {
  phase: PickerPhase;
  selected: PickNode[];
}

/** May this node be picked under these rules? */
export function isPickable(node: PickNode, rules: Pick<PickRules, 'types'>): boolean {
  if (node.disabled) return false;
  if (!node.id) return false;
  if (rules.types && !rules.types.includes(node.type ?? '')) return false;
  return true;
}

/** Adds a clicked node: single mode replaces, multiple appends; duplicates and wrong nodes are ignored (same array back). */
export function pick(selected: PickNode[], node: PickNode, rules: PickRules): PickNode[] {
  if (!isPickable(node, rules)) return selected;
  if (rules.multiple) {
    if (selected.some((s) => s.id === node.id)) return selected;
    return [...selected, stripChildren(node)];
  }
  if (selected.length === 1 && selected[0]!.id === node.id) return selected;
  return [stripChildren(node)];
}

/** Adds several nodes in order (e.g. 'all results'), with the same rules. */
export function pickMany(selected: PickNode[], nodes: PickNode[], rules: PickRules): PickNode[] {
  return nodes.reduce((acc, n) => pick(acc, n, rules), selected);
}

export function unpick(selected: PickNode[], id: string): PickNode[] {
  return selected.some((s) => s.id === id) ? selected.filter((s) => s.id !== id) : selected;
}

function stripChildren(node: PickNode): PickNode {
  const { children: _children, ...rest } = node;
  return rest;
}

/** What confirm emits: the value (id or ids) and the records; null when there is nothing to confirm (ignored). */
export function confirmSelection(selected: PickNode[], multiple: boolean): { value: string | string[]; items: PickNode[] } | null {
  if (!selected.length) return null;
  if (multiple) return { value: selected.map((s) => s.id), items: selected };
  return { value: selected[0]!.id, items: [selected[0]!] };
}

/**
 * A field value as a list of ids. Multiple mode takes an array or the
 * comma-joined text the server stores; single mode takes the first id.
 */
export function toIds(value: unknown, multiple: boolean): string[] {
  let ids: string[];
  if (Array.isArray(value)) ids = value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
  else if (typeof value === 'string') ids = value.split(',');
  else if (typeof value === 'number') ids = [String(value)];
  else ids = [];
  ids = [...new Set(ids.map((s) => s.trim()).filter(Boolean))];
  return multiple ? ids : ids.slice(0, 1);
}

/** The value a field emits for these ids ('' or [] when empty). */
export function fromIds(ids: string[], multiple: boolean): string | string[] {
  return multiple ? ids : (ids[0] ?? '');
}

export type PickerAction =
  | { type: 'open'; selected: PickNode[] }
  | { type: 'pick'; node: PickNode; rules: PickRules }
  | { type: 'unpick'; id: string }
  | { type: 'clear' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'close' };

export const closedPicker: PickerState = { phase: 'closed', selected: [] };

/**
 * The picker's states (spec §4): opening copies the field's value into the
 * choice; confirm with an empty choice is ignored and the dialog stays open;
 * cancel drops the choice. Picks only count while open.
 */
export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'open':
      return { phase: 'open', selected: action.selected };
    case 'pick': {
      if (state.phase !== 'open') return state;
      const selected = pick(state.selected, action.node, action.rules);
      return selected === state.selected ? state : { ...state, selected };
    }
    case 'unpick': {
      if (state.phase !== 'open') return state;
      const selected = unpick(state.selected, action.id);
      return selected === state.selected ? state : { ...state, selected };
    }
    case 'clear':
      return state.phase === 'open' && state.selected.length ? { ...state, selected: [] } : state;
    case 'confirm':
      if (state.phase !== 'open' || !state.selected.length) return state;
      return { ...state, phase: 'confirmed' };
    case 'cancel':
      return state.phase === 'open' ? { phase: 'cancelled', selected: [] } : state;
    case 'close':
      return closedPicker;
  }
}

/**
 * The role tree's two tabs (spec §4): the node with id '1' (holding the global
 * roles) goes to 'global', every other node to 'organization'. The global tab
 * shows the global roles themselves.
 */
export function splitRoleTabs(roots: PickNode[]): { organization: PickNode[]; global: PickNode[] } {
  const organization: PickNode[] = [];
  const global: PickNode[] = [];
  for (const n of roots) {
    if (n.id === GLOBAL_ROLE_NODE_ID) global.push(...(n.children ?? []));
    else organization.push(n);
  }
  return { organization, global };
}

/** Every node of a forest, depth first. */
export function flattenNodes(roots: PickNode[]): PickNode[] {
  const out: PickNode[] = [];
  const walk = (nodes: PickNode[]) => {
    for (const n of nodes) {
      out.push(n);
      if (n.children?.length) walk(n.children);
    }
  };
  walk(roots);
  return out;
}

/** The nodes with these ids found in a forest (first hit per id), in the order of `ids`. */
export function findByIds(roots: PickNode[], ids: string[]): PickNode[] {
  const want = new Set(ids);
  const found = new Map<string, PickNode>();
  for (const n of flattenNodes(roots)) if (want.has(n.id) && !found.has(n.id)) found.set(n.id, n);
  return ids.map((id) => found.get(id)).filter((n): n is PickNode => !!n);
}

/** The tree key of a node: onlyId where one record shows under several parents, else the id. */
export const nodeKey = (n: PickNode): string => n.onlyId || n.id;

/** Replaces the children of the node with this key (lazy loading); a new forest, untouched branches shared. */
export function withChildren(roots: PickNode[], key: string, children: PickNode[]): PickNode[] {
  let hit = false;
  const visit = (nodes: PickNode[]): PickNode[] => {
    let changed = false;
    const next = nodes.map((n) => {
      if (hit) return n;
      if (nodeKey(n) === key) {
        hit = true;
        changed = true;
        return { ...n, children, hasChildren: children.length > 0, isLeaf: children.length === 0 };
      }
      if (n.children?.length) {
        const kids = visit(n.children);
        if (kids !== n.children) {
          changed = true;
          return { ...n, children: kids };
        }
      }
      return n;
    });
    return changed ? next : nodes;
  };
  return visit(roots);
}

/** Keys of every node that has children (for 'expand all' and expanded search results). */
export function parentKeys(roots: PickNode[]): string[] {
  return flattenNodes(roots)
    .filter((n) => n.children?.length)
    .map(nodeKey);
}

/**
 * What a tree shows open at first: search results fully; otherwise the roots
 * that came with their children, or (a lazily loaded tree) the first root,
 * which loads its children as it opens.
 */
export function initialExpanded(roots: PickNode[], searched: boolean): string[] {
  if (searched) return parentKeys(roots);
  const open = roots.filter((n) => n.children?.length).map(nodeKey);
  const first = roots[0];
  if (!open.length && first && !first.isLeaf && !first.disabled) open.push(nodeKey(first));
  return open;
}

/** Keys of the ancestors of the nodes with these ids (to open the tree where the choice sits). */
export function ancestorKeys(roots: PickNode[], ids: string[]): string[] {
  const want = new Set(ids);
  const out = new Set<string>();
  const walk = (nodes: PickNode[], path: string[]) => {
    for (const n of nodes) {
      if (want.has(n.id)) for (const k of path) out.add(k);
      if (n.children?.length) walk(n.children, [...path, nodeKey(n)]);
    }
  };
  walk(roots, []);
  return [...out];
}

/** The value the 'approver' picker refuses: nothing chosen (spec §5.2 'please select {title}'). */
export function approverMissing(value: unknown): boolean {
  return toIds(value, true).length === 0;
}

/**
 * How the authorized organization picker loads its tree (spec §6): 'only org'
 * mode for an administrator (the whole tree under the top node), 'only org'
 * mode for anyone else (their own organisations' subtrees), or the general
 * mode (companies and departments within the user's reach).
 */
export type AuthOrgMode = 'adminOnlyOrg' | 'scopedOnlyOrg' | 'general';

export function authOrgMode(isAdministrator: boolean, onlyOrg: boolean): AuthOrgMode {
  if (!onlyOrg) return 'general';
  return isAdministrator ? 'adminOnlyOrg' : 'scopedOnlyOrg';
}

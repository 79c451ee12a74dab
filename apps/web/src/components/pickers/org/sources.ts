import { TOP_NODE_ID, type PickerNode } from '@medalliance/contract';
import { departmentApi, groupApi, organizeApi, positionApi, roleApi, userApi } from '../../../api/permission.ts';
import { findByIds, flattenNodes, type AuthOrgMode, type PickNode } from './selection.ts';

/**
 * Where each picker's tree comes from (spec §7.4, §7.8). A source loads its
 * roots (or, with a keyword, the matches with their ancestors), optionally
 * loads children lazily, and resolves labels of stored ids.
 */
export interface TreeSource {
  /** Cache key (with the source's parameters). */
  key: readonly unknown[];
  load(keyword: string): Promise<PickNode[]>;
  /** Present on lazily loaded trees: the children of one node. */
  children?(node: PickNode): Promise<PickNode[]>;
  /** Labels of ids (a set value shows names, not ids). */
  resolve(ids: string[]): Promise<PickNode[]>;
}

/** Server nodes as picker nodes; lazily loaded ones keep children undefined until asked. */
export function toPickNodes(nodes: readonly PickerNode[], lazy = false): PickNode[] {
  return nodes.map((n) => {
    const kids = n.children?.length ? toPickNodes(n.children, lazy) : undefined;
    const leaf = lazy ? !n.hasChildren && !kids : !kids;
    return {
      id: n.id,
      fullName: n.fullName,
      type: n.type,
      disabled: !!n.disabled,
      onlyId: n.onlyId,
      parentId: n.parentId,
      organize: n.organize,
      lastFullName: n.lastFullName,
      headIcon: n.headIcon,
      account: n.account,
      enCode: n.enCode,
      hasChildren: !leaf,
      isLeaf: leaf,
      children: kids ?? (leaf ? [] : undefined),
    };
  });
}

const byIdsFromTree = async (load: () => Promise<PickNode[]>, ids: string[]) => (ids.length ? findByIds(await load(), ids) : []);

/** Labels of organisations: the chosen ones with their subtrees, found by id. */
export const resolveOrganizations = async (ids: string[]) =>
  ids.length ? findByIds(toPickNodes((await organizeApi.condition(ids)).data.list), ids) : [];

/** The whole organisation tree, loaded level by level (a 10,000-node tree opens at once). */
export function organizeSource(): TreeSource {
  return {
    key: ['organize', 'lazy'],
    load: async (keyword) =>
      keyword ? toPickNodes((await organizeApi.tree(keyword)).data.list) : toPickNodes((await organizeApi.children('-1')).data.list, true),
    children: async (node) => toPickNodes((await organizeApi.children(node.id)).data.list, true),
    resolve: resolveOrganizations,
  };
}

/** Only the given organisations and their subtrees (custom mode: the permitted ones). */
export function organizeConditionSource(ableIds: string[]): TreeSource {
  return {
    key: ['organize', 'custom', ableIds.join(',')],
    load: async (keyword) => toPickNodes((await organizeApi.condition(ableIds, keyword)).data.list),
    resolve: resolveOrganizations,
  };
}

/** The authorized organization tree in its three load modes (spec §6). */
export function authOrganizeSource(mode: AuthOrgMode, currOrgId: string, topNodeLabel: string): TreeSource {
  const id = currOrgId || '0';
  const fetch = async (keyword: string) => {
    if (mode === 'adminOnlyOrg') return (await organizeApi.selector(id)).data.list;
    if (mode === 'scopedOnlyOrg') return (await organizeApi.selectorByAuth(id, keyword)).data.list;
    return (await departmentApi.selectorByAuth(id)).data.list;
  };
  return {
    key: ['organize', 'auth', mode, id],
    load: async (keyword) => filterTree(toPickNodes(await fetch(keyword)), keyword),
    // The synthetic 'top node' (a root's parent) is no organisation the server can look up.
    resolve: async (ids) => {
      const found = await resolveOrganizations(ids.filter((i) => i !== TOP_NODE_ID));
      return ids.includes(TOP_NODE_ID) ? [{ id: TOP_NODE_ID, fullName: topNodeLabel, type: 'company' }, ...found] : found;
    },
  };
}

export function positionSource(custom?: { departIds: string[]; positionIds: string[] }): TreeSource {
  return {
    key: ['position', custom ? `${custom.departIds.join(',')}|${custom.positionIds.join(',')}` : 'all'],
    load: async (keyword) =>
      toPickNodes(
        (custom ? await positionApi.condition(custom.departIds, custom.positionIds, keyword) : await positionApi.selector(keyword)).data
          .list,
      ),
    resolve: async (ids) => {
      if (!ids.length) return [];
      const all = (await positionApi.all()).data.list;
      const byId = new Map(all.map((p) => [p.id, p]));
      return ids
        .map((id) => byId.get(id))
        .filter((p): p is NonNullable<typeof p> => !!p)
        .map((p) => ({
          id: p.id,
          fullName: p.fullName,
          type: 'position',
          organize: p.organize,
          lastFullName: p.lastFullName,
          isLeaf: true,
        }));
    },
  };
}

/** Roles: node '1' holds the global roles; `byPermission` limits the tree to roles the user may hand out. */
export function roleSource(byPermission = false): TreeSource {
  const fetch = async (keyword: string) =>
    toPickNodes((byPermission ? await roleApi.selectorByPermission(keyword) : await roleApi.selector(keyword)).data.list);
  return {
    key: ['role', byPermission ? 'permission' : 'all'],
    load: fetch,
    // Labels come from the full tree: a role the user may not hand out still shows its name.
    resolve: (ids) => byIdsFromTree(async () => toPickNodes((await roleApi.selector()).data.list), ids),
  };
}

export function groupSource(): TreeSource {
  const fetch = async (keyword: string) => toPickNodes((await groupApi.selector(keyword)).data.list);
  return { key: ['group'], load: fetch, resolve: (ids) => byIdsFromTree(() => fetch(''), ids) };
}

const userNodes = (list: PickerNode[]) =>
  toPickNodes(list, true).map((n) => (n.type === 'user' ? { ...n, isLeaf: true, hasChildren: false, children: [] } : n));

/** Users by organisation, one level at a time; a keyword lists matching users anywhere. */
export function userSource(): TreeSource {
  return {
    key: ['user', 'tree'],
    load: async (keyword) => userNodes((await userApi.selectorLevel('0', keyword)).data.list),
    children: async (node) => userNodes((await userApi.selectorLevel(node.id)).data.list),
    resolve: resolveUsers,
  };
}

/** Custom mode: users of the given organisations, positions, roles, groups or listed users. */
export function userConditionSource(able: {
  departIds?: string[];
  positionIds?: string[];
  roleIds?: string[];
  groupIds?: string[];
  userIds?: string[];
}): TreeSource {
  return {
    key: ['user', 'custom', JSON.stringify(able)],
    load: async (keyword) => userNodes((await userApi.condition({ ...able, keyword, currentPage: 1, pageSize: 10000 })).data.list),
    resolve: resolveUsers,
  };
}

export async function resolveUsers(ids: string[]): Promise<PickNode[]> {
  if (!ids.length) return [];
  return userNodes((await userApi.byIds(ids)).data.list);
}

/** Client-side keyword filter for sources answering one whole tree: matches with their ancestors. */
export function filterTree(roots: PickNode[], keyword: string): PickNode[] {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return roots;
  const visit = (nodes: PickNode[]): PickNode[] =>
    nodes.flatMap((n) => {
      const kids = n.children?.length ? visit(n.children) : [];
      const hit = n.fullName.toLowerCase().includes(kw) || (n.enCode ?? '').toLowerCase().includes(kw);
      if (!hit && !kids.length) return [];
      return [{ ...n, children: hit && !kids.length ? n.children : kids }];
    });
  return visit(roots);
}

export { flattenNodes };

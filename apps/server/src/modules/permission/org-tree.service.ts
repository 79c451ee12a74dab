import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { OrganizeNode, OrgCategory } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Dialect } from '../../db/connection.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { labelCache } from './labels.ts';

/**
 * Organisation paths and subtrees. `organizations.idPath` holds the ids from the
 * root down to the node, comma-joined: a node's subtree is its own path plus
 * every path that starts with it and a comma. Trees and scopes are read from
 * the database every time, so a second server process never answers a stale
 * tree; only the display names of orgPathNames are kept (labels.ts).
 */
export interface OrgRow {
  id: string;
  parentId: string;
  category: string;
  enCode: string;
  fullName: string;
  shortName: string | null;
  managerId: string | null;
  idPath: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
}

export const orgColumns = [
  'id',
  'parentId',
  'category',
  'enCode',
  'fullName',
  'shortName',
  'managerId',
  'idPath',
  'sortCode',
  'enabledMark',
  'description',
  'createdAt',
] as const;

export const companyIcon = 'icon-ym icon-ym-tree-organization3';
export const departmentIcon = 'icon-ym icon-ym-tree-department1';

/** A LIKE pattern matching every path strictly below `path`. */
export const belowPattern = (path: string) => `${path.replace(/[\\%_]/g, (c) => `\\${c}`)},%`;

/**
 * `column` holds a path strictly below `path`. SQLite compares text as bytes,
 * so the prefix is a range its index serves (its LIKE is case-insensitive and
 * never uses an index). PostgreSQL's usual collations may ignore punctuation
 * when ordering, so there the prefix is a LIKE, which matches exactly.
 */
export function belowPath(dialect: Dialect, path: string, column = 'o.id_path'): RawBuilder<SqlBool> {
  const col = sql.raw(column);
  return dialect === 'sqlite'
    ? sql<SqlBool>`(${col} >= ${`${path},`} and ${col} < ${`${path}-`})`
    : sql<SqlBool>`${col} like ${belowPattern(path)} escape '\\'`;
}

/** `ref` is the organisation with this path or one below it (bound values). */
export function inSubtree(dialect: Dialect, ref: string, path: string): RawBuilder<SqlBool> {
  const id = path.split(',').pop()!;
  return sql<SqlBool>`${sql.ref(ref)} in (select o.id from organizations o where o.id = ${id} or ${belowPath(dialect, path)})`;
}

/** `ref` lies in any of these subtrees; an empty list matches nothing. */
export function inSubtrees(dialect: Dialect, ref: string, paths: string[]): Expression<SqlBool> {
  if (!paths.length) return sql<SqlBool>`1 = 0`;
  const ids = paths.map((p) => p.split(',').pop()!);
  const below = paths.map((p) => belowPath(dialect, p));
  return sql<SqlBool>`${sql.ref(ref)} in (select o.id from organizations o where o.id in (${sql.join(ids)}) or ${sql.join(below, sql` or `)})`;
}

export function allOrgs(ctx: AppContext): Promise<OrgRow[]> {
  return ctx.db.selectFrom('organizations').select(orgColumns).orderBy('sortCode').orderBy('createdAt').execute();
}

export function findOrg(ctx: AppContext, id: string): Promise<OrgRow | undefined> {
  return ctx.db.selectFrom('organizations').select(orgColumns).where('id', '=', id).executeTakeFirst();
}

interface OrgLabel {
  fullName: string;
  idPath: string;
  /** The name path, worked out on first use and kept with the entry. */
  pathName?: string;
}

/** Names and paths of every organisation, for labels only (labels.ts); organisation writes drop them. */
const orgLabels = labelCache<OrgLabel>('orgLabels', async (ctx) => {
  const rows = await ctx.db.selectFrom('organizations').select(['id', 'fullName', 'idPath']).execute();
  return new Map(rows.map((r) => [r.id, { fullName: r.fullName, idPath: r.idPath }]));
});

export const invalidateOrgLabels = orgLabels.invalidate;

/** Name paths ('county hospital/internal medicine') of the given organisations. */
export async function orgPathNames(ctx: AppContext, orgIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(orgIds)].filter(Boolean);
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const byId = await orgLabels.get(ctx, ids);
  for (const id of ids) {
    const node = byId.get(id);
    if (!node) continue;
    node.pathName ??= node.idPath
      .split(',')
      .map((a) => byId.get(a)?.fullName ?? '')
      .join('/');
    out.set(id, node.pathName);
  }
  return out;
}

/**
 * The organisations a user works in: the main one and every membership. Their
 * subtrees are the user's organisation scope, which the by-authorization
 * selectors and non-administrator writes are held to.
 */
export async function orgScopePaths(ctx: AppContext, session: Pick<SessionInfo, 'userId' | 'isAdministrator'>): Promise<string[] | null> {
  if (session.isAdministrator) return null;
  const rows = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'idPath'])
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('users').select('organizeId').where('id', '=', session.userId)),
        eb(
          'id',
          'in',
          eb.selectFrom('userRelations').select('objectId').where('userId', '=', session.userId).where('objectType', '=', 'Organize'),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.idPath);
}

/** Whether an organisation (by its path) lies in one of the scope's subtrees; null scope = everything. */
export function pathInScope(path: string, scope: string[] | null): boolean {
  return scope === null || scope.some((p) => path === p || path.startsWith(`${p},`));
}

/** Tree nodes of organisations (spec §3), children ordered as given. */
export function toOrgNodes(rows: OrgRow[], opts: { disabledIds?: Set<string> } = {}): Map<string, OrganizeNode> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const nameOf = (id: string) => byId.get(id)?.fullName ?? '';
  const nodes = new Map<string, OrganizeNode>();
  for (const r of rows) {
    const ids = r.idPath.split(',');
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      fullName: r.fullName,
      enCode: r.enCode,
      category: r.category as OrgCategory,
      type: r.category as OrgCategory,
      organize: ids.map(nameOf).join('/'),
      organizeIds: ids,
      lastFullName: ids.map(nameOf).join('/'),
      icon: r.category === 'company' ? companyIcon : departmentIcon,
      hasChildren: false,
      isLeaf: true,
      disabled: r.enabledMark !== 1 || !!opts.disabledIds?.has(r.id),
      enabledMark: r.enabledMark,
      sortCode: r.sortCode,
      children: [],
    });
  }
  return nodes;
}

/**
 * Links nodes under their parents and answers the roots: nodes whose parent is
 * not in the set (the whole tree's root has parent '-1').
 */
export function linkTree<N extends { id: string; parentId: string; children: unknown[]; hasChildren: boolean; isLeaf: boolean }>(
  nodes: Iterable<N>,
): N[] {
  const all = [...nodes];
  const byId = new Map(all.map((n) => [n.id, n]));
  const roots: N[] = [];
  for (const n of all) {
    const parent = byId.get(n.parentId);
    if (parent && parent !== n) {
      parent.children.push(n);
      parent.hasChildren = true;
      parent.isLeaf = false;
    } else {
      roots.push(n);
    }
  }
  return roots;
}

/** Keeps the nodes matching `keep` and their ancestors (the original's TreeWhere). */
export function keepWithAncestors<R extends { id: string; parentId: string }>(rows: R[], keep: (r: R) => boolean): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kept = new Set<string>();
  for (const r of rows) {
    if (!keep(r)) continue;
    for (let n: R | undefined = r; n && !kept.has(n.id); n = byId.get(n.parentId)) kept.add(n.id);
  }
  return rows.filter((r) => kept.has(r.id));
}

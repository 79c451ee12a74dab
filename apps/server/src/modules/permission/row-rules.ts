import { sql, type Expression, type SqlBool } from 'kysely';
import type { ConditionJson, ConditionOp } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import type { Dialect } from '../../db/connection.ts';
import { belowPath } from './org-tree.service.ts';
import { grantsFor, type UserGrants } from './grants.service.ts';

/**
 * Row-level data permission (server-contract §2), applied in SQL.
 *
 * A module's schemes are granted to roles, positions or users as `resource`
 * items. For a signed-in user and a module (menu enCode):
 * - administrators see every row;
 * - a menu whose data authorization is off (isDataAuthorize = 0) filters nothing;
 * - otherwise the user's schemes for the module are OR-ed (two roles see the
 *   union of their rows); within a scheme every group must hold (AND), and a
 *   group joins its conditions with its own logic ('and' | 'or'); a scheme with
 *   no conditions means every row;
 * - no scheme at all means no row (`1 = 0`).
 * Every value is bound; column names come only from the caller's field map, so a
 * scheme can name nothing but the fields the module offers. A condition on a
 * field the module does not offer, or with a value of the wrong type, matches
 * nothing: a broken scheme never widens access.
 *
 * Tokens: @userId (the user), @userAndSubordinates (also the original's
 * @userAraSubordinates: the user and everyone below them in the manager chain),
 * @organizeId (the user's main organisation), @organizationAndSuborganization
 * (that organisation and its subtree, by idPath).
 */
export type RowRuleField = string | { column: string; type: 'string' | 'number' };
export type FieldMap = Record<string, RowRuleField>;

const FALSE = sql<SqlBool>`1 = 0`;
const TRUE = sql<SqlBool>`1 = 1`;

interface TokenContext {
  dialect: Dialect;
  userId: string;
  organizeId: string | null;
  organizePath: string | null;
}

/** The set a token stands for, as SQL: `ref` is in it. */
function tokenMembership(token: string, ref: Expression<unknown>, c: TokenContext): Expression<SqlBool> | null {
  switch (token) {
    case '@userId':
      return sql<SqlBool>`${ref} = ${c.userId}`;
    case '@userAndSubordinates':
    case '@userAraSubordinates':
      // The manager chain below the user; UNION (not UNION ALL) ends on a cycle.
      return sql<SqlBool>`(${ref} = ${c.userId} or ${ref} in (with recursive sub(id) as (select u.id from users u where u.manager_id = ${c.userId} union select u.id from users u join sub on u.manager_id = sub.id) select sub.id from sub))`;
    case '@organizeId':
      return c.organizeId ? sql<SqlBool>`${ref} = ${c.organizeId}` : FALSE;
    case '@organizationAndSuborganization':
      if (!c.organizeId || !c.organizePath) return FALSE;
      return sql<SqlBool>`${ref} in (select o.id from organizations o where o.id = ${c.organizeId} or ${belowPath(c.dialect, c.organizePath)})`;
    default:
      return null;
  }
}

const comparisons: Partial<Record<ConditionOp, string>> = {
  LessThan: '<',
  LessThanOrEqual: '<=',
  GreaterThan: '>',
  GreaterThanOrEqual: '>=',
};

function literal(value: unknown, type: 'string' | 'number'): string | number | null {
  if (type === 'number') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(n) ? n : null;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

function listOf(value: unknown, type: 'string' | 'number'): (string | number)[] | null {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').map((s) => s.trim()) : [value];
  const out = raw.filter((v) => v !== '').map((v) => literal(v, type));
  return out.length && out.every((v) => v !== null) ? (out as (string | number)[]) : null;
}

/** A scheme's field (also in the original's F_PascalCase spelling) as a column of the module, or null. */
function fieldColumn(fields: FieldMap, field: string): { column: string; type: 'string' | 'number' } | null {
  const def = fields[field] ?? fields[field.replace(/^[Ff]_/, '').replace(/^./, (ch) => ch.toLowerCase())];
  if (!def) return null;
  return typeof def === 'string' ? { column: def, type: 'string' } : def;
}

function condition(item: ConditionJson[number]['groups'][number], fields: FieldMap, c: TokenContext): Expression<SqlBool> {
  const def = fieldColumn(fields, item.field);
  if (!def) return FALSE;
  const { column, type } = def;
  const ref = sql.ref(column);
  const value = item.value;

  if (typeof value === 'string' && value.startsWith('@')) {
    const member = tokenMembership(value, ref, c);
    if (!member) return FALSE;
    if (item.op === 'Equal' || item.op === 'In') return member;
    if (item.op === 'NotEqual') return sql<SqlBool>`(${ref} is null or not ${member})`;
    return FALSE;
  }

  switch (item.op) {
    case 'Equal':
    case 'NotEqual': {
      const v = literal(value, type);
      if (v === null) return FALSE;
      return item.op === 'Equal' ? sql<SqlBool>`${ref} = ${v}` : sql<SqlBool>`(${ref} is null or ${ref} <> ${v})`;
    }
    case 'Contains': {
      if (type !== 'string') return FALSE;
      const v = literal(value, 'string');
      if (v === null || v === '') return FALSE;
      const pattern = `%${String(v)
        .toLowerCase()
        .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return sql<SqlBool>`lower(${ref}) like ${pattern} escape '\\'`;
    }
    case 'In': {
      const list = listOf(value, type);
      return list ? sql<SqlBool>`${ref} in (${sql.join(list)})` : FALSE;
    }
    default: {
      const op = comparisons[item.op];
      const v = literal(value, type);
      if (!op || v === null) return FALSE;
      return sql<SqlBool>`${ref} ${sql.raw(op)} ${v}`;
    }
  }
}

function joinAll(parts: Expression<SqlBool>[], logic: 'and' | 'or'): Expression<SqlBool> {
  if (!parts.length) return TRUE;
  if (parts.length === 1) return parts[0]!;
  return sql<SqlBool>`(${sql.join(parts, logic === 'and' ? sql` and ` : sql` or `)})`;
}

/** The where-expression of one scheme. */
export function schemeExpression(conditions: ConditionJson, fields: FieldMap, c: TokenContext): Expression<SqlBool> {
  const groups = conditions
    .filter((g) => g.groups.length)
    .map((g) =>
      joinAll(
        g.groups.map((i) => condition(i, fields, c)),
        g.logic,
      ),
    );
  return joinAll(groups, 'and');
}

/**
 * The row filter of a module for a user's grants: null when nothing is
 * filtered (administrator, or data authorization off for the menu).
 */
export function rowRuleExpression(
  grants: UserGrants,
  moduleEnCode: string,
  fields: FieldMap,
  dialect: Dialect,
): Expression<SqlBool> | null {
  if (grants.isAdministrator) return null;
  const menu = grants.menusByCode.get(moduleEnCode);
  if (!menu?.isDataAuthorize) return null;
  const schemes = grants.schemes.get(moduleEnCode) ?? [];
  if (!schemes.length) return FALSE;
  const c: TokenContext = { dialect, userId: grants.userId, organizeId: grants.organizeId, organizePath: grants.organizePath };
  return joinAll(
    schemes.map((s) => schemeExpression(s.conditions, fields, c)),
    'or',
  );
}

/**
 * The organisation whose subtree, by `column`, is exactly the rows a user may
 * see of a module, when their row rule is that and nothing else ("own
 * organisation and below", the usual one); null for any other rule or none.
 * A list can then page from an index of that subtree instead of filtering.
 */
export function rowRuleSubtree(grants: UserGrants, moduleEnCode: string, fields: FieldMap, column: string): string | null {
  if (grants.isAdministrator || !grants.menusByCode.get(moduleEnCode)?.isDataAuthorize) return null;
  const schemes = grants.schemes.get(moduleEnCode) ?? [];
  const groups = schemes.length === 1 ? schemes[0]!.conditions.filter((g) => g.groups.length) : [];
  const item = groups.length === 1 && groups[0]!.groups.length === 1 ? groups[0]!.groups[0]! : null;
  if (!item || item.value !== '@organizationAndSuborganization' || (item.op !== 'Equal' && item.op !== 'In')) return null;
  if (fieldColumn(fields, item.field)?.column !== column) return null;
  return grants.organizeId && grants.organizePath ? grants.organizeId : null;
}

/** Anything with a `where(expression)`: select, update and delete builders alike. */
interface Filterable<Q> {
  where(expression: Expression<SqlBool>): Q;
}

/**
 * Applies the signed-in user's row rules of a module to a query. Low-code lists
 * and every module with row permissions use this; `fieldMap` maps the field
 * names schemes may use to the query's columns (camelCase refs, e.g.
 * `{ organizeId: 'users.organizeId', createdAt: { column: 'users.createdAt', type: 'number' } }`).
 */
export async function applyRowRules<Q extends Filterable<Q>>(
  qb: Q,
  ctx: AppContext,
  session: Pick<SessionInfo, 'userId' | 'isAdministrator'>,
  moduleEnCode: string,
  fieldMap: FieldMap,
): Promise<Q> {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const filter = rowRuleExpression(grants, moduleEnCode, fieldMap, ctx.dialect);
  return filter ? qb.where(filter) : qb;
}

/** Fields a module offers to its schemes, for the scheme editor (Authority/DataScheme/Fields). */
const registry = new Map<string, { field: string; fullName: string; type: 'string' | 'number' }[]>();

export function registerRowRuleFields(
  moduleEnCode: string,
  fields: { field: string; fullName: string; type: 'string' | 'number' }[],
): void {
  registry.set(moduleEnCode, fields);
}

export function rowRuleFields(moduleEnCode: string) {
  return registry.get(moduleEnCode) ?? [];
}

import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AppContext } from '../../context.ts';
import { keywordMatch } from '../../http/paging.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { findModel, releasedForm } from './base.service.ts';
import { modelTables, rowToRecord, selectAsWritten } from './model-tables.ts';
import { authorizeModel, hiddenOf, rowFilterOf, runtimeModel } from './records.service.ts';

/**
 * Base/{id}/FieldDataSelect: a page of a released model's records for the
 * relation-form picker of another form. The rows are the model's data, so the
 * caller must be allowed to see them: an administrator, a designer (webDesign),
 * or a user granted a menu page of this model, who sees that page's rows and
 * columns only.
 */

export interface FieldDataQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  /** The field the keyword searches (the picker's display field); all text fields when absent. */
  relationField?: string | undefined;
}

/**
 * What the caller may read: everything for an administrator or a designer;
 * for a user granted a page of this model, that page's row rules and columns
 * (the same as its list); 403 for anyone else.
 */
async function readScope(
  ctx: AppContext,
  modelId: string,
  session: SessionInfo,
): Promise<{ filter: Expression<SqlBool> | null; hidden: Set<string> }> {
  const everything = { filter: null, hidden: new Set<string>() };
  if (session.isAdministrator) return everything;
  const grants = await grantsFor(ctx, session.userId, false);
  if (grants.modules.has('webDesign')) return everything;
  const model = await runtimeModel(ctx, modelId);
  const auth = await authorizeModel(ctx, session, model, []);
  return { filter: rowFilterOf(ctx, model, auth), hidden: hiddenOf(auth) };
}

export async function fieldDataSelect(ctx: AppContext, id: string, q: FieldDataQuery, session: SessionInfo) {
  const row = await findModel(ctx, id);
  const form = releasedForm(row);
  const scope = await readScope(ctx, id, session);
  const [main] = modelTables(row.tableName, form);
  const columns = main!.columns.filter((c) => !scope.hidden.has(c.name));
  const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  let base = raw.selectFrom(main!.name);
  if (scope.filter) base = base.where(scope.filter);
  const textual = columns.filter((c) => (c.kind === 'string' || c.kind === 'text') && !c.array).map((c) => c.name);
  const searched = q.relationField && textual.includes(q.relationField) ? [q.relationField] : textual;
  if (q.keyword && searched.length) base = base.where(keywordMatch(searched, q.keyword));
  // A bound table has the fields it was mapped with and an id, not necessarily our system columns.
  const own = !row.boundTable;
  let page = base.select([
    sql.id('id').as('id'),
    ...(own ? [sql.id('creator_time').as('creatorTime')] : []),
    ...columns.map((c) => sql.id(c.name).as(c.name)),
  ]);
  if (own) page = page.orderBy(sql.id('creator_time'), 'desc');
  page = page
    .orderBy(sql.id('id'))
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize);
  const [rows, total] = await Promise.all([
    selectAsWritten(raw, page),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst() as Promise<{ total: number | string } | undefined>,
  ]);
  return {
    list: rows.map((r) => rowToRecord(columns, r)),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.total ?? 0) },
  };
}

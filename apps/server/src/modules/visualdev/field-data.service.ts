import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { keywordMatch } from '../../http/paging.ts';
import { parseJson } from '../system/db-errors.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { findModel, releasedForm } from './base.service.ts';
import { modelTables, rowToRecord, selectAsWritten } from './model-tables.ts';

/**
 * Base/{id}/FieldDataSelect: a page of a released model's records for the
 * relation-form picker of another form. The rows are the model's data, so the
 * caller must be allowed to see them: an administrator, a designer (webDesign),
 * or a user granted a menu page of this model.
 */

export interface FieldDataQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  /** The field the keyword searches (the picker's display field); all text fields when absent. */
  relationField?: string | undefined;
}

async function assertMayRead(ctx: AppContext, modelId: string, userId: string, isAdministrator: boolean) {
  if (isAdministrator) return;
  const grants = await grantsFor(ctx, userId, false);
  if (grants.modules.has('webDesign')) return;
  const menus = await ctx.db.selectFrom('menus').select(['enCode', 'propertyJson']).where('type', '=', 3).execute();
  const granted = menus.some(
    (m) => grants.modules.has(m.enCode) && parseJson<{ moduleId?: unknown } | null>(m.propertyJson, null)?.moduleId === modelId,
  );
  if (!granted) throw forbidden();
}

export async function fieldDataSelect(
  ctx: AppContext,
  id: string,
  q: FieldDataQuery,
  session: { userId: string; isAdministrator: boolean },
) {
  const row = await findModel(ctx, id);
  const form = releasedForm(row);
  await assertMayRead(ctx, id, session.userId, session.isAdministrator);
  const [main] = modelTables(row.tableName, form);
  const columns = main!.columns;
  const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  let base = raw.selectFrom(main!.name);
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

import type { Selectable } from 'kysely';
import { reportDefinition, type ReportBody, type ReportDefinition, type ReportInfo } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { DataReportTable } from '../../db/tables/report.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { keywordMatch } from '../../http/paging.ts';
import { newId } from '../../lib/ids.ts';
import type { Caller } from '../system/data-interface.runner.ts';
import { writeUnique } from '../system/records.ts';
import { reportMenus } from './report-access.ts';
import { checkDefinition } from './report-source.ts';
import './messages.ts';

/** Saved data reports: list, read, create, update, copy, enable / disable, delete. */

export type ReportRow = Selectable<DataReportTable>;

export function reportOut(row: ReportRow): ReportInfo {
  return {
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    category: row.category,
    description: row.description,
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    definition: parseDefinition(row.definition),
    createdAt: Number(row.createdAt),
    updatedAt: row.updatedAt === null ? null : Number(row.updatedAt),
  };
}

/** The stored definition, read back through the same schema (defaults filled). */
export function parseDefinition(text: string): ReportDefinition {
  return reportDefinition.parse(JSON.parse(text));
}

export interface ReportListQuery {
  keyword: string;
  category: string;
  currentPage: number;
  pageSize: number;
}

export async function listReports(ctx: AppContext, q: ReportListQuery) {
  let base = ctx.db.selectFrom('dataReports');
  if (q.category) base = base.where('category', '=', q.category);
  if (q.keyword) base = base.where(keywordMatch(['dataReports.fullName', 'dataReports.enCode'], q.keyword));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'dataReports.createdBy')
      .select([
        'dataReports.id',
        'dataReports.fullName',
        'dataReports.enCode',
        'dataReports.category',
        'dataReports.description',
        'dataReports.sortCode',
        'dataReports.enabledMark',
        'dataReports.definition',
        'dataReports.createdAt',
        'dataReports.updatedAt',
        'users.realName as creatorName',
      ])
      .orderBy('dataReports.sortCode')
      .orderBy('dataReports.createdAt', 'desc')
      .orderBy('dataReports.id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return {
    list: rows.map(({ definition, ...r }) => {
      const source = (JSON.parse(definition) as { source?: ReportDefinition['source'] }).source;
      return {
        ...r,
        createdAt: Number(r.createdAt),
        updatedAt: r.updatedAt === null ? null : Number(r.updatedAt),
        sourceKind: source?.kind ?? null,
      };
    }),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(count?.total ?? 0) },
  };
}

/** Enabled reports for pickers (a menu of type 5 chooses one). */
export async function reportSelector(ctx: AppContext) {
  return ctx.db
    .selectFrom('dataReports')
    .select(['id', 'fullName', 'enCode', 'category'])
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('fullName')
    .limit(2000)
    .execute();
}

export async function findReport(ctx: AppContext, id: string): Promise<ReportRow> {
  const row = await ctx.db.selectFrom('dataReports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function assertFreeCode(ctx: AppContext, enCode: string, exceptId: string | null) {
  let q = ctx.db.selectFrom('dataReports').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('error.enCodeExists', { enCode });
}

export async function createReport(ctx: AppContext, input: ReportBody, caller: Caller, id = newId()): Promise<string> {
  const userId = caller.userId;
  await checkDefinition(ctx, input.definition, caller);
  await assertFreeCode(ctx, input.enCode, null);
  await writeUnique(input.enCode, () =>
    ctx.db
      .insertInto('dataReports')
      .values({
        id,
        fullName: input.fullName,
        enCode: input.enCode,
        category: input.category,
        description: input.description,
        sortCode: input.sortCode,
        enabledMark: input.enabledMark,
        definition: JSON.stringify(input.definition),
        createdAt: Date.now(),
        createdBy: userId,
        updatedAt: null,
        updatedBy: null,
      })
      .execute(),
  );
  return id;
}

export async function updateReport(ctx: AppContext, id: string, input: ReportBody, caller: Caller): Promise<void> {
  const userId = caller.userId;
  await findReport(ctx, id);
  await checkDefinition(ctx, input.definition, caller);
  await assertFreeCode(ctx, input.enCode, id);
  await writeUnique(input.enCode, () =>
    ctx.db
      .updateTable('dataReports')
      .set({
        fullName: input.fullName,
        enCode: input.enCode,
        category: input.category,
        description: input.description,
        sortCode: input.sortCode,
        enabledMark: input.enabledMark,
        definition: JSON.stringify(input.definition),
        updatedAt: Date.now(),
        updatedBy: userId,
      })
      .where('id', '=', id)
      .execute(),
  );
}

/** Deletes a report no menu opens (409 names the menus otherwise). */
export async function deleteReport(ctx: AppContext, id: string): Promise<ReportRow> {
  const row = await findReport(ctx, id);
  const menus = (await reportMenus(ctx, id)).map((m) => m.enCode);
  if (menus.length) throw conflict('report.inUseByMenu', { menus: menus.slice(0, 5).join(', ') });
  await ctx.db.deleteFrom('dataReports').where('id', '=', id).execute();
  return row;
}

/** A copy with a fresh code (`<code>_copy<n>`), disabled until its author enables it. */
export async function copyReport(ctx: AppContext, id: string, userId: string | null): Promise<string> {
  const row = await findReport(ctx, id);
  const suffix = `_copy${Date.now().toString(36).slice(-4)}`;
  const copy = newId();
  await ctx.db
    .insertInto('dataReports')
    .values({
      ...row,
      id: copy,
      fullName: `${row.fullName}-副本`.slice(0, 100),
      enCode: `${row.enCode.slice(0, 50 - suffix.length)}${suffix}`,
      enabledMark: 0,
      createdAt: Date.now(),
      createdBy: userId,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  return copy;
}

/** Enables or disables a report (toggles without a value). */
export async function setReportState(ctx: AppContext, id: string, userId: string | null, enabledMark?: 0 | 1): Promise<number> {
  const row = await findReport(ctx, id);
  const next = enabledMark ?? (row.enabledMark === 1 ? 0 : 1);
  await ctx.db
    .updateTable('dataReports')
    .set({ enabledMark: next, updatedAt: Date.now(), updatedBy: userId })
    .where('id', '=', id)
    .execute();
  return next;
}

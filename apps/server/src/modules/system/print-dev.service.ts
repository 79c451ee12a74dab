import type { Selectable } from 'kysely';
import type { PrintDevInput } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { PrintTemplateTable } from '../../db/tables/system.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sanitizeOptionalHtml } from '../../lib/sanitize-html.ts';
import { parseJson } from './db-errors.ts';
import { assertFreeEnCode, copyIdentity, createdBy, setEnabledMark, updatedBy, writeUnique } from './records.ts';
import { callError, runTemplateSql, type Caller } from './data-interface.runner.ts';
import { toTree } from './tree.ts';

/**
 * Print templates (spec §7.5 printDev; server-contract §8): rich-text HTML
 * with field placeholders and repeating sub-table rows. The template's SQLs
 * (the first answers the head fields, the others the child tables) run
 * through the same read-only executor as SQL data interfaces, with @formId
 * bound to the record being printed.
 */

type TemplateRow = Selectable<PrintTemplateTable>;

/** The dictionary whose items are the template categories. */
export const PRINT_CATEGORY_TYPE = 'printDev';

const summary = (r: TemplateRow & { realName?: string | null; account?: string | null }) => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  type: r.type,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  creatorTime: r.createdAt,
  lastModifyTime: r.updatedAt,
  creatorUser: r.realName ? `${r.realName}/${r.account}` : '',
});

async function categories(ctx: AppContext) {
  return ctx.db
    .selectFrom('dictionaryData')
    .innerJoin('dictionaryTypes', 'dictionaryTypes.id', 'dictionaryData.dictionaryTypeId')
    .select(['dictionaryData.id', 'dictionaryData.enCode', 'dictionaryData.fullName', 'dictionaryData.sortCode'])
    .where('dictionaryTypes.enCode', '=', PRINT_CATEGORY_TYPE)
    .where('dictionaryData.enabledMark', '=', 1)
    .orderBy('dictionaryData.sortCode')
    .execute();
}

/** Templates grouped under their category nodes (JNPF list and Selector shape). */
async function groupedTree(ctx: AppContext, filter: { keyword?: string; type?: number; enabledOnly?: boolean }) {
  let q = ctx.db
    .selectFrom('printTemplates')
    .leftJoin('users', 'users.id', 'printTemplates.createdBy')
    .selectAll('printTemplates')
    .select(['users.realName', 'users.account']);
  if (filter.type) q = q.where('printTemplates.type', '=', filter.type);
  if (filter.enabledOnly) q = q.where('printTemplates.enabledMark', '=', 1);
  const [rows, cats] = await Promise.all([
    q.orderBy('printTemplates.sortCode').orderBy('printTemplates.createdAt', 'desc').execute(),
    categories(ctx),
  ]);
  const kw = (filter.keyword ?? '').toLowerCase();
  const match = (r: TemplateRow) => !kw || r.fullName.toLowerCase().includes(kw) || r.enCode.toLowerCase().includes(kw);
  const catByCode = new Map(cats.map((c) => [c.enCode, c]));
  const nodes: { id: string; parentId: string; fullName: string; [k: string]: unknown }[] = [];
  const used = new Set<string>();
  for (const r of rows.filter(match)) {
    const cat = catByCode.get(r.category);
    const parentId = cat?.id ?? 'uncategorized';
    used.add(parentId);
    nodes.push({ ...summary(r), parentId });
  }
  const heads = cats
    .filter((c) => used.has(c.id))
    .map((c) => ({
      id: c.id,
      parentId: '0',
      fullName: c.fullName,
      enCode: c.enCode,
      num: nodes.filter((n) => n.parentId === c.id).length,
    }));
  if (used.has('uncategorized'))
    heads.push({
      id: 'uncategorized',
      parentId: '0',
      fullName: '—',
      enCode: '',
      num: nodes.filter((n) => n.parentId === 'uncategorized').length,
    });
  return toTree([...heads, ...nodes]);
}

export const printTemplateTree = (ctx: AppContext, keyword: string) => groupedTree(ctx, { keyword });
export const printSelector = (ctx: AppContext, type?: number) => groupedTree(ctx, { ...(type ? { type } : {}), enabledOnly: true });

export async function findTemplate(ctx: AppContext, id: string): Promise<TemplateRow> {
  const row = await ctx.db.selectFrom('printTemplates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export function templateOut(row: TemplateRow) {
  return {
    ...summary(row),
    sqlTemplate: parseJson<{ sql: string }[]>(row.sqlTemplate, []),
    leftFields: parseJson<unknown[]>(row.leftFields, []),
    printTemplate: row.printTemplate ?? '',
    pageParam: parseJson<Record<string, unknown> | null>(row.pageParam, null),
  };
}

async function assertCategory(ctx: AppContext, category: string) {
  if (!(await categories(ctx)).some((c) => c.enCode === category)) throw badRequest('printDev.unknownCategory', { category });
}

/** The row of a template as saved; its HTML is sanitized here, so whatever saves a template through it (add, edit, an import) stores clean markup. */
const columns = async (input: PrintDevInput) => ({
  fullName: input.fullName,
  enCode: input.enCode,
  category: input.category,
  type: input.type,
  sqlTemplate: JSON.stringify((input.sqlTemplate ?? []).map((s) => ({ sql: s.sql }))),
  leftFields: input.leftFields ? JSON.stringify(input.leftFields) : null,
  printTemplate: (await sanitizeOptionalHtml(input.printTemplate)) ?? null,
  pageParam: input.pageParam ? JSON.stringify(input.pageParam) : null,
  sortCode: input.sortCode,
  enabledMark: input.enabledMark,
  description: input.description ?? null,
});

export async function createTemplate(ctx: AppContext, input: PrintDevInput, userId: string | null): Promise<string> {
  await assertCategory(ctx, input.category);
  await assertFreeEnCode(ctx, 'printTemplates', input.enCode);
  const id = newId();
  const values = await columns(input);
  await writeUnique(input.enCode, () =>
    ctx.db
      .insertInto('printTemplates')
      .values({ id, ...values, ...createdBy(userId) })
      .execute(),
  );
  return id;
}

export async function updateTemplate(ctx: AppContext, id: string, input: PrintDevInput, userId: string | null): Promise<void> {
  await findTemplate(ctx, id);
  await assertCategory(ctx, input.category);
  await assertFreeEnCode(ctx, 'printTemplates', input.enCode, id);
  const values = await columns(input);
  await writeUnique(input.enCode, () =>
    ctx.db
      .updateTable('printTemplates')
      .set({ ...values, ...updatedBy(userId) })
      .where('id', '=', id)
      .execute(),
  );
}

export async function deleteTemplate(ctx: AppContext, id: string): Promise<TemplateRow> {
  const row = await findTemplate(ctx, id);
  await ctx.db.deleteFrom('printTemplates').where('id', '=', id).execute();
  return row;
}

export async function setTemplateState(ctx: AppContext, id: string, userId: string | null): Promise<number> {
  return setEnabledMark(ctx, 'printTemplates', id, userId);
}

/** A copy named "<name> 副本…" with an enCode that is still free. */
export async function copyTemplate(ctx: AppContext, id: string, userId: string | null): Promise<string> {
  const row = await findTemplate(ctx, id);
  const { enCode: newCode, fullName } = copyIdentity(row, { separator: '.', codeLength: 40, nameLength: 40 });
  const newId_ = newId();
  const { id: _id, createdAt: _c, createdBy: _cb, updatedAt: _u, updatedBy: _ub, ...rest } = row;
  // A template saved before sanitizing on write existed is cleaned as it is copied.
  const printTemplate = await sanitizeOptionalHtml(row.printTemplate);
  await writeUnique(newCode, () =>
    ctx.db
      .insertInto('printTemplates')
      .values({
        ...rest,
        printTemplate,
        id: newId_,
        fullName,
        enCode: newCode,
        enabledMark: 0,
        ...createdBy(userId),
      })
      .execute(),
  );
  return newId_;
}

export function exportTemplate(row: TemplateRow) {
  const t = templateOut(row);
  return {
    version: 1,
    kind: 'printDev',
    fullName: t.fullName,
    enCode: t.enCode,
    category: t.category,
    type: t.type,
    sqlTemplate: t.sqlTemplate,
    leftFields: t.leftFields,
    printTemplate: t.printTemplate,
    pageParam: t.pageParam,
    sortCode: t.sortCode,
    enabledMark: t.enabledMark,
    description: t.description,
  };
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw callError(err);
  }
}

/** Columns of each SQL with @formId unbound (NULL): headTable, then childrenDataTable0…n. */
export async function templateFields(ctx: AppContext, sqls: { sql: string }[], caller: Caller) {
  const out: Record<string, { field: string; fieldName: string }[]> = {};
  for (const [i, s] of sqls.entries()) {
    const { columns } = await guarded(() => runTemplateSql(ctx, s.sql, caller, { formId: null }, 'fields'));
    out[i === 0 ? 'headTable' : `childrenDataTable${i - 1}`] = columns.map((c) => ({ field: c, fieldName: c }));
  }
  return out;
}

/** What a print preview needs for one record: the head row's fields with the child tables, and the template. */
/**
 * The values of one record for printing. The template's SQL runs read-only as
 * the caller, with the caller's built-in values (@userId, @organizeId, …) bound,
 * so a template limits what it prints the way an interface does. A disabled
 * template prints for nobody but an administrator trying it out.
 */
export async function templateData(ctx: AppContext, id: string, formId: string | null, caller: Caller) {
  const row = await findTemplate(ctx, id);
  if (row.enabledMark !== 1 && !caller.isAdministrator) throw badRequest('print.disabled');
  const sqls = parseJson<{ sql: string }[]>(row.sqlTemplate, []);
  const printData: Record<string, unknown> = {};
  for (const [i, s] of sqls.entries()) {
    const { rows } = await guarded(() => runTemplateSql(ctx, s.sql, caller, { formId }, 'rows'));
    if (i === 0) Object.assign(printData, rows[0] ?? {});
    else printData[`childrenDataTable${i - 1}`] = rows;
  }
  // The approval trail of a flow form; the workflow module adds its records when it lands.
  return { printData, printTemplate: row.printTemplate ?? '', flowTaskOperatorRecordList: [] as unknown[] };
}

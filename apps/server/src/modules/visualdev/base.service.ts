import type { Selectable } from 'kysely';
import { formDefinition, walkFields, FIELD_TYPES, type ModelBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { VisualdevModelTable } from '../../db/tables/visualdev.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { keywordMatch } from '../../http/paging.ts';
import { newId } from '../../lib/ids.ts';
import { parseJson } from '../system/db-errors.ts';
import { copyIdentity, writeUnique } from '../system/records.ts';
import { toTree } from '../system/tree.ts';
import { mainTableName, modelTables } from './model-tables.ts';
import { invalidateRuntimeModels } from './records.service.ts';
import { assertBoundTable, assertDefinition, dropModelTables } from './release.service.ts';
import { isBindable, tableColumns, tableNames } from './table-catalog.ts';
import './messages.ts';

/**
 * Model definitions (spec §7.6 Base; server-contract §3.1). The designer edits
 * the draft (`formData`, `columnData`); release (release.service.ts) copies it
 * to the released version that live pages and the tables follow, so editing a
 * live model changes nothing until it is released again.
 */

type ModelRow = Selectable<VisualdevModelTable>;

/** The dictionary whose items are the model categories; a model stores the item's enCode. */
export const MODEL_CATEGORY_TYPE = 'visualDevCategory';

async function categories(ctx: AppContext) {
  return ctx.db
    .selectFrom('dictionaryData')
    .innerJoin('dictionaryTypes', 'dictionaryTypes.id', 'dictionaryData.dictionaryTypeId')
    .select(['dictionaryData.id', 'dictionaryData.enCode', 'dictionaryData.fullName', 'dictionaryData.sortCode'])
    .where('dictionaryTypes.enCode', '=', MODEL_CATEGORY_TYPE)
    .where('dictionaryData.enabledMark', '=', 1)
    .orderBy('dictionaryData.sortCode')
    .execute();
}

const summary = (r: ModelRow & { realName?: string | null; account?: string | null }) => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  webType: r.webType,
  state: r.state,
  type: r.type,
  description: r.description,
  sortCode: r.sortCode,
  tableName: r.tableName,
  boundTable: r.boundTable,
  version: r.version,
  releasedAt: r.releasedAt,
  /** The draft differs from the released definition (a release is pending). */
  hasDraft: r.state !== 1 || r.formData !== r.releasedFormData || r.columnData !== r.releasedColumnData,
  creatorTime: r.createdAt,
  lastModifyTime: r.updatedAt,
  creatorUser: r.realName ? `${r.realName}/${r.account}` : '',
});

export interface ListFilter {
  keyword: string;
  type?: number;
  webType?: number;
  category?: string;
  releasedOnly?: boolean;
}

/** Models grouped under their category nodes (the reference's list and Selector shape). */
export async function modelTree(ctx: AppContext, filter: ListFilter) {
  let q = ctx.db
    .selectFrom('visualdevModels')
    .leftJoin('users', 'users.id', 'visualdevModels.createdBy')
    .selectAll('visualdevModels')
    .select(['users.realName', 'users.account']);
  if (filter.type) q = q.where('visualdevModels.type', '=', filter.type);
  if (filter.webType) q = q.where('visualdevModels.webType', '=', filter.webType);
  if (filter.category) q = q.where('visualdevModels.category', '=', filter.category);
  if (filter.releasedOnly) q = q.where('visualdevModels.state', '=', 1);
  if (filter.keyword) q = q.where(keywordMatch(['visualdevModels.fullName', 'visualdevModels.enCode'], filter.keyword));
  const [rows, cats] = await Promise.all([
    q.orderBy('visualdevModels.sortCode').orderBy('visualdevModels.createdAt', 'desc').limit(5000).execute(),
    categories(ctx),
  ]);
  const catByCode = new Map(cats.map((c) => [c.enCode, c]));
  const nodes: { id: string; parentId: string; [k: string]: unknown }[] = [];
  const used = new Map<string, number>();
  for (const r of rows) {
    const parentId = catByCode.get(r.category)?.id ?? 'uncategorized';
    used.set(parentId, (used.get(parentId) ?? 0) + 1);
    // Light rows: the definitions are read one model at a time.
    nodes.push({ ...summary(r), parentId });
  }
  const heads = cats
    .filter((c) => used.has(c.id))
    .map((c) => ({ id: c.id, parentId: '-1', fullName: c.fullName, enCode: c.enCode, num: used.get(c.id) ?? 0 }));
  if (used.has('uncategorized'))
    heads.push({ id: 'uncategorized', parentId: '-1', fullName: '—', enCode: '', num: used.get('uncategorized')! });
  return toTree([...heads, ...nodes]);
}

export async function findModel(ctx: AppContext, id: string): Promise<ModelRow> {
  const row = await ctx.db.selectFrom('visualdevModels').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** One model as the designer reads it: the draft definitions (parsed). */
export function modelOut(row: ModelRow) {
  return {
    ...summary(row),
    formData: parseJson<unknown>(row.formData, null),
    columnData: parseJson<unknown>(row.columnData, null),
  };
}

async function assertCategory(ctx: AppContext, category: string) {
  if (category && !(await categories(ctx)).some((c) => c.enCode === category)) throw badRequest('visualdev.categoryNotFound', { category });
}

/** Checks everything a save needs besides the schema: definition problems, category, bound table. */
async function checkBody(ctx: AppContext, input: ModelBody) {
  assertDefinition(input.enCode, input.formData, input.columnData);
  await assertCategory(ctx, input.category);
  if (input.boundTable) {
    await assertBoundTable(ctx.db, ctx.dialect, input.boundTable, modelTables(input.boundTable, input.formData, input.columnData));
  }
}

/** A model whose main table name another model already has (two codes can snake-case alike). */
async function assertFreeTable(ctx: AppContext, tableName: string, enCode: string, exceptId: string | null) {
  let q = ctx.db
    .selectFrom('visualdevModels')
    .select('id')
    .where((eb) => eb.or([eb('enCode', '=', enCode), eb('tableName', '=', tableName)]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('error.enCodeExists', { enCode });
}

const definitionColumns = (input: ModelBody) => ({
  fullName: input.fullName,
  enCode: input.enCode,
  category: input.category,
  webType: input.webType,
  description: input.description,
  sortCode: input.sortCode,
  formData: JSON.stringify(input.formData),
  columnData: JSON.stringify(input.columnData),
  boundTable: input.boundTable || null,
  tableName: input.boundTable || mainTableName(input.enCode),
});

export async function createModel(ctx: AppContext, input: ModelBody, userId: string | null, id = newId()): Promise<string> {
  await checkBody(ctx, input);
  const values = definitionColumns(input);
  await assertFreeTable(ctx, values.tableName, input.enCode, null);
  await writeUnique(input.enCode, () =>
    ctx.db
      .insertInto('visualdevModels')
      .values({ id, ...values, state: 0, type: 1, version: 0, createdAt: Date.now(), createdBy: userId, updatedAt: null, updatedBy: null })
      .execute(),
  );
  return id;
}

/** Saves the draft. A released model keeps its code and its bound table (they name its tables). */
export async function updateModel(ctx: AppContext, id: string, input: ModelBody, userId: string | null): Promise<void> {
  const row = await findModel(ctx, id);
  if (row.version > 0 && input.enCode !== row.enCode) throw badRequest('visualdev.enCodeLocked');
  if (row.version > 0 && (input.boundTable || null) !== row.boundTable) throw badRequest('visualdev.boundLocked');
  await checkBody(ctx, input);
  const values = definitionColumns(input);
  await assertFreeTable(ctx, values.tableName, input.enCode, id);
  await writeUnique(input.enCode, () =>
    ctx.db
      .updateTable('visualdevModels')
      .set({ ...values, updatedAt: Date.now(), updatedBy: userId })
      .where('id', '=', id)
      .execute(),
  );
}

/** Menus (type 3) whose page is this model. */
async function menusUsing(ctx: AppContext, id: string): Promise<string[]> {
  const rows = await ctx.db.selectFrom('menus').select(['fullName', 'propertyJson']).where('type', '=', 3).execute();
  return rows
    .filter((m) => (parseJson<{ moduleId?: unknown } | null>(m.propertyJson, null)?.moduleId ?? null) === id)
    .map((m) => m.fullName);
}

/**
 * Deletes a model and drops its own tables with their rows (the list's delete
 * confirmation says the data goes for good). A model a menu still shows is
 * refused: its page would break; remove it from the menu first.
 */
export async function deleteModel(ctx: AppContext, id: string): Promise<ModelRow> {
  const row = await findModel(ctx, id);
  const menus = await menusUsing(ctx, id);
  if (menus.length) throw conflict('visualdev.inUseByMenu', { menus: menus.slice(0, 5).join(', ') });
  await ctx.db.transaction().execute(async (trx) => {
    if (!row.boundTable) await dropModelTables(trx, ctx.dialect, row.tableName, row.releasedFormData, row.releasedColumnData);
    await trx.deleteFrom('visualdevModels').where('id', '=', id).execute();
  });
  invalidateRuntimeModels(ctx, id);
  return row;
}

/** A copy of the draft, never released, with a free code: `<code>_copy<stamp>`. */
export async function copyModel(ctx: AppContext, id: string, userId: string | null): Promise<string> {
  const row = await findModel(ctx, id);
  const { enCode, fullName } = copyIdentity(row, { separator: '_copy', codeLength: 30, nameLength: 80 });
  const copyId = newId();
  const tableName = row.boundTable ?? mainTableName(enCode);
  await assertFreeTable(ctx, tableName, enCode, null);
  await writeUnique(enCode, () =>
    ctx.db
      .insertInto('visualdevModels')
      .values({
        id: copyId,
        fullName,
        enCode,
        category: row.category,
        webType: row.webType,
        state: 0,
        type: row.type,
        description: row.description,
        sortCode: row.sortCode,
        formData: row.formData,
        columnData: row.columnData,
        releasedFormData: null,
        releasedColumnData: null,
        tableName,
        boundTable: row.boundTable,
        version: 0,
        releasedAt: null,
        releasedBy: null,
        createdAt: Date.now(),
        createdBy: userId,
        updatedAt: null,
        updatedBy: null,
      })
      .execute(),
  );
  return copyId;
}

/** The released form, or 400 when the model has never been released. */
export function releasedForm(row: ModelRow) {
  if (row.state !== 1 || !row.releasedFormData) throw badRequest('visualdev.notReleased');
  return formDefinition.parse(JSON.parse(row.releasedFormData));
}

/** The value fields of the released main form (relation-form pickers choose among them). */
export async function formDataFields(ctx: AppContext, id: string) {
  const form = releasedForm(await findModel(ctx, id));
  const list: { vModel: string; field: string; label: string; type: string; jnpfKey: string }[] = [];
  for (const { field, table } of walkFields(form.fields)) {
    if (table || !field.field || field.type === 'table' || FIELD_TYPES[field.type].column === 'none') continue;
    list.push({ vModel: field.field, field: field.field, label: field.label, type: field.type, jnpfKey: field.type });
  }
  return list;
}

/** The definition as a file: ours, the released-or-draft definitions as they are saved. */
export function exportModel(row: ModelRow) {
  return {
    fullName: row.fullName,
    enCode: row.enCode,
    category: row.category,
    webType: row.webType,
    description: row.description,
    sortCode: row.sortCode,
    ...(row.boundTable ? { boundTable: row.boundTable } : {}),
    formData: parseJson<unknown>(row.formData, null),
    columnData: parseJson<unknown>(row.columnData, null),
  };
}

/** Tables a model may be bound to. */
export async function bindableTables(ctx: AppContext) {
  return (await tableNames(ctx.db, ctx.dialect)).filter(isBindable).map((name) => ({ table: name }));
}

/** The columns of a bindable table, to map to fields. */
export async function boundTableFields(ctx: AppContext, table: string) {
  if (!isBindable(table)) throw badRequest('visualdev.boundTableNotAllowed', { table });
  const cols = await tableColumns(ctx.db, ctx.dialect, table);
  if (!cols.length) throw badRequest('visualdev.boundTableNotFound', { table });
  return cols.map((c) => ({ field: c.name, dataType: c.dataType }));
}

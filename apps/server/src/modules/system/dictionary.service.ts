import type { Selectable } from 'kysely';
import { z } from 'zod';
import {
  DICT_ROOT,
  dictionaryImportFile,
  dictionaryImportRow,
  type DictionaryAllEntry,
  type DictionaryDataInput,
  type DictionaryImportError,
  type DictionaryImportResult,
  type DictionaryTypeInput,
  type Language,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { DictionaryDataTable, DictionaryTypeTable } from '../../db/tables/system.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { newId } from '../../lib/ids.ts';
import { assertFreeEnCode, createdBy, deleteTreeNode, setEnabledMark, updatedBy, writeUnique } from './records.ts';
import { subtreeIds, toTree, withAncestors } from './tree.ts';

/** Dictionary types (a tree) and their data (flat or a tree per type): spec §7.5, server-contract §9. */

type TypeRow = Selectable<DictionaryTypeTable>;
type DataRow = Selectable<DictionaryDataTable>;

const dataColumns = [
  'id',
  'dictionaryTypeId',
  'parentId',
  'fullName',
  'enCode',
  'simpleSpelling',
  'isDefault',
  'sortCode',
  'enabledMark',
  'description',
] as const;

/** A type by id or enCode (server-contract §9: the path value may be either). */
export async function findType(ctx: AppContext, idOrCode: string): Promise<TypeRow> {
  const row = await ctx.db
    .selectFrom('dictionaryTypes')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('enCode', '=', idOrCode)]))
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw notFound('dictionary.typeNotFound');
  return row;
}

async function allTypes(ctx: AppContext): Promise<TypeRow[]> {
  return ctx.db.selectFrom('dictionaryTypes').selectAll().orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
}

const typeOut = (t: TypeRow) => ({
  id: t.id,
  parentId: t.parentId,
  fullName: t.fullName,
  enCode: t.enCode,
  isTree: t.isTree,
  sortCode: t.sortCode,
  description: t.description,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

export async function typeTree(ctx: AppContext, excludeId?: string) {
  let rows = await allTypes(ctx);
  if (excludeId && excludeId !== '0') {
    const skip = subtreeIds(rows, excludeId);
    rows = rows.filter((r) => !skip.has(r.id));
  }
  return toTree(rows.map(typeOut));
}

export async function getType(ctx: AppContext, id: string) {
  const row = await ctx.db.selectFrom('dictionaryTypes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('dictionary.typeNotFound');
  return typeOut(row);
}

async function assertTypeParent(ctx: AppContext, parentId: string, selfId: string | null) {
  if (parentId === DICT_ROOT) return;
  const types = await allTypes(ctx);
  if (!types.some((t) => t.id === parentId)) throw badRequest('dictionary.parentNotFound');
  if (selfId && subtreeIds(types, selfId).has(parentId)) throw badRequest('dictionary.parentCycle');
}

export async function createType(ctx: AppContext, input: DictionaryTypeInput, userId: string | null): Promise<string> {
  await assertTypeParent(ctx, input.parentId, null);
  await assertFreeEnCode(ctx, 'dictionaryTypes', input.enCode);
  const id = newId();
  await writeUnique(input.enCode, () =>
    ctx.db
      .insertInto('dictionaryTypes')
      .values({ id, ...input, description: input.description ?? null, ...createdBy(userId) })
      .execute(),
  );
  return id;
}

export async function updateType(ctx: AppContext, id: string, input: DictionaryTypeInput, userId: string | null): Promise<void> {
  const row = await ctx.db.selectFrom('dictionaryTypes').select(['id', 'isTree']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('dictionary.typeNotFound');
  await assertTypeParent(ctx, input.parentId, id);
  await assertFreeEnCode(ctx, 'dictionaryTypes', input.enCode, id);
  if (row.isTree === 1 && input.isTree === 0) {
    const nested = await ctx.db
      .selectFrom('dictionaryData')
      .select('id')
      .where('dictionaryTypeId', '=', id)
      .where('parentId', '!=', DICT_ROOT)
      .executeTakeFirst();
    if (nested) throw conflict('dictionary.hasNestedData');
  }
  await writeUnique(input.enCode, () =>
    ctx.db
      .updateTable('dictionaryTypes')
      .set({ ...input, description: input.description ?? null, ...updatedBy(userId) })
      .where('id', '=', id)
      .execute(),
  );
}

/** Refuses while the type has child types or data (JNPF AllowDelete). */
export async function deleteType(ctx: AppContext, id: string): Promise<TypeRow> {
  return deleteTreeNode(ctx, 'dictionaryTypes', id, {
    childrenKey: 'dictionary.typeHasChildren',
    notFoundKey: 'dictionary.typeNotFound',
    check: async (trx) => {
      const data = await trx.selectFrom('dictionaryData').select('id').where('dictionaryTypeId', '=', id).executeTakeFirst();
      if (data) throw conflict('dictionary.typeHasData');
    },
  });
}

// ---------------------------------------------------------------- data

async function typeData(ctx: AppContext, typeId: string, enabledOnly = false): Promise<DataRow[]> {
  let q = ctx.db.selectFrom('dictionaryData').selectAll().where('dictionaryTypeId', '=', typeId);
  if (enabledOnly) q = q.where('enabledMark', '=', 1);
  return q.orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
}

const dataOut = (d: DataRow) => ({
  id: d.id,
  parentId: d.parentId,
  dictionaryTypeId: d.dictionaryTypeId,
  fullName: d.fullName,
  enCode: d.enCode,
  simpleSpelling: d.simpleSpelling,
  isDefault: d.isDefault,
  sortCode: d.sortCode,
  enabledMark: d.enabledMark,
  description: d.description,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** Data of a type: a tree when asked (isTree=1) or when the type is a tree, otherwise flat; keyword keeps ancestors. */
export async function listData(ctx: AppContext, typeIdOrCode: string, q: { keyword: string; isTree?: '0' | '1' | '' | undefined }) {
  const type = await findType(ctx, typeIdOrCode);
  const rows = (await typeData(ctx, type.id)).map(dataOut);
  const kw = q.keyword.toLowerCase();
  const match = (r: (typeof rows)[number]) =>
    r.fullName.toLowerCase().includes(kw) || r.enCode.toLowerCase().includes(kw) || (r.simpleSpelling ?? '').toLowerCase().includes(kw);
  const asTree = q.isTree === '1' || (q.isTree !== '0' && type.isTree === 1);
  if (asTree) return { list: toTree(kw ? withAncestors(rows, match) : rows) };
  return { list: (kw ? rows.filter(match) : rows).map((r) => ({ ...r, hasChildren: false })) };
}

/** Every type with its enabled data, for the web's cached lookups (spec §3); `version` changes with any edit. */
export async function allDictionaries(ctx: AppContext): Promise<{ list: DictionaryAllEntry[]; version: string }> {
  const [types, data] = await Promise.all([
    allTypes(ctx),
    ctx.db
      .selectFrom('dictionaryData')
      .select(dataColumns)
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
  ]);
  const byType = new Map<string, (typeof data)[number][]>();
  for (const d of data) {
    const list = byType.get(d.dictionaryTypeId) ?? [];
    list.push(d);
    byType.set(d.dictionaryTypeId, list);
  }
  const list = types.map((t) => {
    const rows = byType.get(t.id) ?? [];
    return {
      id: t.id,
      parentId: t.parentId,
      enCode: t.enCode,
      fullName: t.fullName,
      isTree: t.isTree,
      dictionaryList: t.isTree === 1 ? toTree(rows) : rows.map((r) => ({ ...r, hasChildren: false })),
    };
  });
  return { list: list as unknown as DictionaryAllEntry[], version: await dictionaryVersion(ctx) };
}

/** Changes whenever a type or a data row is added, edited or removed. */
export async function dictionaryVersion(ctx: AppContext): Promise<string> {
  const stamp = async (table: 'dictionaryTypes' | 'dictionaryData') => {
    const r = await ctx.db
      .selectFrom(table)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max(eb.fn.coalesce('updatedAt', 'createdAt')).as('t')])
      .executeTakeFirst();
    return `${Number(r?.n ?? 0)}.${Number(r?.t ?? 0)}`;
  };
  const [t, d] = await Promise.all([stamp('dictionaryTypes'), stamp('dictionaryData')]);
  return `${t}-${d}`;
}

/** Parent picker of the data form: the type as a top node '0', then its data minus the edited row's subtree. */
export async function dataParentSelector(ctx: AppContext, typeIdOrCode: string, excludeId: string, isTree: boolean) {
  const type = await findType(ctx, typeIdOrCode);
  const top = { id: DICT_ROOT, parentId: '-1', fullName: type.fullName, enCode: type.enCode };
  if (!isTree && type.isTree !== 1) return { list: [{ ...top, hasChildren: false, children: [] }] };
  let rows = (await typeData(ctx, type.id)).map((d) => ({ id: d.id, parentId: d.parentId, fullName: d.fullName, enCode: d.enCode }));
  if (excludeId && excludeId !== '0') {
    const skip = subtreeIds(rows, excludeId);
    rows = rows.filter((r) => !skip.has(r.id));
  }
  return { list: toTree([top, ...rows], ['-1']) };
}

/** Options of a form select bound to the dictionary: enabled rows, as a tree for tree types. */
export async function dataOptions(ctx: AppContext, typeIdOrCode: string) {
  const type = await findType(ctx, typeIdOrCode);
  const rows = (await typeData(ctx, type.id, true)).map((d) => ({
    id: d.id,
    parentId: d.parentId,
    fullName: d.fullName,
    enCode: d.enCode,
    isDefault: d.isDefault,
    simpleSpelling: d.simpleSpelling,
  }));
  return { list: type.isTree === 1 ? toTree(rows) : rows };
}

export async function getData(ctx: AppContext, id: string) {
  const row = await ctx.db.selectFrom('dictionaryData').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return dataOut(row);
}

async function assertDataParent(ctx: AppContext, type: TypeRow, parentId: string, selfId: string | null) {
  if (parentId === DICT_ROOT) return;
  if (type.isTree !== 1) throw badRequest('dictionary.notTree');
  const rows = await typeData(ctx, type.id);
  if (!rows.some((r) => r.id === parentId)) throw badRequest('dictionary.parentNotFound');
  if (selfId && subtreeIds(rows, selfId).has(parentId)) throw badRequest('dictionary.parentCycle');
}

/** A data row's columns from the form: under the type found by id or code, optional texts as null. */
const dataColumnsOf = (input: DictionaryDataInput, dictionaryTypeId: string) => ({
  ...input,
  dictionaryTypeId,
  simpleSpelling: input.simpleSpelling ?? null,
  description: input.description ?? null,
});

/** Refuses a name another item of the same type has (JNPF IsExistsByFullName). */
async function assertFreeFullName(ctx: AppContext, typeId: string, fullName: string, exceptId: string | null) {
  let q = ctx.db.selectFrom('dictionaryData').select('id').where('dictionaryTypeId', '=', typeId).where('fullName', '=', fullName);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('dictionary.fullNameExists', { fullName });
}

export async function createData(ctx: AppContext, input: DictionaryDataInput, userId: string | null): Promise<string> {
  const type = await findType(ctx, input.dictionaryTypeId);
  await assertDataParent(ctx, type, input.parentId, null);
  await assertFreeEnCode(ctx, 'dictionaryData', input.enCode, null, type.id);
  await assertFreeFullName(ctx, type.id, input.fullName, null);
  const id = newId();
  await writeUnique(input.enCode, () =>
    ctx.db
      .insertInto('dictionaryData')
      .values({ id, ...dataColumnsOf(input, type.id), ...createdBy(userId) })
      .execute(),
  );
  return id;
}

export async function updateData(ctx: AppContext, id: string, input: DictionaryDataInput, userId: string | null): Promise<void> {
  const row = await ctx.db.selectFrom('dictionaryData').select(['id', 'dictionaryTypeId']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const type = await findType(ctx, input.dictionaryTypeId);
  if (type.id !== row.dictionaryTypeId) throw badRequest('dictionary.typeChange');
  await assertDataParent(ctx, type, input.parentId, id);
  await assertFreeEnCode(ctx, 'dictionaryData', input.enCode, id, type.id);
  await assertFreeFullName(ctx, type.id, input.fullName, id);
  await writeUnique(input.enCode, () =>
    ctx.db
      .updateTable('dictionaryData')
      .set({ ...dataColumnsOf(input, type.id), ...updatedBy(userId) })
      .where('id', '=', id)
      .execute(),
  );
}

export async function deleteData(ctx: AppContext, id: string): Promise<DataRow> {
  return deleteTreeNode(ctx, 'dictionaryData', id, { childrenKey: 'dictionary.dataHasChildren' });
}

export async function setDataState(ctx: AppContext, id: string, userId: string | null, enabledMark?: 0 | 1): Promise<number> {
  return setEnabledMark(ctx, 'dictionaryData', id, userId, enabledMark);
}

/**
 * New sort codes for items of one type (a sortCode edit or a drag reorder), in
 * one transaction; an id that is not an item of the type refuses the whole call.
 */
export async function sortData(
  ctx: AppContext,
  typeId: string,
  list: readonly { id: string; sortCode: number }[],
  userId: string | null,
): Promise<number> {
  const ids = [...new Set(list.map((x) => x.id))];
  if (ids.length !== list.length) throw badRequest('dictionary.sortDuplicate');
  return ctx.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('dictionaryData')
      .select('id')
      .where('dictionaryTypeId', '=', typeId)
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length) throw badRequest('dictionary.sortForeign');
    const stamp = updatedBy(userId);
    for (const { id, sortCode } of list) {
      await trx
        .updateTable('dictionaryData')
        .set({ sortCode, ...stamp })
        .where('id', '=', id)
        .execute();
    }
    return list.length;
  });
}

// ---------------------------------------------------------------- export and import

/** A type with its data, parents named by enCode, ready to import elsewhere. */
export async function exportDictionary(ctx: AppContext, typeIdOrCode: string) {
  const type = await findType(ctx, typeIdOrCode);
  const [rows, parent] = await Promise.all([
    typeData(ctx, type.id),
    type.parentId === DICT_ROOT
      ? undefined
      : ctx.db.selectFrom('dictionaryTypes').select('enCode').where('id', '=', type.parentId).executeTakeFirst(),
  ]);
  const codeOf = new Map(rows.map((r) => [r.id, r.enCode]));
  return {
    version: 1,
    kind: 'dictionary',
    type: {
      fullName: type.fullName,
      enCode: type.enCode,
      isTree: type.isTree,
      parentEnCode: parent?.enCode ?? null,
      sortCode: type.sortCode,
      description: type.description,
    },
    list: rows.map((r) => ({
      fullName: r.fullName,
      enCode: r.enCode,
      parentEnCode: r.parentId === DICT_ROOT ? null : (codeOf.get(r.parentId) ?? null),
      simpleSpelling: r.simpleSpelling,
      isDefault: r.isDefault,
      sortCode: r.sortCode,
      enabledMark: r.enabledMark,
      description: r.description,
    })),
  };
}

type ImportRow = z.output<typeof dictionaryImportRow>;

/**
 * Imports a dictionary file. Each row is checked on its own and every bad row
 * is reported (row number, enCode, reason). With allOrNothing a single bad row
 * imports nothing; otherwise the good rows go in and the bad ones are listed.
 * The whole write is one transaction.
 */
export async function importDictionary(
  ctx: AppContext,
  file: unknown,
  userId: string | null,
  lang: Language,
): Promise<DictionaryImportResult> {
  const head = dictionaryImportFile.safeParse(file);
  if (!head.success) {
    const issue = head.error.issues[0]!;
    const detail = issue.message.startsWith('rules.') ? translate(lang, issue.message) : issue.message;
    throw badRequest('error.validation', { field: issue.path.length ? `${issue.path.join('.')}: ` : '', detail });
  }
  const { type: typeIn, list, allOrNothing, conflict: onConflict } = head.data;
  const existingType = await ctx.db.selectFrom('dictionaryTypes').selectAll().where('enCode', '=', typeIn.enCode).executeTakeFirst();
  const isTree = existingType ? existingType.isTree === 1 : typeIn.isTree === 1;
  const existingRows = existingType ? await typeData(ctx, existingType.id) : [];
  const existingByCode = new Map(existingRows.map((r) => [r.enCode, r]));

  const errors: DictionaryImportError[] = [];
  const good = new Map<string, { row: number; data: ImportRow }>();
  list.forEach((raw, i) => {
    const rowNo = i + 1;
    const code =
      raw && typeof raw === 'object' && typeof (raw as { enCode?: unknown }).enCode === 'string'
        ? String((raw as { enCode: string }).enCode)
        : '';
    const parsed = dictionaryImportRow.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const msg = issue.message.startsWith('rules.') ? translate(lang, issue.message) : issue.message;
      errors.push({ row: rowNo, enCode: code, message: `${issue.path.join('.') || 'row'}: ${msg}` });
      return;
    }
    if (good.has(parsed.data.enCode)) {
      errors.push({ row: rowNo, enCode: code, message: translate(lang, 'dictionary.importDuplicate') });
      return;
    }
    if (parsed.data.parentEnCode && !isTree) {
      errors.push({ row: rowNo, enCode: code, message: translate(lang, 'dictionary.notTree') });
      return;
    }
    good.set(parsed.data.enCode, { row: rowNo, data: parsed.data });
  });

  // The parent a row will have after the import: from the file unless an existing row is kept as it is.
  const codeOfId = new Map(existingRows.map((r) => [r.id, r.enCode]));
  const parentCodeOf = (code: string): string | null => {
    const fileRow = good.get(code);
    const existing = existingByCode.get(code);
    if (fileRow && !(existing && onConflict === 'skip')) return fileRow.data.parentEnCode ?? null;
    return existing ? (codeOfId.get(existing.parentId) ?? null) : null;
  };
  // Parents must exist (in the file or already in the type) and must not loop; a row under a bad row is bad too.
  let changed = true;
  while (changed) {
    changed = false;
    for (const [code, { row, data }] of good) {
      const p = data.parentEnCode;
      if (!p) continue;
      let reason: string | null = null;
      if (!good.has(p) && !existingByCode.has(p)) reason = translate(lang, 'dictionary.parentNotFound');
      else {
        const seen = new Set([code]);
        for (let cur: string | null = p; cur; cur = parentCodeOf(cur)) {
          if (seen.has(cur)) {
            reason = translate(lang, 'dictionary.parentCycle');
            break;
          }
          seen.add(cur);
        }
      }
      if (reason) {
        errors.push({ row, enCode: code, message: reason });
        good.delete(code);
        changed = true;
      }
    }
  }
  errors.sort((a, b) => a.row - b.row);

  const result: DictionaryImportResult = { typeId: existingType?.id ?? '', total: list.length, created: 0, updated: 0, skipped: 0, errors };
  if (errors.length && allOrNothing) {
    throw badRequest('dictionary.importRejected', { count: errors.length }, result);
  }

  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    let typeId = existingType?.id;
    if (!typeId) {
      typeId = newId();
      const parent = typeIn.parentEnCode
        ? await trx.selectFrom('dictionaryTypes').select('id').where('enCode', '=', typeIn.parentEnCode).executeTakeFirst()
        : undefined;
      await trx
        .insertInto('dictionaryTypes')
        .values({
          id: typeId,
          parentId: parent?.id ?? DICT_ROOT,
          fullName: typeIn.fullName,
          enCode: typeIn.enCode,
          isTree: typeIn.isTree,
          sortCode: typeIn.sortCode,
          description: typeIn.description ?? null,
          createdAt: now,
          createdBy: userId,
          updatedAt: null,
          updatedBy: null,
        })
        .execute();
    }
    result.typeId = typeId;
    const idOf = new Map(existingRows.map((r) => [r.enCode, r.id]));
    // Parents first: walk the rows in dependency order.
    const depth = (d: ImportRow): number => (d.parentEnCode && good.has(d.parentEnCode) ? 1 + depth(good.get(d.parentEnCode)!.data) : 0);
    const ordered = [...good.values()].sort((a, b) => depth(a.data) - depth(b.data) || a.row - b.row);
    for (const { data } of ordered) {
      const parentId = data.parentEnCode ? idOf.get(data.parentEnCode)! : DICT_ROOT;
      const values = {
        parentId,
        fullName: data.fullName,
        simpleSpelling: data.simpleSpelling ?? null,
        isDefault: data.isDefault,
        sortCode: data.sortCode,
        enabledMark: data.enabledMark,
        description: data.description ?? null,
      };
      const existing = existingByCode.get(data.enCode);
      if (existing) {
        if (onConflict === 'skip') {
          result.skipped += 1;
          continue;
        }
        await trx
          .updateTable('dictionaryData')
          .set({ ...values, updatedAt: now, updatedBy: userId })
          .where('id', '=', existing.id)
          .execute();
        result.updated += 1;
        continue;
      }
      const id = newId();
      await trx
        .insertInto('dictionaryData')
        .values({
          id,
          dictionaryTypeId: typeId,
          enCode: data.enCode,
          ...values,
          createdAt: now,
          createdBy: userId,
          updatedAt: null,
          updatedBy: null,
        })
        .execute();
      idOf.set(data.enCode, id);
      result.created += 1;
    }
  });
  return result;
}

import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from './db-errors.ts';

/*
 * The write rules every system record with a code shares (areas, dictionary
 * types and data, bill rules, print templates, data interfaces): a unique
 * enCode answered as 409 error.enCodeExists both by the check before the write
 * and by the unique index when a concurrent write wins the race; the audit
 * stamps; the State action; deleting a tree node only while it has no children.
 */

type CodedTable = 'areas' | 'dictionaryTypes' | 'dictionaryData' | 'billRules' | 'printTemplates' | 'dataInterfaces';
type StatefulTable = Exclude<CodedTable, 'dictionaryTypes'>;
type TreeTable = 'areas' | 'dictionaryTypes' | 'dictionaryData';

// Kysely types a query over one table at a time. The columns used below (id,
// enCode, parentId, enabledMark, updatedAt, updatedBy) are alike in every table
// of the unions above, so the queries are typed against dictionary data, the
// one table that also has the dictionaryTypeId an enCode is unique within.
const typed = (t: CodedTable) => t as 'dictionaryData';

/** Refuses an enCode another row has: in the whole table, or within one dictionary type for dictionary data. */
export async function assertFreeEnCode(
  ctx: AppContext,
  table: CodedTable,
  enCode: string,
  exceptId: string | null = null,
  dictionaryTypeId?: string,
): Promise<void> {
  let q = ctx.db.selectFrom(typed(table)).select('id').where('enCode', '=', enCode);
  if (dictionaryTypeId !== undefined) q = q.where('dictionaryTypeId', '=', dictionaryTypeId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('error.enCodeExists', { enCode });
}

/** Runs an insert or update; a unique-index violation (a race past assertFreeEnCode) answers the same 409. */
export async function writeUnique<T>(enCode: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('error.enCodeExists', { enCode });
    throw err;
  }
}

/**
 * The code and name of a copy (JNPF "副本"): the original's, cut to fit, with
 * the last six digits of the time, so a copy made now has a new code; the
 * insert still goes through writeUnique for the rare collision.
 */
export function copyIdentity(
  row: { enCode: string; fullName: string },
  opts: { separator: string; codeLength: number; nameLength: number },
): { enCode: string; fullName: string } {
  const stamp = String(Date.now()).slice(-6);
  return {
    enCode: `${row.enCode.slice(0, opts.codeLength)}${opts.separator}${stamp}`,
    fullName: `${row.fullName.slice(0, opts.nameLength)}副本${stamp}`,
  };
}

/** The audit columns of a new row. */
export const createdBy = (userId: string | null) => ({ createdAt: Date.now(), createdBy: userId, updatedAt: null, updatedBy: null });

/** The audit columns of an edit. */
export const updatedBy = (userId: string | null) => ({ updatedAt: Date.now(), updatedBy: userId });

/** The State action: sets enabledMark, or without one flips it (JNPF). Answers the new mark. */
export async function setEnabledMark(
  ctx: AppContext,
  table: StatefulTable,
  id: string,
  userId: string | null,
  enabledMark?: 0 | 1,
  notFoundKey?: string,
): Promise<number> {
  const t = typed(table);
  const row = await ctx.db.selectFrom(t).select(['id', 'enabledMark']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(notFoundKey);
  const next = enabledMark ?? (row.enabledMark === 1 ? 0 : 1);
  await ctx.db
    .updateTable(t)
    .set({ enabledMark: next, ...updatedBy(userId) })
    .where('id', '=', id)
    .execute();
  return next;
}

/**
 * Deletes a tree node in one transaction, refusing (409 childrenKey) while a
 * row names it as parent; `check` may refuse for other reasons first. Answers
 * the deleted row.
 */
export async function deleteTreeNode<T extends TreeTable>(
  ctx: AppContext,
  table: T,
  id: string,
  opts: { childrenKey: string; notFoundKey?: string; check?: (trx: Transaction<Database>) => Promise<void> },
) {
  const t = typed(table);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom(t).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(opts.notFoundKey);
    const child = await trx.selectFrom(t).select('id').where('parentId', '=', id).executeTakeFirst();
    if (child) throw conflict(opts.childrenKey);
    await opts.check?.(trx);
    await trx.deleteFrom(t).where('id', '=', id).execute();
    return row as unknown as Selectable<Database[T]>;
  });
}

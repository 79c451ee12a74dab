import type { Kysely } from 'kysely';
import { badRequest, notFound } from '../../../http/errors.ts';

/**
 * Order of catalogue rows (sort_code), shared by every list with a drag or
 * arrow sort. A group is the rows that sort together (one centre, or one
 * category of templates); reordering renumbers the whole group 1..n, which
 * stays cheap as a catalogue holds tens of rows, and heals equal codes.
 */
export type Group = Record<string, string | null>;

const groupIds = async (db: Kysely<any>, table: string, group: Group): Promise<string[]> => {
  let q = db.selectFrom(table).select('id');
  for (const [k, v] of Object.entries(group)) q = v === null ? q.where(k, 'is', null) : q.where(k, '=', v);
  return (await q.orderBy('sort_code').orderBy('id').execute()).map((r) => String(r.id));
};

const renumber = async (db: Kysely<any>, table: string, ids: string[]) => {
  for (let i = 0; i < ids.length; i++)
    await db
      .updateTable(table)
      .set({ sort_code: i + 1 })
      .where('id', '=', ids[i]!)
      .execute();
};

/** Sets the group's order to `ids` (the group's ids, each once); rows not named keep their relative place after them. */
export async function reorder(db: Kysely<any>, table: string, group: Group, ids: string[]): Promise<void> {
  const current = await groupIds(db, table, group);
  const known = new Set(current);
  if (new Set(ids).size !== ids.length || ids.some((i) => !known.has(i))) throw badRequest('imgCatalog.badOrder');
  const named = new Set(ids);
  await renumber(db, table, [...ids, ...current.filter((i) => !named.has(i))]);
}

/** Moves one row one place up or down within its group (no-op at either end). */
export async function move(db: Kysely<any>, table: string, group: Group, id: string, direction: 'up' | 'down'): Promise<void> {
  const ids = await groupIds(db, table, group);
  const at = ids.indexOf(id);
  if (at < 0) throw notFound();
  const to = direction === 'up' ? at - 1 : at + 1;
  if (to < 0 || to >= ids.length) return;
  [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  await renumber(db, table, ids);
}

/** The sort code a new row of the group takes: after the last. */
export async function nextSortCode(db: Kysely<any>, table: string, group: Group): Promise<number> {
  let q = db.selectFrom(table).select((eb) => eb.fn.max('sort_code').as('m'));
  for (const [k, v] of Object.entries(group)) q = v === null ? q.where(k, 'is', null) : q.where(k, '=', v);
  const r = await q.executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

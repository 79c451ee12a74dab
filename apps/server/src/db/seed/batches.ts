import type { Kysely } from 'kysely';

/** Bound values per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_VALUES = 30_000;

/**
 * Inserts seed rows in multi-row statements of at most MAX_VALUES bound values.
 * Rows of one table may differ in their keys (optional fields): they are
 * inserted by key set, as one statement needs one column list.
 */
export async function insertBatches(db: Kysely<any>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(row);
  }
  for (const list of groups.values()) {
    const per = Math.max(1, Math.floor(MAX_VALUES / Object.keys(list[0]!).length));
    for (let i = 0; i < list.length; i += per)
      await db
        .insertInto(table)
        .values(list.slice(i, i + per))
        .execute();
  }
}

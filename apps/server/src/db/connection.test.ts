import { CompiledQuery, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { asWritten, openDb, type DbHandle } from './connection.ts';

/** The SQLite driver builds rows itself from cached statements (connection.ts rowBuilding). */
describe('SQLite rows', () => {
  let handle: DbHandle | null = null;
  afterEach(async () => {
    await handle?.close();
    handle = null;
  });

  it('keep their keys, values and order, camel-cased as the plugin would', async () => {
    handle = openDb({ databaseUrl: null, sqliteFile: ':memory:' });
    await sql`CREATE TABLE t (first_name text, n integer, blob_value blob)`.execute(handle.db);
    await sql`INSERT INTO t VALUES ('甲', 1, x'0102'), (NULL, 2, NULL)`.execute(handle.db);
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM t ORDER BY n`.execute(handle.db);
    expect(rows).toEqual([
      { firstName: '甲', n: 1, blobValue: Buffer.from([1, 2]) },
      { firstName: null, n: 2, blobValue: null },
    ]);
    expect(Object.keys(rows[0]!)).toEqual(['firstName', 'n', 'blobValue']);
    // Duplicate names: the last wins, as better-sqlite3's own objects do.
    const dup = await sql<Record<string, unknown>>`SELECT 1 AS x, 2 AS x`.execute(handle.db);
    expect(dup.rows).toEqual([{ x: 2 }]);
  });

  it('keep the names a statement gives its columns when run as written, without plugins', async () => {
    handle = openDb({ databaseUrl: null, sqliteFile: ':memory:' });
    await sql`CREATE TABLE t (first_name text, "F_RealName" text)`.execute(handle.db);
    await sql`INSERT INTO t VALUES ('甲', '乙')`.execute(handle.db);
    const text = 'SELECT first_name, "F_RealName", first_name AS given_name FROM t';
    const raw = await handle.db.withoutPlugins().executeQuery(CompiledQuery.raw(asWritten(text)));
    expect(raw.rows).toEqual([{ first_name: '甲', F_RealName: '乙', given_name: '甲' }]);
    // The same SQL through the plugin is named in camelCase, also after the as-written run was cached.
    const named = await handle.db.executeQuery(CompiledQuery.raw(text));
    expect(named.rows).toEqual([{ firstName: '甲', FRealName: '乙', givenName: '甲' }]);
  });

  it('follow a schema change: a cached SELECT * sees added and renamed columns', async () => {
    handle = openDb({ databaseUrl: null, sqliteFile: ':memory:' });
    await sql`CREATE TABLE t (a integer)`.execute(handle.db);
    await sql`INSERT INTO t VALUES (1)`.execute(handle.db);
    const read = async () => (await sql<Record<string, unknown>>`SELECT * FROM t`.execute(handle!.db)).rows[0];
    expect(await read()).toEqual({ a: 1 });
    await sql`ALTER TABLE t ADD COLUMN b integer DEFAULT 7`.execute(handle.db);
    expect(await read()).toEqual({ a: 1, b: 7 });
    await sql`ALTER TABLE t RENAME COLUMN a TO c`.execute(handle.db);
    expect(await read()).toEqual({ c: 1, b: 7 });
  });
});

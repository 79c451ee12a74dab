import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTrigramIndex, withBulkTrigramInsert } from './trigram.ts';

/** Bulk inserts (imports) feed the trigram index once instead of by its insert trigger: same rows found, trigger back after. */
let t: TestApp;
let db: Kysely<any>;
const TABLE = 'lc_trigram_bulk_test';

const found = async (term: string) =>
  (await sql<{ id: string }>`select id from ${sql.id(TABLE)} where lower(name) like ${`%${term}%`} order by id`.execute(db)).rows.map(
    (r) => r.id,
  );
const indexed = async (term: string) =>
  t.ctx.dialect === 'sqlite'
    ? (
        await sql<{
          id: string;
        }>`select t.id from ${sql.id(TABLE)} t where t.rowid in (select rowid from ${sql.id(`${TABLE}__fts`)} where ${sql.id(`${TABLE}__fts`)} match ${`"${term}"`}) order by t.id`.execute(
          db,
        )
      ).rows.map((r) => r.id)
    : found(term);

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  await sql`create table ${sql.id(TABLE)} (id varchar(40) primary key, name varchar(100))`.execute(db);
  await db.insertInto(TABLE).values({ id: 'a0', name: 'before alpha' }).execute();
  await createTrigramIndex(db, TABLE, ['name']);
});
afterAll(() => t.close());

describe('withBulkTrigramInsert', () => {
  it('indexes every row the bulk insert wrote, and later single inserts again by the trigger', async () => {
    await db.transaction().execute(async (trx) => {
      await withBulkTrigramInsert(trx, TABLE, ['name'], async () => {
        await trx
          .insertInto(TABLE)
          .values(
            Array.from({ length: 50 }, (_, i) => ({
              id: `b${String(i).padStart(2, '0')}`,
              name: i % 10 === 0 ? `Bulk Gamma ${i}` : `row ${i}`,
            })),
          )
          .execute();
      });
    });
    await db.insertInto(TABLE).values({ id: 'c0', name: 'after gamma' }).execute();
    expect(await indexed('gamma')).toEqual(['b00', 'b10', 'b20', 'b30', 'b40', 'c0']);
    expect(await indexed('gamma')).toEqual(await found('gamma'));
    expect(await indexed('alpha')).toEqual(['a0']);
  });
});

import { sql, type Kysely } from 'kysely';

/**
 * The users list inside a subtree (row rules, the organisation filter): the
 * page's ids come from this covering index, sorted on its small entries, and
 * only the page's rows are read from the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_org_order')
    .on('users')
    .expression(sql`organize_id, sort_code, created_at desc, id desc`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_org_order').ifExists().execute();
}

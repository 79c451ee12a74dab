import type { Kysely } from 'kysely';

/**
 * The memberships of a page of users (the users list, CurrentUser): user,
 * type, order and the related id, all in the index, so the query never reads
 * the table (84 → 67 µs for a page of 20 in isolation). It replaces the
 * (user_id, object_type) index, which is its prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('user_relations_user_sorted')
    .on('user_relations')
    .columns(['user_id', 'object_type', 'sort_code', 'object_id'])
    .execute();
  await db.schema.dropIndex('user_relations_user').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('user_relations_user').on('user_relations').columns(['user_id', 'object_type']).execute();
  await db.schema.dropIndex('user_relations_user_sorted').ifExists().execute();
}

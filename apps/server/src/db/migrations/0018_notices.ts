import type { Kysely } from 'kysely';

/**
 * What a notice keeps beside its messages row (0015; type 1, enabled_mark 0
 * draft / 1 released): its attachments (JSON list of the files module's
 * entries), its recipients (JSON {all, organizeIds, roleIds, userIds}), and
 * when and by whom it was released. The administration list pages over
 * messages by type and time (index messages_type); released notices by
 * release time use this table's index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('notice_details')
    .addColumn('message_id', 'varchar(40)', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('targets', 'text', (c) => c.notNull().defaultTo('{"all":true,"organizeIds":[],"roleIds":[],"userIds":[]}'))
    .addColumn('released_at', 'bigint')
    .addColumn('released_by', 'varchar(40)')
    .execute();
  await s.createIndex('notice_details_released').on('notice_details').columns(['released_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notice_details').ifExists().execute();
}

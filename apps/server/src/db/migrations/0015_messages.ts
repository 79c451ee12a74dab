import type { Kysely } from 'kysely';
import { audit, id } from './columns.ts';

/**
 * Messages (server-contract §5 BASE_MESSAGE / BASE_MESSAGERECEIVE): notices
 * (type 1), system messages such as workflow to-dos (type 2) and private
 * messages (type 3), and one receive row per receiver, the inbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await audit(id(s.createTable('messages')))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_text', 'text')
    .addColumn('kind', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sender_id', 'varchar(40)')
    .execute();
  // The notice list (later): by type, newest first.
  await s.createIndex('messages_type').on('messages').columns(['type', 'created_at']).execute();

  await s
    .createTable('message_receives')
    .addColumn('message_id', 'varchar(40)', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'bigint')
    .addColumn('dedupe_key', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_receives_pk', ['message_id', 'user_id'])
    .execute();
  // The inbox (newest first, optionally one type) and the unread counts by type.
  await s.createIndex('message_receives_inbox').on('message_receives').columns(['user_id', 'is_read', 'created_at']).execute();
  await s.createIndex('message_receives_user_type').on('message_receives').columns(['user_id', 'type', 'created_at']).execute();
  // Dedupe of system messages: an unread one with the same key for the same receiver.
  await s
    .createIndex('message_receives_dedupe')
    .on('message_receives')
    .columns(['dedupe_key', 'user_id'])
    .where('dedupe_key', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_receives').ifExists().execute();
  await db.schema.dropTable('messages').ifExists().execute();
}

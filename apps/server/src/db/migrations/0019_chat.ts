import type { Kysely } from 'kysely';

/**
 * Chat (server-contract §5 BASE_IMCONTENT / BASE_IMREPLY): one row per message
 * between two users, and one conversation row per user and peer (the
 * conversation list, its unread count and latest message), kept in the same
 * transaction as the message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('chat_messages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    // "<smaller user id>:<larger user id>": one conversation's history, in both directions, on one index.
    .addColumn('pair_key', 'varchar(81)', (c) => c.notNull())
    .addColumn('sender_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('receiver_id', 'varchar(40)', (c) => c.notNull())
    // text | image | voice | video
    .addColumn('content_type', 'varchar(10)', (c) => c.notNull())
    // The text, or JSON text {path, name, width, height} for an image.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  // History paging (newest first, older pages) of one pair.
  await s.createIndex('chat_messages_pair_time').on('chat_messages').columns(['pair_key', 'sent_at', 'id']).execute();
  // UpdateReadMessage and unread counts: the unread messages from one sender to one receiver.
  await s.createIndex('chat_messages_unread').on('chat_messages').columns(['receiver_id', 'sender_id', 'read_at']).execute();

  await s
    .createTable('chat_conversations')
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('peer_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_message', 'text')
    .addColumn('latest_type', 'varchar(10)')
    .addColumn('latest_at', 'bigint')
    // Removed from the owner's list (relocation); a new message brings it back.
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    // The owner deleted the records up to this time (deleteChatRecord): older messages are hidden from the owner only.
    .addColumn('cleared_at', 'bigint', (c) => c.notNull().defaultTo(0))
    // Latest activity: the list's order.
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_conversations_pk', ['owner_id', 'peer_id'])
    .execute();
  // The conversation list: mine, not removed, latest activity first.
  await s.createIndex('chat_conversations_list').on('chat_conversations').columns(['owner_id', 'removed', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_conversations').ifExists().execute();
  await db.schema.dropTable('chat_messages').ifExists().execute();
}

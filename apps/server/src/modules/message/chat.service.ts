import { PostgresAdapter, sql } from 'kysely';
import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_PATH,
  CHAT_TEXT_MAX_LENGTH,
  chatImageInput,
  type ChatContact,
  type ChatContentType,
  type ChatConversation,
  type ChatMessage,
  type ChatUnreadNum,
  type PageResult,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import { newId } from '../../lib/ids.ts';
import { now } from '../../lib/clock.ts';
import { pairKey } from './chat-tables.ts';

/**
 * Chat between staff (spec §3, §4, §7.2; server-contract §5 IMCONTENT / IMREPLY):
 * messages stored once per pair, and one conversation row per user and peer
 * (unread count, latest message) kept in the message's transaction. Every
 * call is scoped to the caller: another pair's history is out of reach.
 */

/** What the socket frames show of a user. */
export interface ChatUser {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  department: string;
}

function users(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organizeId')
    .select(['u.id', 'u.realName', 'u.account', 'u.headIcon', 'o.fullName as department']);
}

const toChatUser = (r: {
  id: string;
  realName: string;
  account: string;
  headIcon: string | null;
  department: string | null;
}): ChatUser => ({
  id: r.id,
  realName: r.realName,
  account: r.account,
  headIcon: r.headIcon ?? '',
  department: r.department ?? '',
});

/** The two parties of a message: the sender and an enabled receiver other than the sender (404 / 400 otherwise). */
export async function chatParties(db: Db, senderId: string, receiverId: string): Promise<{ from: ChatUser; to: ChatUser }> {
  if (senderId === receiverId) throw badRequest('chat.self');
  const rows = await users(db).select('u.enabledMark').where('u.id', 'in', [senderId, receiverId]).execute();
  const from = rows.find((r) => r.id === senderId);
  const to = rows.find((r) => r.id === receiverId);
  if (!from || !to || to.enabledMark !== 1) throw notFound('chat.userNotFound');
  return { from: toChatUser(from), to: toChatUser(to) };
}

export interface NewChatMessage {
  toUserId: string;
  messageType: ChatContentType;
  messageContent: string | Record<string, unknown>;
}

/**
 * The content as stored: text trimmed and length-checked (HTML stays text: it is
 * shown as text, never rendered); an image must be a file of the `IM` type
 * that the sender uploaded, at most 5 MB.
 */
export async function chatContent(db: Db, senderId: string, input: NewChatMessage): Promise<string> {
  if (input.messageType === 'text') {
    if (typeof input.messageContent !== 'string') throw badRequest('chat.textRequired');
    const text = input.messageContent.trim();
    if (!text) throw badRequest('chat.empty');
    if ([...text].length > CHAT_TEXT_MAX_LENGTH) throw badRequest('chat.tooLong', { max: CHAT_TEXT_MAX_LENGTH });
    return text;
  }
  if (input.messageType === 'image') {
    let raw: unknown = input.messageContent;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        throw badRequest('chat.badImage');
      }
    }
    const img = chatImageInput.safeParse(raw);
    if (!img.success) throw badRequest('chat.badImage');
    const file = await db
      .selectFrom('files')
      .select(['name', 'fileSize', 'category'])
      .where('name', '=', img.data.name)
      .where('type', '=', 'IM')
      .where('createdBy', '=', senderId)
      .executeTakeFirst();
    if (!file || file.category !== 'image') throw badRequest('chat.imageNotFound');
    if (Number(file.fileSize) > CHAT_IMAGE_MAX_BYTES) throw badRequest('file.imImageLimit');
    return JSON.stringify({ path: `${CHAT_IMAGE_PATH}${file.name}`, name: file.name, width: img.data.width, height: img.data.height });
  }
  // Voice and video have no upload path in this product (the IM upload takes images only).
  throw badRequest('chat.typeUnsupported', { type: input.messageType });
}

export interface StoredChatMessage {
  message: ChatMessage;
  from: ChatUser;
  to: ChatUser;
}

/**
 * Stores a message and both conversation rows in one transaction: the
 * sender's (latest message, back on the list) and the receiver's (the same,
 * plus one unread). Answers what to push once committed.
 */
export async function storeChatMessage(ctx: AppContext, senderId: string, input: NewChatMessage): Promise<StoredChatMessage> {
  const { from, to } = await chatParties(ctx.db, senderId, input.toUserId);
  const content = await chatContent(ctx.db, senderId, input);
  const at = now();
  const message: ChatMessage = {
    id: newId(),
    sendUserId: senderId,
    sendTime: at,
    receiveUserId: to.id,
    receiveTime: null,
    contentType: input.messageType,
    content,
    state: 0,
  };
  if (ctx.db.getExecutor().adapter instanceof PostgresAdapter) await storeInOneStatement(ctx.db, message);
  else await storeInTransaction(ctx.db, message);
  return { message, from, to };
}

/**
 * PostgreSQL: the message and both conversation rows in one statement (its
 * data-modifying parts commit together), one round trip instead of five.
 */
async function storeInOneStatement(db: Db, m: ChatMessage): Promise<void> {
  const { sendUserId: from, receiveUserId: to, sendTime: at, contentType: type, content } = m;
  await sql`
    with msg as (
      insert into chat_messages (id, pair_key, sender_id, receiver_id, content_type, content, sent_at, read_at)
      values (${m.id}, ${pairKey(from, to)}, ${from}, ${to}, ${type}, ${content}, ${at}, null)
      returning id
    ),
    mine as (
      insert into chat_conversations (owner_id, peer_id, unread_count, latest_message, latest_type, latest_at, removed, cleared_at, updated_at)
      select ${from}, ${to}, 0, ${content}, ${type}, ${at}, 0, 0, ${at} from msg
      on conflict (owner_id, peer_id) do update set latest_message = excluded.latest_message, latest_type = excluded.latest_type,
        latest_at = excluded.latest_at, removed = 0, updated_at = excluded.updated_at
      returning owner_id
    )
    insert into chat_conversations (owner_id, peer_id, unread_count, latest_message, latest_type, latest_at, removed, cleared_at, updated_at)
    select ${to}, ${from}, 1, ${content}, ${type}, ${at}, 0, 0, ${at} from msg
    on conflict (owner_id, peer_id) do update set unread_count = chat_conversations.unread_count + 1,
      latest_message = excluded.latest_message, latest_type = excluded.latest_type, latest_at = excluded.latest_at,
      removed = 0, updated_at = excluded.updated_at`.execute(db);
}

/** SQLite (statements in-process, no round trips): one transaction of three statements. */
async function storeInTransaction(db: Db, message: ChatMessage): Promise<void> {
  const { sendUserId: senderId, receiveUserId: toId, sendTime: at, content } = message;
  const to = { id: toId };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('chatMessages')
      .values({
        id: message.id,
        pairKey: pairKey(senderId, to.id),
        senderId,
        receiverId: to.id,
        contentType: message.contentType,
        content,
        sentAt: at,
        readAt: null,
      })
      .execute();
    const latest = { latestMessage: content, latestType: message.contentType, latestAt: at, removed: 0, updatedAt: at };
    await trx
      .insertInto('chatConversations')
      .values({ ownerId: senderId, peerId: to.id, unreadCount: 0, clearedAt: 0, ...latest })
      .onConflict((oc) => oc.columns(['ownerId', 'peerId']).doUpdateSet(latest))
      .execute();
    await trx
      .insertInto('chatConversations')
      .values({ ownerId: to.id, peerId: senderId, unreadCount: 1, clearedAt: 0, ...latest })
      .onConflict((oc) =>
        oc.columns(['ownerId', 'peerId']).doUpdateSet({ ...latest, unreadCount: sql<number>`chat_conversations.unread_count + 1` }),
      )
      .execute();
  });
}

export interface HistoryQuery {
  currentPage: number;
  pageSize: number;
  sord: 'asc' | 'desc';
  keyword: string;
}

/** One page of my history with a peer (what I have not deleted), newest first unless asked otherwise. */
export async function chatHistory(ctx: AppContext, userId: string, peerId: string, q: HistoryQuery): Promise<PageResult<ChatMessage>> {
  const conv = await ctx.db
    .selectFrom('chatConversations')
    .select('clearedAt')
    .where('ownerId', '=', userId)
    .where('peerId', '=', peerId)
    .executeTakeFirst();
  let query = ctx.db
    .selectFrom('chatMessages')
    .select(['id', 'senderId', 'receiverId', 'contentType', 'content', 'sentAt', 'readAt'])
    .where('pairKey', '=', pairKey(userId, peerId));
  const cleared = Number(conv?.clearedAt ?? 0);
  if (cleared) query = query.where('sentAt', '>', cleared);
  if (q.keyword) query = query.where('contentType', '=', 'text').where(keywordMatch(['content'], q.keyword));
  query = query.orderBy('sentAt', q.sord).orderBy('id', q.sord);
  const page = await paginate(query, q);
  return {
    list: page.list.map((r) => ({
      id: r.id,
      sendUserId: r.senderId,
      sendTime: Number(r.sentAt),
      receiveUserId: r.receiverId,
      receiveTime: r.readAt === null ? null : Number(r.readAt),
      contentType: r.contentType as ChatContentType,
      content: r.content,
      state: r.readAt === null ? 0 : 1,
    })),
    pagination: page.pagination,
  };
}

/** UpdateReadMessage: every message from peer to me is read, my conversation's unread count 0. Answers how many changed. */
export async function markChatRead(ctx: AppContext, userId: string, peerId: string): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('chatMessages')
      .set({ readAt: now() })
      .where('receiverId', '=', userId)
      .where('senderId', '=', peerId)
      .where('readAt', 'is', null)
      .executeTakeFirst();
    await trx
      .updateTable('chatConversations')
      .set({ unreadCount: 0 })
      .where('ownerId', '=', userId)
      .where('peerId', '=', peerId)
      .where('unreadCount', '<>', 0)
      .execute();
    return Number(res.numUpdatedRows);
  });
}

/** initMessage's per-conversation counts: my conversations with unread messages. */
export async function chatUnreadNums(db: Db, userId: string): Promise<ChatUnreadNum[]> {
  const rows = await db
    .selectFrom('chatConversations')
    .select(['peerId', 'unreadCount', 'latestMessage', 'latestType', 'latestAt'])
    .where('ownerId', '=', userId)
    .where('unreadCount', '>', 0)
    .orderBy('updatedAt', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    sendUserId: r.peerId,
    receiveUserId: userId,
    unreadNum: r.unreadCount,
    defaultMessage: r.latestMessage,
    defaultMessageType: r.latestType,
    defaultMessageTime: r.latestAt === null ? null : Number(r.latestAt),
  }));
}

/** `GET /api/message/imreply`: my conversations, latest activity first; keyword over the peer's name and account. */
export async function listConversations(
  ctx: AppContext,
  userId: string,
  q: { currentPage: number; pageSize: number; keyword: string },
): Promise<PageResult<ChatConversation>> {
  let query = ctx.db
    .selectFrom('chatConversations as c')
    .innerJoin('users as u', 'u.id', 'c.peerId')
    .leftJoin('organizations as o', 'o.id', 'u.organizeId')
    .select([
      'u.id',
      'u.realName',
      'u.account',
      'u.headIcon',
      'o.fullName as department',
      'c.unreadCount',
      'c.latestMessage',
      'c.latestType',
      'c.latestAt',
    ])
    .where('c.ownerId', '=', userId)
    .where('c.removed', '=', 0);
  if (q.keyword) query = query.where(keywordMatch(['u.realName', 'u.account'], q.keyword));
  query = query.orderBy('c.updatedAt', 'desc').orderBy('c.peerId');
  const page = await paginate(query, q);
  return {
    list: page.list.map((r) => ({
      ...toChatUser(r),
      unreadMessage: r.unreadCount,
      latestMessage: r.latestMessage,
      messageType: r.latestType as ChatContentType | null,
      latestDate: r.latestAt === null ? null : Number(r.latestAt),
    })),
    pagination: page.pagination,
  };
}

/** `GET /api/message/imreply/contacts`: enabled users other than me, by name; keyword over name and account. */
export async function listContacts(
  ctx: AppContext,
  userId: string,
  q: { currentPage: number; pageSize: number; keyword: string },
): Promise<PageResult<ChatContact>> {
  let query = users(ctx.db).where('u.enabledMark', '=', 1).where('u.id', '<>', userId);
  if (q.keyword) query = query.where(keywordMatch(['u.realName', 'u.account'], q.keyword));
  query = query.orderBy('u.sortCode').orderBy('u.account');
  const page = await paginate(query, q);
  return { list: page.list.map(toChatUser), pagination: page.pagination };
}

/**
 * deleteChatRecord: my records of this conversation are gone for me (the peer
 * keeps theirs): hidden up to now, unread 0, latest message and type cleared,
 * and the peer's unread messages to me count as read. 404 without such a conversation.
 */
export async function deleteChatRecords(ctx: AppContext, userId: string, peerId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = now();
    const res = await trx
      .updateTable('chatConversations')
      .set({ clearedAt: at, unreadCount: 0, latestMessage: null, latestType: null, latestAt: null })
      .where('ownerId', '=', userId)
      .where('peerId', '=', peerId)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw notFound('chat.conversationNotFound');
    await trx
      .updateTable('chatMessages')
      .set({ readAt: at })
      .where('receiverId', '=', userId)
      .where('senderId', '=', peerId)
      .where('readAt', 'is', null)
      .execute();
  });
}

/** relocation: the conversation leaves my list (its history stays; a new message brings it back). 404 without one. */
export async function removeConversation(ctx: AppContext, userId: string, peerId: string): Promise<void> {
  const res = await ctx.db
    .updateTable('chatConversations')
    .set({ removed: 1 })
    .where('ownerId', '=', userId)
    .where('peerId', '=', peerId)
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) throw notFound('chat.conversationNotFound');
}

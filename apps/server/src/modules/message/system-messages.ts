import { PostgresAdapter, sql } from 'kysely';
import { MessageType } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';
import { maybeHubOf } from './hub.ts';

export interface SystemMessageInput {
  toUserIds: readonly string[];
  title: string;
  kind: string /* 'flowTodo'|'flowResult'|'flowUrge'|'flowCopy'|… */;
  body: unknown /* JSON the client opens */;
  senderId?: string | null;
  dedupeKey?: string;
}

/** What was stored: enough to push it after the commit. No receivers means nothing was stored. */
export interface StoredMessages {
  id: string | null;
  title: string;
  type: MessageType;
  senderId: string | null;
  toUserIds: string[];
}

/** Rows per INSERT: 500 receive rows × 6 values stays under every driver's parameter limit. */
const CHUNK = 500;

/** Title and kind as the columns hold them (a longer title is cut, not refused: the caller is the server itself). */
const TITLE_MAX = 200;
const KIND_MAX = 50;

/**
 * Stores one message row + one receive row per receiver inside the caller's
 * transaction (multi-row inserts; fast: it is on the approval hot path,
 * 500+/s). With a dedupeKey, a receiver who still has an unread message with
 * that key gets no second one.
 */
export async function storeSystemMessages(db: Db, input: SystemMessageInput, at: number): Promise<StoredMessages> {
  const row: MessageRow = {
    id: newId(),
    title: input.title.slice(0, TITLE_MAX),
    kind: input.kind.slice(0, KIND_MAX),
    bodyText: input.body === undefined ? null : JSON.stringify(input.body),
    senderId: input.senderId ?? null,
    dedupeKey: input.dedupeKey ?? null,
    at,
  };
  const wanted = [...new Set(input.toUserIds.filter((u) => u))];
  const toUserIds = !wanted.length
    ? []
    : db.getExecutor().adapter instanceof PostgresAdapter && wanted.length <= CHUNK
      ? await storeInOneStatement(db, row, wanted)
      : await storeStepByStep(db, row, wanted);
  return { id: toUserIds.length ? row.id : null, title: row.title, type: MessageType.system, senderId: row.senderId, toUserIds };
}

interface MessageRow {
  id: string;
  title: string;
  kind: string;
  bodyText: string | null;
  senderId: string | null;
  dedupeKey: string | null;
  at: number;
}

/**
 * PostgreSQL: de-duplication, the message and its receive rows in one
 * statement, one round trip instead of three (each is ~1 ms on a busy
 * server, and the approval's transaction holds its locks meanwhile).
 * Answers the receivers actually stored.
 */
async function storeInOneStatement(db: Db, m: MessageRow, wanted: string[]): Promise<string[]> {
  const { rows } = await sql<{ uid: string }>`
    with wanted as (select unnest(${wanted}::varchar[]) as user_id),
    targets as (
      select w.user_id from wanted w
      where ${m.dedupeKey}::varchar is null or not exists (
        select 1 from message_receives r where r.dedupe_key = ${m.dedupeKey}::varchar and r.user_id = w.user_id and r.is_read = 0)
    ),
    msg as (
      insert into messages (id, type, title, body_text, kind, priority, enabled_mark, sender_id, created_at, created_by)
      select ${m.id}, ${MessageType.system}, ${m.title}, ${m.bodyText}, ${m.kind}, 0, 1, ${m.senderId}, ${m.at}, ${m.senderId}
      where exists (select 1 from targets)
      returning id
    )
    insert into message_receives (message_id, user_id, type, is_read, read_at, dedupe_key, created_at)
    select msg.id, targets.user_id, ${MessageType.system}, 0, null, ${m.dedupeKey}, ${m.at} from msg cross join targets
    returning user_id as uid`.execute(db);
  return rows.map((r) => r.uid);
}

/** SQLite (statements in-process, no round trips) and PostgreSQL beyond one chunk of receivers: look up, then multi-row inserts. */
async function storeStepByStep(db: Db, m: MessageRow, wanted: string[]): Promise<string[]> {
  let toUserIds = wanted;
  if (m.dedupeKey !== null) {
    const unread = new Set<string>();
    for (let i = 0; i < toUserIds.length; i += CHUNK) {
      const rows = await db
        .selectFrom('messageReceives')
        .select('userId')
        .where('dedupeKey', '=', m.dedupeKey)
        .where('userId', 'in', toUserIds.slice(i, i + CHUNK))
        .where('isRead', '=', 0)
        .execute();
      for (const r of rows) unread.add(r.userId);
    }
    toUserIds = toUserIds.filter((u) => !unread.has(u));
  }
  if (!toUserIds.length) return [];
  await db
    .insertInto('messages')
    .values({
      id: m.id,
      type: MessageType.system,
      title: m.title,
      bodyText: m.bodyText,
      kind: m.kind,
      priority: 0,
      enabledMark: 1,
      senderId: m.senderId,
      createdAt: m.at,
      createdBy: m.senderId,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  for (let i = 0; i < toUserIds.length; i += CHUNK) {
    await db
      .insertInto('messageReceives')
      .values(
        toUserIds.slice(i, i + CHUNK).map((userId) => ({
          messageId: m.id,
          userId,
          type: MessageType.system,
          isRead: 0,
          readAt: null,
          dedupeKey: m.dedupeKey,
          createdAt: m.at,
        })),
      )
      .execute();
  }
  return toUserIds;
}

/** After commit: pushes `messagePush` to each receiver on any process (through the existing hub fan-out). */
export function pushStoredMessages(ctx: AppContext, stored: StoredMessages): void {
  if (!stored.id || !stored.toUserIds.length) return;
  // Stored first: without a hub (seed, scripts) there is nobody connected to push to.
  maybeHubOf(ctx)?.emit({
    kind: 'messagePush',
    push: { id: stored.id, title: stored.title, messageType: stored.type, userId: stored.senderId ?? '', toUserId: stored.toUserIds },
  });
}

import { sql } from 'kysely';
import { MessageType, type InboxItem, type PageQuery, type PageResult, type UnreadCounts } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import { now } from '../../lib/clock.ts';

/**
 * My inbox (server-contract §5): the receive rows of one user joined to their
 * messages. Every call is scoped to the caller's own receive rows, so another
 * user's message is "not found", never readable or deletable.
 */

export interface InboxQuery extends Pick<PageQuery, 'currentPage' | 'pageSize' | 'keyword' | 'sort'> {
  type?: number | undefined;
}

/** The receive rows of one user with their message and sender: the one query every read builds on. */
function mine(db: Db, userId: string) {
  return db
    .selectFrom('messageReceives as r')
    .innerJoin('messages as m', 'm.id', 'r.messageId')
    .leftJoin('users as u', 'u.id', 'm.senderId')
    .where('r.userId', '=', userId)
    .select([
      'm.id',
      'm.title',
      'm.type',
      'm.kind',
      'm.bodyText',
      'm.enabledMark',
      'm.updatedAt',
      'r.isRead',
      'r.readAt',
      'r.createdAt',
      'u.realName',
      'u.account',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof mine>['executeTakeFirstOrThrow']>>;

function toItem(r: Row): InboxItem {
  return {
    id: r.id,
    title: r.title,
    type: r.type as InboxItem['type'],
    kind: r.kind,
    isRead: r.isRead ? 1 : 0,
    bodyText: r.bodyText,
    creatorUser: r.realName ? `${r.realName}/${r.account}` : '',
    releaseTime: Number(r.createdAt),
    lastModifyTime: Number(r.updatedAt ?? r.createdAt),
    readTime: r.readAt === null ? null : Number(r.readAt),
    enabledMark: r.enabledMark,
  };
}

/** One page of my inbox, newest first unless asked otherwise; type and title keyword filter in SQL. */
export async function listInbox(ctx: AppContext, userId: string, q: InboxQuery): Promise<PageResult<InboxItem>> {
  let query = mine(ctx.db, userId);
  if (q.type !== undefined) query = query.where('r.type', '=', q.type);
  if (q.keyword) query = query.where(keywordMatch(['m.title'], q.keyword));
  const dir = q.sort === 'asc' ? 'asc' : 'desc';
  query = query.orderBy('r.createdAt', dir).orderBy('r.messageId', dir);
  const page = await paginate(query, q);
  return { list: page.list.map(toItem), pagination: page.pagination };
}

/** Opens one of my messages: marks it read (once: the first read time stays) and answers it; 404 when it is not mine. */
export async function readInfo(ctx: AppContext, userId: string, messageId: string): Promise<InboxItem> {
  const at = now();
  await ctx.db
    .updateTable('messageReceives')
    .set({ isRead: 1, readAt: at })
    .where('messageId', '=', messageId)
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .execute();
  const row = await mine(ctx.db, userId).where('r.messageId', '=', messageId).executeTakeFirst();
  if (!row) throw notFound('message.notFound');
  return toItem(row);
}

/** Marks all my unread messages (of one type, when given) read; answers how many changed. */
export async function readAll(ctx: AppContext, userId: string, type: number | undefined): Promise<number> {
  let q = ctx.db.updateTable('messageReceives').set({ isRead: 1, readAt: now() }).where('userId', '=', userId).where('isRead', '=', 0);
  if (type !== undefined) q = q.where('type', '=', type);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Deletes my receive rows of these messages (other users' rows are untouched:
 * an id that is not in my inbox is skipped). A system message nobody holds any
 * more goes too; a notice stays for its publisher.
 */
export async function deleteRecords(ctx: AppContext, userId: string, ids: readonly string[]): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('messageReceives').where('userId', '=', userId).where('messageId', 'in', ids).executeTakeFirst();
    await trx
      .deleteFrom('messages')
      .where('id', 'in', ids)
      .where('type', '=', MessageType.system)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('messageReceives').select(sql.lit(1).as('one')).whereRef('messageReceives.messageId', '=', 'messages.id'))),
      )
      .execute();
    return Number(res.numDeletedRows);
  });
}

/** My unread counts by type (initMessage and GET UnreadCount). */
export async function unreadCounts(db: Db, userId: string): Promise<UnreadCounts> {
  const rows = await db
    .selectFrom('messageReceives')
    .select(['type', sql<number>`count(*)`.as('n')])
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .groupBy('type')
    .execute();
  const of = (t: number) => Number(rows.find((r) => r.type === t)?.n ?? 0);
  const counts = {
    unreadNoticeCount: of(MessageType.notice),
    unreadSystemMessageCount: of(MessageType.system),
    unreadMessageCount: of(MessageType.private),
  };
  return { ...counts, unreadTotalCount: counts.unreadNoticeCount + counts.unreadSystemMessageCount + counts.unreadMessageCount };
}

import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  MessageType,
  NoticeState,
  type FileEntry,
  type NoticeDetail,
  type NoticeInput,
  type NoticeReceipt,
  type NoticeReceiptCounts,
  type NoticeRow,
  type NoticeTargets,
  type PageQuery,
  type PageResult,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import type { Database, UserTable } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import './notice-tables.ts';
import { pushStoredMessages, type StoredMessages } from './system-messages.ts';

/**
 * Notice administration (spec §7.2, server-contract §5): a notice is a
 * messages row of type 1 (enabled_mark 0 draft, 1 released) plus its
 * notice_details row (attachments, recipients, release time). Releasing
 * writes one receive row per recipient (the publisher excepted) in one
 * INSERT … SELECT inside the transaction, then pushes `messagePush` through the hub to whoever is online
 * on any process. A released notice is frozen (409); its publisher may
 * withdraw it (back to a draft, receipts gone) or delete it.
 */

export interface Actor {
  userId: string;
  isAdministrator: boolean;
}

export interface NoticeListQuery extends Pick<PageQuery, 'currentPage' | 'pageSize' | 'keyword' | 'sidx' | 'sort'> {
  enabledMark?: number | undefined;
}

/** Sortable columns of the list (anything else sorts by creation time). */
const SORTS = {
  title: 'm.title',
  creatorTime: 'm.createdAt',
  lastModifyTime: 'm.updatedAt',
  releaseTime: 'd.releasedAt',
  enabledMark: 'm.enabledMark',
} as const;

const person = (realName: string | null, account: string | null) => (realName ? `${realName}/${account ?? ''}` : '');

function notices(db: Db) {
  return db
    .selectFrom('messages as m')
    .leftJoin('noticeDetails as d', 'd.messageId', 'm.id')
    .leftJoin('users as cu', 'cu.id', 'm.senderId')
    .leftJoin('users as ru', 'ru.id', 'd.releasedBy')
    .where('m.type', '=', MessageType.notice)
    .select((eb) => [
      'm.id',
      'm.title',
      'm.enabledMark',
      'm.senderId',
      'm.createdAt',
      'm.updatedAt',
      'd.releasedAt',
      'd.files',
      'cu.realName as creatorName',
      'cu.account as creatorAccount',
      'ru.realName as releaseName',
      'ru.account as releaseAccount',
      eb
        .selectFrom('messageReceives as r')
        .whereRef('r.messageId', '=', 'm.id')
        .select(sql<number>`count(*)`.as('n'))
        .as('receiverCount'),
      eb
        .selectFrom('messageReceives as r')
        .whereRef('r.messageId', '=', 'm.id')
        .where('r.isRead', '=', 1)
        .select(sql<number>`count(*)`.as('n'))
        .as('readCount'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof notices>['executeTakeFirstOrThrow']>>;

const parseFiles = (json: string | null | undefined): FileEntry[] => {
  try {
    const v: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(v) ? (v as FileEntry[]) : [];
  } catch {
    return [];
  }
};

function toRow(r: Row): NoticeRow {
  return {
    id: r.id,
    title: r.title,
    enabledMark: (r.enabledMark ? 1 : 0) as NoticeRow['enabledMark'],
    creatorUser: person(r.creatorName, r.creatorAccount),
    creatorUserId: r.senderId,
    creatorTime: Number(r.createdAt),
    lastModifyTime: r.updatedAt === null ? null : Number(r.updatedAt),
    releaseTime: r.releasedAt === null ? null : Number(r.releasedAt),
    releaseUser: person(r.releaseName, r.releaseAccount),
    receiverCount: Number(r.receiverCount ?? 0),
    readCount: Number(r.readCount ?? 0),
    fileCount: parseFiles(r.files).length,
  };
}

/** GET /api/message/Notice: one page, filtered, sorted and counted in SQL. */
export async function listNotices(ctx: AppContext, q: NoticeListQuery): Promise<PageResult<NoticeRow>> {
  let query = notices(ctx.db);
  if (q.enabledMark !== undefined) query = query.where('m.enabledMark', '=', q.enabledMark);
  if (q.keyword) query = query.where(keywordMatch(['m.title'], q.keyword));
  const column = SORTS[q.sidx as keyof typeof SORTS] ?? 'm.createdAt';
  const dir = q.sort === 'asc' ? 'asc' : 'desc';
  query = query.orderBy(column, dir).orderBy('m.id', dir);
  const page = await paginate(query, q);
  return { list: page.list.map(toRow), pagination: page.pagination };
}

async function findRow(db: Db, id: string): Promise<Row> {
  const row = await notices(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('notice.notFound');
  return row;
}

/** GET /api/message/{id}: the whole notice for the form. */
export async function getNotice(ctx: AppContext, id: string): Promise<NoticeDetail> {
  const row = await findRow(ctx.db, id);
  const extra = await ctx.db
    .selectFrom('messages as m')
    .leftJoin('noticeDetails as d', 'd.messageId', 'm.id')
    .select(['m.bodyText', 'd.targets'])
    .where('m.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...toRow(row), bodyText: extra.bodyText ?? '', files: parseFiles(row.files), targets: parseTargets(extra.targets) };
}

function parseTargets(json: string | null | undefined): NoticeTargets {
  const none: NoticeTargets = { all: true, organizeIds: [], roleIds: [], userIds: [] };
  try {
    const v = JSON.parse(json ?? '') as Partial<NoticeTargets>;
    const list = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
    return { all: v.all === true, organizeIds: list(v.organizeIds), roleIds: list(v.roleIds), userIds: list(v.userIds) };
  } catch {
    return none;
  }
}

/** Only the publisher (or an administrator) changes, releases, withdraws or deletes a notice. */
function assertPublisher(row: Row, actor: Actor): void {
  if (!actor.isAdministrator && row.senderId !== actor.userId) throw forbidden('notice.notPublisher');
}

/** POST /api/message: a new draft, its HTML sanitized before it is stored. */
export async function createNotice(ctx: AppContext, input: NoticeInput, actor: Actor): Promise<string> {
  const id = newId();
  const at = now();
  const bodyText = await sanitizeHtml(input.bodyText ?? '');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('messages')
      .values({
        id,
        type: MessageType.notice,
        title: input.title,
        bodyText,
        kind: '',
        priority: 0,
        enabledMark: NoticeState.draft,
        senderId: actor.userId,
        createdAt: at,
        createdBy: actor.userId,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    await trx
      .insertInto('noticeDetails')
      .values({
        messageId: id,
        files: JSON.stringify(input.files),
        targets: JSON.stringify(input.targets),
        releasedAt: null,
        releasedBy: null,
      })
      .execute();
  });
  return id;
}

/** PUT /api/message/{id}: a draft only; a released notice answers 409 and is left as it was. */
export async function updateNotice(ctx: AppContext, id: string, input: NoticeInput, actor: Actor): Promise<void> {
  const bodyText = await sanitizeHtml(input.bodyText ?? '');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findRow(trx, id);
    assertPublisher(row, actor);
    const res = await trx
      .updateTable('messages')
      .set({ title: input.title, bodyText, updatedAt: now(), updatedBy: actor.userId })
      .where('id', '=', id)
      .where('type', '=', MessageType.notice)
      .where('enabledMark', '=', NoticeState.draft)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw conflict('notice.released');
    const details = { files: JSON.stringify(input.files), targets: JSON.stringify(input.targets) };
    await trx
      .insertInto('noticeDetails')
      .values({ messageId: id, ...details, releasedAt: null, releasedBy: null })
      .onConflict((oc) => oc.column('messageId').doUpdateSet(details))
      .execute();
  });
}

/** DELETE /api/message/{id}: the notice, its details and every receiver's copy. */
export async function deleteNotice(ctx: AppContext, id: string, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    assertPublisher(await findRow(trx, id), actor);
    await trx.deleteFrom('messageReceives').where('messageId', '=', id).execute();
    await trx.deleteFrom('noticeDetails').where('messageId', '=', id).execute();
    await trx.deleteFrom('messages').where('id', '=', id).where('type', '=', MessageType.notice).execute();
  });
}

/** PUT /api/message/{id}/Actions/Withdraw: back to a draft; every receiver's copy (and its read state) goes. */
export async function withdrawNotice(ctx: AppContext, id: string, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    assertPublisher(await findRow(trx, id), actor);
    const res = await trx
      .updateTable('messages')
      .set({ enabledMark: NoticeState.draft, updatedAt: now(), updatedBy: actor.userId })
      .where('id', '=', id)
      .where('enabledMark', '=', NoticeState.released)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw conflict('notice.notReleased');
    await trx.deleteFrom('messageReceives').where('messageId', '=', id).execute();
    await trx.updateTable('noticeDetails').set({ releasedAt: null, releasedBy: null }).where('messageId', '=', id).execute();
  });
}

/**
 * The recipients of these targets as a condition on `users as u`: enabled
 * users who are chosen, hold a chosen role, or belong (as their main
 * organisation or a relation) to a chosen organisation or any organisation
 * under it. One expression, so the INSERT … SELECT stays one statement.
 */
function recipientFilter(targets: NoticeTargets) {
  return (eb: ExpressionBuilder<Database & { u: UserTable }, 'u'>): Expression<SqlBool> => {
    if (targets.all) return sql<SqlBool>`1 = 1`;
    const subtree = (ids: string[]) =>
      eb
        .selectFrom('organizations as o')
        .innerJoin('organizations as c', (j) =>
          j.on((x) => x.or([x('o.idPath', '=', x.ref('c.idPath')), x('o.idPath', 'like', sql<string>`${sql.ref('c.idPath')} || ',%'`)])),
        )
        .where('c.id', 'in', ids)
        .select('o.id');
    const or: Expression<SqlBool>[] = [];
    if (targets.userIds.length) or.push(eb('u.id', 'in', targets.userIds));
    if (targets.organizeIds.length) {
      or.push(eb('u.organizeId', 'in', subtree(targets.organizeIds)));
      or.push(
        eb.exists(
          eb
            .selectFrom('userRelations as ur')
            .select('ur.id')
            .whereRef('ur.userId', '=', 'u.id')
            .where('ur.objectType', '=', 'Organize')
            .where('ur.objectId', 'in', subtree(targets.organizeIds)),
        ),
      );
    }
    if (targets.roleIds.length)
      or.push(
        eb.exists(
          eb
            .selectFrom('userRelations as ur')
            .select('ur.id')
            .whereRef('ur.userId', '=', 'u.id')
            .where('ur.objectType', '=', 'Role')
            .where('ur.objectId', 'in', targets.roleIds),
        ),
      );
    return or.length ? eb.or(or) : sql<SqlBool>`1 = 0`;
  };
}

/**
 * Releases a draft inside a transaction: marks it released (a notice released
 * meanwhile answers 409), writes one receive row per recipient in one
 * statement, and answers what to push after the commit.
 */
export async function releaseInTransaction(db: Db, id: string, actor: Actor, at: number): Promise<StoredMessages> {
  const row = await findRow(db, id);
  assertPublisher(row, actor);
  const res = await db
    .updateTable('messages')
    .set({ enabledMark: NoticeState.released, updatedAt: at, updatedBy: actor.userId })
    .where('id', '=', id)
    .where('enabledMark', '=', NoticeState.draft)
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) throw conflict('notice.released');
  const details = await db.selectFrom('noticeDetails').select('targets').where('messageId', '=', id).executeTakeFirst();
  const targets = parseTargets(details?.targets);
  await db
    .insertInto('noticeDetails')
    .values({ messageId: id, files: '[]', targets: JSON.stringify(targets), releasedAt: at, releasedBy: actor.userId })
    .onConflict((oc) => oc.column('messageId').doUpdateSet({ releasedAt: at, releasedBy: actor.userId }))
    .execute();
  await db
    .insertInto('messageReceives')
    .columns(['messageId', 'userId', 'type', 'isRead', 'createdAt'])
    .expression(
      db
        .selectFrom('users as u')
        .where('u.enabledMark', '=', 1)
        // The publisher follows the notice through its receipts, not in their own inbox.
        .where('u.id', '!=', row.senderId ?? actor.userId)
        .where(recipientFilter(targets))
        .select([
          sql<string>`${id}`.as('messageId'),
          'u.id as userId',
          sql.lit(MessageType.notice).as('type'),
          sql.lit(0).as('isRead'),
          sql.lit(at).as('createdAt'),
        ]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  const receivers = await db.selectFrom('messageReceives').select('userId').where('messageId', '=', id).execute();
  return { id, title: row.title, type: MessageType.notice, senderId: actor.userId, toUserIds: receivers.map((r) => r.userId) };
}

/** PUT /api/message/{id}/Actions/Release: stored first, then pushed to every recipient online on any process. */
export async function releaseNotice(ctx: AppContext, id: string, actor: Actor): Promise<{ receivers: number }> {
  const stored = await ctx.db.transaction().execute((trx) => releaseInTransaction(trx, id, actor, now()));
  pushStoredMessages(ctx, stored);
  return { receivers: stored.toUserIds.length };
}

/** GET /api/message/{id}/Receipts: who has read it and who has not, paged, with the counts. */
export async function noticeReceipts(
  ctx: AppContext,
  id: string,
  q: Pick<PageQuery, 'currentPage' | 'pageSize' | 'keyword'> & { isRead?: number | undefined },
): Promise<PageResult<NoticeReceipt> & { counts: NoticeReceiptCounts }> {
  await findRow(ctx.db, id);
  let query = ctx.db
    .selectFrom('messageReceives as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('organizations as o', 'o.id', 'u.organizeId')
    .where('r.messageId', '=', id)
    .select(['r.userId', 'u.account', 'u.realName', 'o.fullName as organize', 'r.isRead', 'r.readAt']);
  if (q.isRead !== undefined) query = query.where('r.isRead', '=', q.isRead);
  if (q.keyword) query = query.where(keywordMatch(['u.realName', 'u.account'], q.keyword));
  query = query.orderBy('r.isRead', 'desc').orderBy('r.readAt', 'desc').orderBy('u.sortCode').orderBy('u.id');
  const [page, counts] = await Promise.all([
    paginate(query, q),
    ctx.db
      .selectFrom('messageReceives')
      .where('messageId', '=', id)
      .select([sql<number>`count(*)`.as('total'), sql<number>`sum(case when is_read = 1 then 1 else 0 end)`.as('read')])
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counts.total ?? 0);
  const read = Number(counts.read ?? 0);
  return {
    list: page.list.map((r) => ({
      userId: r.userId,
      account: r.account,
      realName: r.realName,
      organize: r.organize ?? '',
      isRead: r.isRead ? 1 : 0,
      readTime: r.readAt === null ? null : Number(r.readAt),
    })),
    pagination: page.pagination,
    counts: { total, read, unread: total - read },
  };
}

/**
 * GET /api/message/Notice/{id}/Files: the attachments of a released notice
 * for someone who received it (or its publisher / an administrator); anyone
 * else gets 404, as if it did not exist.
 */
export async function noticeFilesFor(ctx: AppContext, id: string, actor: Actor): Promise<FileEntry[]> {
  const row = await ctx.db
    .selectFrom('messages as m')
    .leftJoin('noticeDetails as d', 'd.messageId', 'm.id')
    .select(['m.senderId', 'd.files'])
    .where('m.id', '=', id)
    .where('m.type', '=', MessageType.notice)
    .executeTakeFirst();
  if (!row) throw notFound('notice.notFound');
  if (!actor.isAdministrator && row.senderId !== actor.userId) {
    const mine = await ctx.db
      .selectFrom('messageReceives')
      .select('userId')
      .where('messageId', '=', id)
      .where('userId', '=', actor.userId)
      .executeTakeFirst();
    if (!mine) throw notFound('notice.notFound');
  }
  return parseFiles(row.files);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { newId } from '../../lib/ids.ts';
import { storeSystemMessages, type SystemMessageInput } from './system-messages.ts';

/**
 * Stored system messages and the inbox over HTTP, on a real database: storing
 * (inside the caller's transaction, de-duplicated), paging and filtering in
 * SQL, reading, reading all, deleting, and that nobody reaches another user's
 * messages; bad input gets a clear 400.
 */
let t: TestApp;
let zhang: string; // token of zhangwei
let xu: string; // token of xuli
let zhangId: string;
let xuId: string;

const userId = async (account: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  [zhang, xu] = await Promise.all([t.login('zhangwei'), t.login('xuli')]);
  [zhangId, xuId] = await Promise.all([userId('zhangwei'), userId('xuli')]);
});
afterAll(() => t.close());

let clockAt = 1_800_000_000_000;
/** Stores in a transaction of its own, each message a second after the last (the inbox orders by time). */
const store = (input: Partial<SystemMessageInput> & Pick<SystemMessageInput, 'toUserIds'>) =>
  t.ctx.db
    .transaction()
    .execute((trx) =>
      storeSystemMessages(trx, { title: 'to-do', kind: 'flowTodo', body: { type: 2, id: 'inst1' }, ...input }, (clockAt += 1000)),
    );

const receivesOf = (messageId: string) =>
  t.ctx.db.selectFrom('messageReceives').selectAll().where('messageId', '=', messageId).orderBy('userId').execute();

const counts = async (token: string) => (await t.call('GET', '/api/message/UnreadCount', { token })).data;

/** Clears a user's inbox between tests (through the API: it is also what the user would do). */
async function clearInbox(token: string) {
  const all = await t.call('GET', '/api/message?pageSize=10000', { token });
  const ids = all.data.list.map((m: { id: string }) => m.id);
  if (ids.length) expect((await t.call('DELETE', '/api/message/Record', { token, body: { ids } })).status).toBe(200);
}

describe('storeSystemMessages', () => {
  it('stores one message and one unread receive row per distinct receiver, with the body as JSON', async () => {
    const stored = await store({ toUserIds: [zhangId, xuId, zhangId, ''], title: '请审批：请假单', senderId: xuId });
    expect(stored.toUserIds.sort()).toEqual([zhangId, xuId].sort());
    const msg = await t.ctx.db.selectFrom('messages').selectAll().where('id', '=', stored.id!).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ type: MessageType.system, title: '请审批：请假单', kind: 'flowTodo', senderId: xuId, enabledMark: 1 });
    expect(JSON.parse(msg.bodyText!)).toEqual({ type: 2, id: 'inst1' });
    const rows = await receivesOf(stored.id!);
    expect(rows.map((r) => [r.userId, r.isRead, r.type, Number(r.createdAt)])).toEqual(
      [zhangId, xuId].sort().map((u) => [u, 0, MessageType.system, clockAt]),
    );
  });

  it('stores nothing for no receivers', async () => {
    const before = await t.ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const stored = await store({ toUserIds: [] });
    expect(stored).toMatchObject({ id: null, toUserIds: [] });
    const after = await t.ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('writes hundreds of receivers in chunks, and nothing when the caller’s transaction rolls back', async () => {
    const many = Array.from({ length: 1234 }, () => newId());
    const stored = await store({ toUserIds: many, dedupeKey: 'bulk' });
    expect((await receivesOf(stored.id!)).length).toBe(1234);
    // The dedupe look-up is chunked as well: all 1234 still hold an unread one.
    expect((await store({ toUserIds: many, dedupeKey: 'bulk' })).id).toBeNull();

    let storedId: string | null = null;
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        storedId = (await storeSystemMessages(trx, { toUserIds: [zhangId], title: 'x', kind: 'flowTodo', body: null }, 1)).id;
        throw new Error('approval failed');
      }),
    ).rejects.toThrow('approval failed');
    expect(storedId).not.toBeNull();
    expect(await t.ctx.db.selectFrom('messages').select('id').where('id', '=', storedId!).executeTakeFirst()).toBeUndefined();
  });

  it('de-duplicates by key per receiver while an unread one exists', async () => {
    await clearInbox(zhang);
    await clearInbox(xu);
    const key = `urge:${newId()}`;
    const first = await store({ toUserIds: [zhangId], kind: 'flowUrge', dedupeKey: key });
    expect(first.toUserIds).toEqual([zhangId]);
    // zhangwei still has it unread: only xuli gets the second one.
    const second = await store({ toUserIds: [zhangId, xuId], kind: 'flowUrge', dedupeKey: key });
    expect(second.toUserIds).toEqual([xuId]);
    // Nobody new: nothing stored at all.
    expect((await store({ toUserIds: [zhangId, xuId], dedupeKey: key })).id).toBeNull();
    // Another key is another message.
    expect((await store({ toUserIds: [zhangId], dedupeKey: `${key}x` })).toUserIds).toEqual([zhangId]);
    // Once read, the same event may notify again.
    expect((await t.call('GET', `/api/message/ReadInfo/${first.id}`, { token: zhang })).status).toBe(200);
    expect((await store({ toUserIds: [zhangId, xuId], dedupeKey: key })).toUserIds).toEqual([zhangId]);
    // Without a key nothing is de-duplicated.
    expect((await store({ toUserIds: [zhangId] })).toUserIds).toEqual([zhangId]);
    expect((await store({ toUserIds: [zhangId] })).toUserIds).toEqual([zhangId]);
  });

  it('cuts an over-long title and kind to the columns instead of failing the approval', async () => {
    const stored = await store({ toUserIds: [zhangId], title: '长'.repeat(500), kind: 'k'.repeat(80) });
    const msg = await t.ctx.db.selectFrom('messages').selectAll().where('id', '=', stored.id!).executeTakeFirstOrThrow();
    expect(msg.title).toHaveLength(200);
    expect(msg.kind).toHaveLength(50);
  });
});

describe('inbox', () => {
  /** A released notice to these users (notice administration comes later; its rows look like this). */
  async function notice(title: string, users: string[], html = '<p>hello</p>') {
    const id = newId();
    const at = (clockAt += 1000);
    await t.ctx.db
      .insertInto('messages')
      .values({
        id,
        type: 1,
        title,
        bodyText: html,
        kind: '',
        priority: 0,
        enabledMark: 1,
        senderId: null,
        createdAt: at,
        createdBy: null,
        updatedAt: at,
        updatedBy: null,
      })
      .execute();
    await t.ctx.db
      .insertInto('messageReceives')
      .values(users.map((userId) => ({ messageId: id, userId, type: 1, isRead: 0, readAt: null, dedupeKey: null, createdAt: at })))
      .execute();
    return id;
  }

  it('pages in SQL, newest first, with type and title keyword filters and unread counts by type', async () => {
    await clearInbox(zhang);
    for (let i = 1; i <= 23; i++)
      await store({ toUserIds: [zhangId], title: `待办 ${String(i).padStart(2, '0')} 100%_done`, senderId: xuId });
    const n1 = await notice('放假通知', [zhangId, xuId]);

    const page1 = await t.call('GET', '/api/message?currentPage=1&pageSize=10', { token: zhang });
    expect(page1.status).toBe(200);
    expect(page1.data.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 24 });
    expect(page1.data.list[0]).toMatchObject({
      id: n1,
      title: '放假通知',
      type: 1,
      kind: '',
      isRead: 0,
      bodyText: '<p>hello</p>',
      creatorUser: '',
    });
    expect(page1.data.list[1]).toMatchObject({ title: '待办 23 100%_done', type: 2, kind: 'flowTodo', creatorUser: '徐丽/xuli' });
    expect(JSON.parse(page1.data.list[1].bodyText)).toEqual({ type: 2, id: 'inst1' });
    expect(page1.data.list[1].releaseTime).toBeGreaterThan(page1.data.list[2].releaseTime);

    const page3 = await t.call('GET', '/api/message?currentPage=3&pageSize=10', { token: zhang });
    expect(page3.data.list.map((m: { title: string }) => m.title)).toEqual([
      '待办 04 100%_done',
      '待办 03 100%_done',
      '待办 02 100%_done',
      '待办 01 100%_done',
    ]);

    const asc = await t.call('GET', '/api/message?pageSize=2&sort=asc', { token: zhang });
    expect(asc.data.list.map((m: { title: string }) => m.title)).toEqual(['待办 01 100%_done', '待办 02 100%_done']);

    const notices = await t.call('GET', '/api/message?type=1', { token: zhang });
    expect(notices.data.list.map((m: { id: string }) => m.id)).toEqual([n1]);
    // JNPF clients send an empty type for "all".
    expect((await t.call('GET', '/api/message?type=&pageSize=1', { token: zhang })).data.pagination.total).toBe(24);

    const kw = await t.call('GET', `/api/message?keyword=${encodeURIComponent('待办 1')}`, { token: zhang });
    expect(kw.data.pagination.total).toBe(10);
    // LIKE wildcards in the keyword are plain characters.
    expect((await t.call('GET', `/api/message?keyword=${encodeURIComponent('%_d')}`, { token: zhang })).data.pagination.total).toBe(23);
    // Unescaped, '_' would match any character and find the notice too.
    expect((await t.call('GET', `/api/message?keyword=_`, { token: zhang })).data.pagination.total).toBe(23);

    expect(await counts(zhang)).toEqual({
      unreadNoticeCount: 1,
      unreadSystemMessageCount: 23,
      unreadMessageCount: 0,
      unreadTotalCount: 24,
    });
  });

  it('ReadInfo marks read once and answers the message; another user’s message or an unknown id is 404', async () => {
    await clearInbox(zhang);
    const { id } = await store({ toUserIds: [zhangId], title: '请审批' });
    const first = await t.call('GET', `/api/message/ReadInfo/${id}`, { token: zhang });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ id, title: '请审批', isRead: 1, type: 2 });
    const readAt = first.data.readTime;
    expect(typeof readAt).toBe('number');
    expect((await counts(zhang)).unreadTotalCount).toBe(0);
    // Opening it again keeps the first read time.
    expect((await t.call('GET', `/api/message/ReadInfo/${id}`, { token: zhang })).data.readTime).toBe(readAt);

    const other = await t.call('GET', `/api/message/ReadInfo/${id}`, { token: xu, headers: { 'accept-language': 'en' } });
    expect(other.status).toBe(404);
    expect(other.msg).toBe('The message does not exist or was deleted');
    expect((await t.call('GET', '/api/message/ReadInfo/nope', { token: zhang })).status).toBe(404);
    // An absurdly long id never reaches the database (the router's parameter limit).
    const long = await t.call('GET', `/api/message/ReadInfo/${'9'.repeat(300)}`, { token: zhang });
    expect([long.status, long.code]).toEqual([414, 400]);
  });

  it('ReadAll marks all mine (or one type) read, nobody else’s', async () => {
    await clearInbox(zhang);
    await clearInbox(xu);
    await store({ toUserIds: [zhangId, xuId] });
    await store({ toUserIds: [zhangId] });
    await notice('通知', [zhangId]);
    const systemOnly = await t.call('POST', '/api/message/Actions/ReadAll?type=2', { token: zhang });
    expect(systemOnly.data).toEqual({ count: 2 });
    expect(await counts(zhang)).toMatchObject({ unreadNoticeCount: 1, unreadSystemMessageCount: 0, unreadTotalCount: 1 });
    expect((await t.call('POST', '/api/message/Actions/ReadAll', { token: zhang })).data).toEqual({ count: 1 });
    expect((await counts(zhang)).unreadTotalCount).toBe(0);
    expect(await counts(xu)).toMatchObject({ unreadSystemMessageCount: 1, unreadTotalCount: 1 });
    const list = await t.call('GET', '/api/message', { token: zhang });
    expect(list.data.list.every((m: { isRead: number }) => m.isRead === 1)).toBe(true);
  });

  it('DELETE Record removes my rows only; a system message nobody holds goes, a notice stays', async () => {
    await clearInbox(zhang);
    await clearInbox(xu);
    const shared = await store({ toUserIds: [zhangId, xuId] });
    const mineOnly = await store({ toUserIds: [zhangId] });
    const n = await notice('通知', [zhangId]);

    // xuli cannot delete zhangwei's messages: the ids not in xuli's inbox are skipped.
    const foreign = await t.call('DELETE', '/api/message/Record', { token: xu, body: { ids: `${mineOnly.id},${n}` } });
    expect(foreign.data).toEqual({ count: 0 });
    expect((await t.call('GET', '/api/message', { token: zhang })).data.pagination.total).toBe(3);

    // JNPF's comma list and an array are both accepted.
    expect((await t.call('DELETE', '/api/message/Record', { token: zhang, body: { ids: `${shared.id},${mineOnly.id}` } })).data).toEqual({
      count: 2,
    });
    expect((await t.call('DELETE', '/api/message/Record', { token: zhang, body: { ids: [n, 'unknown'] } })).data).toEqual({ count: 1 });
    expect((await t.call('GET', '/api/message', { token: zhang })).data.pagination.total).toBe(0);
    // xuli still has the shared one, so it stays; the one only zhangwei held is gone; the notice stays.
    expect((await t.call('GET', `/api/message/ReadInfo/${shared.id}`, { token: xu })).status).toBe(200);
    const left = await t.ctx.db.selectFrom('messages').select('id').where('id', 'in', [shared.id!, mineOnly.id!, n]).execute();
    expect(left.map((r) => r.id).sort()).toEqual([shared.id!, n].sort());
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/message')).status).toBe(401);
    expect((await t.call('GET', '/api/message/UnreadCount')).status).toBe(401);
    expect((await t.call('DELETE', '/api/message/Record', { body: { ids: 'a' } })).status).toBe(401);
  });
});

describe('bad input', () => {
  const en = { 'accept-language': 'en' };

  it('refuses bad paging, types and keywords with a 400 naming the field', async () => {
    const bad = async (qs: string) => {
      const res = await t.call('GET', `/api/message?${qs}`, { token: zhang, headers: en });
      expect(res.status, qs).toBe(400);
      expect(res.code).toBe(400);
      return res.msg;
    };
    expect(await bad('type=7')).toBe('type: The message type must be 1 (notice), 2 (system message) or 3 (private message)');
    expect(await bad('type=abc')).toMatch(/^type: /);
    expect(await bad('type=1.5')).toMatch(/^type: /);
    expect(await bad('pageSize=0')).toMatch(/^pageSize: /);
    expect(await bad('pageSize=99999')).toMatch(/^pageSize: /);
    expect(await bad('currentPage=-1')).toMatch(/^currentPage: /);
    expect(await bad(`keyword=${'x'.repeat(5000)}`)).toMatch(/^keyword: /);
    expect(await bad('sort=sideways')).toMatch(/^sort: /);
    const readAll = await t.call('POST', '/api/message/Actions/ReadAll?type=9', { token: zhang, headers: en });
    expect(readAll.status).toBe(400);
  });

  it('refuses malformed and mistyped delete bodies', async () => {
    const del = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      t.call('DELETE', '/api/message/Record', { token: zhang, body: payload, headers: { ...headers, ...en } });
    const malformed = await del('{"ids": "a,');
    expect([malformed.status, malformed.msg]).toEqual([400, 'The request body is not valid JSON']);
    for (const body of [
      {},
      { ids: '' },
      { ids: ' , ,' },
      { ids: [] },
      { ids: 42 },
      { ids: [1, 2] },
      { ids: { a: 1 } },
      { ids: 'x'.repeat(50_000) },
      { ids: ['y'.repeat(41)] },
    ]) {
      const res = await del(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.msg).toMatch(/^ids(\.0)?: /);
    }
    const tooMany = await del({ ids: Array.from({ length: 1001 }, (_, i) => `m${i}`) });
    expect(tooMany.status).toBe(400);
  });
});

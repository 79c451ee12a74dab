import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../../test/harness.ts';
import { skipWithoutRedis, testRedisUrl } from '../../test/redis.ts';
import { hubOf } from './hub.ts';
import { pushStoredMessages, storeSystemMessages, type SystemMessageInput } from './system-messages.ts';
import { after, listen, SocketClient } from './test-client.ts';

/**
 * Stored messages over the socket: initMessage carries the real unread
 * counts, and a stored message is pushed (`messagePush`) to its receivers'
 * sockets only, on this process and, through Redis, on another.
 */
const userId = async (t: TestApp, account: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

const storeAndPush = async (t: TestApp, ctx: TestApp['ctx'], input: Pick<SystemMessageInput, 'toUserIds' | 'title'>) => {
  const stored = await t.ctx.db
    .transaction()
    .execute((trx) => storeSystemMessages(trx, { kind: 'flowTodo', body: { type: 2, id: 'i1' }, ...input }, Date.now()));
  pushStoredMessages(ctx, stored);
  return stored;
};

describe('one server', () => {
  let t: TestApp;
  let base: string;
  const clients: SocketClient[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });
  const open = async (token: string) => {
    const c = await SocketClient.open(`${base}/api/message/websocket/${encodeURIComponent(token)}`);
    clients.push(c);
    return c;
  };

  it('initMessage carries my unread counts by type', async () => {
    const token = await t.login('wangfang');
    const me = await userId(t, 'wangfang');
    // Start from an empty inbox whatever the seed's workflow samples left.
    await t.ctx.db.deleteFrom('messageReceives').where('userId', '=', me).execute();
    await storeAndPush(t, t.ctx, { toUserIds: [me], title: 'a' });
    await storeAndPush(t, t.ctx, { toUserIds: [me], title: 'b' });
    const c = await open(token);
    const init = await c.connect();
    expect(init).toMatchObject({ unreadNoticeCount: 0, unreadSystemMessageCount: 2, unreadMessageCount: 0, unreadTotalCount: 2 });
    // Reading one shows on the next connection.
    const list = await t.call('GET', '/api/message', { token });
    await t.call('GET', `/api/message/ReadInfo/${list.data.list[0].id}`, { token });
    const again = await open(token);
    expect((await again.connect()).unreadTotalCount).toBe(1);
  });

  it('pushes messagePush to the receivers’ sockets only, each hearing only its own id', async () => {
    const [zhang, xu, admin] = await Promise.all([t.login('zhangwei'), t.login('xuli'), t.login('admin')]);
    const [zhangId, xuId] = await Promise.all([userId(t, 'zhangwei'), userId(t, 'xuli')]);
    const z = await open(zhang);
    const x = await open(xu);
    const a = await open(admin);
    const unregistered = await open(zhang); // no OnConnection: not counted, not pushed to
    await Promise.all([z.connect(), x.connect(), a.connect()]);
    const stored = await storeAndPush(t, t.ctx, { toUserIds: [zhangId, xuId], title: '请审批 <b>x</b>' });
    const frame = { method: 'messagePush', userId: '', title: '请审批 <b>x</b>', unreadNoticeCount: 1, messageType: 2, id: stored.id };
    expect(await z.next('messagePush')).toEqual({ ...frame, toUserId: [zhangId] });
    expect(await x.next('messagePush')).toEqual({ ...frame, toUserId: [xuId] });
    const quiet = (c: SocketClient) =>
      Promise.race([c.next('messagePush', 300).then(() => 'heard'), after(400, 'quiet')]).catch(() => 'quiet');
    expect(await quiet(a)).toBe('quiet');
    expect(await quiet(unregistered)).toBe('quiet');
    // Nothing stored (all de-duplicated or nobody): nothing pushed.
    pushStoredMessages(t.ctx, { ...stored, id: null, toUserIds: [] });
    expect(await quiet(z)).toBe('quiet');
  });
});

describe.skipIf(skipWithoutRedis)('two servers through Redis', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createPeerApp>>;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl: testRedisUrl }, { shareable: true });
    b = await createPeerApp(a);
    await Promise.all([hubOf(a.ctx).ready(), hubOf(b.ctx).ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a message stored and pushed on A reaches the receiver’s socket on B, and B counts it', async () => {
    const token = await a.login('liuyang');
    const me = await userId(a, 'liuyang');
    const c = await SocketClient.open(`${await listen(b.app)}/api/message/websocket/${encodeURIComponent(token)}`);
    // The seed's workflow samples may already have left liuyang some to-dos.
    const before = (await c.connect()).unreadSystemMessageCount as number;
    const stored = await storeAndPush(a, a.ctx, { toUserIds: [me], title: '抄送' });
    expect(await c.next('messagePush', 3000)).toMatchObject({ id: stored.id, toUserId: [me], title: '抄送', messageType: 2 });
    const counts = await b.app.inject({ method: 'GET', url: '/api/message/UnreadCount', headers: { authorization: token } });
    expect(counts.json().data.unreadSystemMessageCount).toBe(before + 1);
    c.close();
  });
});

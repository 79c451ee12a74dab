import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../../test/harness.ts';
import { skipWithoutRedis, testRedisUrl } from '../../test/redis.ts';
import { hubOf } from './hub.ts';
import { after, listen, SocketClient } from './test-client.ts';

/**
 * Two server processes on one database, as behind a load balancer: a force
 * offline on server A reaches a socket held by server B, at once through Redis
 * when REDIS_URL is set, and at B's next session re-check without it.
 */
const redisUrl = testRedisUrl;

type Peer = Awaited<ReturnType<typeof createPeerApp>>;

async function forceOffline(a: TestApp, admin: string, account: string) {
  const list = await a.call('GET', `/api/system/OnlineUser?keyword=${account}`, { token: admin });
  const ids = list.data.list.map((r: { id: string }) => r.id);
  expect(ids.length).toBeGreaterThan(0);
  expect((await a.call('DELETE', '/api/system/OnlineUser', { token: admin, body: { ids } })).code).toBe(200);
}

describe('without Redis', () => {
  let a: TestApp;
  let b: Peer;
  beforeAll(async () => {
    a = await createTestApp({}, { shareable: true });
    b = await createPeerApp(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a revocation on A reaches B’s socket at B’s re-check', async () => {
    const admin = await a.login('admin');
    const token = await a.login('zhangwei');
    const c = await SocketClient.open(`${await listen(b.app)}/api/message/websocket/${encodeURIComponent(token)}`);
    await c.connect();
    await forceOffline(a, admin, 'zhangwei');
    // Nothing carries it to B by itself…
    expect(await Promise.race([c.next('logout', 300).then(() => 'pushed'), after(400, 'not yet')]).catch(() => 'not yet')).toBe('not yet');
    // …until B re-reads its sockets' sessions (every 15 s).
    expect(await hubOf(b.ctx).recheck()).toBe(1);
    expect((await c.next('logout')).msg).toBe('您已被管理员强制下线');
    await c.closed;
  });
});

describe.skipIf(skipWithoutRedis)('with Redis', () => {
  let a: TestApp;
  let b: Peer;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl }, { shareable: true });
    b = await createPeerApp(a);
    await Promise.all([hubOf(a.ctx).ready(), hubOf(b.ctx).ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a force offline on A reaches the socket on B at once; B’s users count as online on A', async () => {
    const admin = await a.login('admin');
    const token = await a.login('liuyang');
    const c = await SocketClient.open(`${await listen(b.app)}/api/message/websocket/${encodeURIComponent(token)}?lang=en`);
    await c.connect();

    // Presence and online broadcasts cross processes too.
    const watcher = await SocketClient.open(`${await listen(a.app)}/api/message/websocket/${encodeURIComponent(admin)}`);
    const init = await watcher.connect();
    const liuyang = (await a.ctx.db.selectFrom('users').select('id').where('account', '=', 'liuyang').executeTakeFirstOrThrow()).id;
    expect(init.onlineUsers).toContain(liuyang);
    expect((await c.next('online')).userId).not.toBe(liuyang);

    await forceOffline(a, admin, 'liuyang');
    // No re-check: Redis carried it.
    expect(await c.next('logout', 3000)).toEqual({ method: 'logout', msg: 'An administrator signed you out' });
    expect((await c.closed).code).toBe(4001);
    watcher.close();
  });

  it('apps on other databases share no channel', async () => {
    const other = await createTestApp({ redisUrl });
    try {
      await hubOf(other.ctx).ready();
      const token = await other.login('admin');
      const c = await SocketClient.open(`${await listen(other.app)}/api/message/websocket/${encodeURIComponent(token)}`);
      await c.connect();
      const admin = await a.login('admin');
      const zhoujie = await a.login('zhoujie');
      const d = await SocketClient.open(`${await listen(a.app)}/api/message/websocket/${encodeURIComponent(zhoujie)}`);
      await d.connect();
      // Same user ids exist in both seeds; an online broadcast on A must not reach the other database's sockets.
      expect(await Promise.race([c.next('online', 300).then(() => 'heard'), after(400, 'quiet')]).catch(() => 'quiet')).toBe('quiet');
      await forceOffline(a, admin, 'zhoujie');
      await d.next('logout');
      expect(c.open).toBe(true);
      c.close();
    } finally {
      await other.close();
    }
  });
});

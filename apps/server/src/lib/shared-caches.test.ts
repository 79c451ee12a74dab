import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../test/harness.ts';
import { skipWithoutRedis, testRedisUrl } from '../test/redis.ts';
import { sharedCachesReady } from './shared-caches.ts';

/**
 * Two server processes on one database and one Redis, as behind a load
 * balancer: what an administrator changes on A (a role switched off, a
 * setting) is what B answers with on the very next call, although B had it
 * cached. Without Redis, B would answer from its cache until the entry expired.
 */
type Peer = Awaited<ReturnType<typeof createPeerApp>>;

async function onB(b: Peer, url: string, token: string) {
  const res = await b.app.inject({ method: 'GET', url, headers: { authorization: token } });
  return res.json() as { code: number; data: { menuList: unknown[]; sysConfigInfo: { sysName: string } } };
}

describe.skipIf(skipWithoutRedis)('shared caches across two processes with Redis', () => {
  let a: TestApp;
  let b: Peer;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl: testRedisUrl }, { shareable: true });
    b = await createPeerApp(a);
    await Promise.all([sharedCachesReady(a.ctx), sharedCachesReady(b.ctx)]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a role switched off on A takes its menus away on B at once', async () => {
    const admin = await a.login('admin');
    const doctor = await a.login('zhangwei');
    const before = await onB(b, '/api/oauth/CurrentUser', doctor);
    expect(before.code).toBe(200);
    expect(before.data.menuList.length).toBeGreaterThan(0);

    const role = await a.ctx.db.selectFrom('roles').select('id').where('enCode', '=', 'countyDoctor').executeTakeFirstOrThrow();
    expect((await a.call('PUT', `/api/permission/Role/${role.id}/Actions/State`, { token: admin })).code).toBe(200);
    try {
      await expect
        .poll(async () => (await onB(b, '/api/oauth/CurrentUser', doctor)).data.menuList.length, { timeout: 2000 })
        .toBeLessThan(before.data.menuList.length);
    } finally {
      expect((await a.call('PUT', `/api/permission/Role/${role.id}/Actions/State`, { token: admin })).code).toBe(200);
    }
    await expect
      .poll(async () => (await onB(b, '/api/oauth/CurrentUser', doctor)).data.menuList.length, { timeout: 2000 })
      .toBe(before.data.menuList.length);
  });

  it("a user's roles changed on A show in B's users list at once", async () => {
    const admin = await a.login('admin');
    const doctor = await a.ctx.db.selectFrom('users').selectAll().where('account', '=', 'zhangwei').executeTakeFirstOrThrow();
    const info = (await a.call('GET', `/api/permission/Users/${doctor.id}`, { token: admin })).data;
    const ids = (joined: string) => (joined ? joined.split(',') : []);
    const roleIds = ids(info.roleId);
    const listed = async () => {
      const res = await b.app.inject({ method: 'GET', url: '/api/permission/Users?keyword=zhangwei', headers: { authorization: admin } });
      return (res.json() as { data: { list: { roleName: string }[] } }).data.list[0]!.roleName;
    };
    const before = await listed();
    const edit = (roleId: string[]) =>
      a.call('PUT', `/api/permission/Users/${doctor.id}`, {
        token: admin,
        body: {
          account: doctor.account,
          realName: doctor.realName,
          organizeId: ids(info.organizeId),
          positionId: ids(info.positionId),
          roleId,
        },
      });
    expect((await edit([...roleIds, '200000000000000001'])).code).toBe(200);
    try {
      await expect.poll(listed, { timeout: 2000 }).toContain('系统管理员');
    } finally {
      expect((await edit(roleIds)).code).toBe(200);
    }
    await expect.poll(listed, { timeout: 2000 }).toBe(before);
  });

  it('a setting changed on A applies on B at once', async () => {
    const admin = await a.login('admin');
    const doctor = await a.login('zhangwei');
    const before = (await onB(b, '/api/oauth/CurrentUser', doctor)).data.sysConfigInfo.sysName;
    const res = await a.call('PUT', '/api/system/SysConfig', { token: admin, body: { sysName: '共享缓存测试平台' } });
    expect(res.code, res.msg).toBe(200);
    try {
      await expect
        .poll(async () => (await onB(b, '/api/oauth/CurrentUser', doctor)).data.sysConfigInfo.sysName, { timeout: 2000 })
        .toBe('共享缓存测试平台');
    } finally {
      await a.call('PUT', '/api/system/SysConfig', { token: admin, body: { sysName: before } });
    }
  });
});

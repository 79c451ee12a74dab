import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { md5 } from '../../lib/crypto.ts';
import { setSysConfig } from '../system/sys-config.service.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  endedSessions,
  onSessionsEnded,
  revokeSessionsBySid,
  revokeUserSessions,
  revokeUserSessionsIn,
  type SessionsEnded,
} from './sessions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sessions', () => {
  it('CurrentUser answers userInfo, menuList, permissionList and sysConfigInfo', async () => {
    const token = await t.login('admin');
    const res = await t.call('GET', '/api/oauth/CurrentUser', { token });
    expect(res.code).toBe(200);
    const { userInfo, menuList, permissionList, sysConfigInfo } = res.data;
    expect(userInfo).toMatchObject({
      userAccount: 'admin',
      isAdministrator: true,
      organizeName: '青山县医疗健康集团',
      departmentName: '信息中心',
    });
    expect(userInfo.systemIds.length).toBe(2);
    expect(userInfo.systemIds.filter((s: { currentSystem: boolean }) => s.currentSystem)).toHaveLength(1);
    const types = new Set<number>();
    const walk = (nodes: { type: number; children: never[] }[]) => nodes.forEach((n) => (types.add(n.type), walk(n.children)));
    walk(menuList);
    // The main system carries every menu type of spec §2.3 except the second system's.
    expect([...types].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(
      permissionList.find((p: { moduleName: string }) => p.moduleName === '用户管理').button.map((b: { enCode: string }) => b.enCode),
    ).toContain('btn_add');
    expect(sysConfigInfo.sysName).toBeTruthy();
  });

  it('a village doctor sees only the menus of their role', async () => {
    const token = await t.login('dengshan');
    const res = await t.call('GET', '/api/oauth/CurrentUser', { token });
    const titles: string[] = [];
    const walk = (nodes: { fullName: string; children: never[] }[]) => nodes.forEach((n) => (titles.push(n.fullName), walk(n.children)));
    walk(res.data.menuList);
    expect(titles).toContain('居民档案');
    expect(titles).toContain('健康档案管理'); // the directory above a granted page
    expect(titles).not.toContain('用户管理');
    expect(titles).not.toContain('超声登记');
    expect(res.data.userInfo.isAdministrator).toBe(false);
    expect(res.data.userInfo.systemIds).toHaveLength(1);
  });

  it('records the previous sign-in for the last-login toast', async () => {
    const first = await t.login('sunli');
    let info = (await t.call('GET', '/api/oauth/CurrentUser', { token: first })).data.userInfo;
    expect(info.prevLogin).toBe(0);
    const second = await t.login('sunli');
    info = (await t.call('GET', '/api/oauth/CurrentUser', { token: second })).data.userInfo;
    expect(info.prevLogin).toBe(1);
    expect(info.prevLoginTime).toBeGreaterThan(0);
    expect(info.prevLoginIPAddressName).toBe('LAN');
  });

  it('no token: 401 with code 600', async () => {
    const res = await t.call('GET', '/api/oauth/CurrentUser');
    expect(res.status).toBe(401);
    expect(res.code).toBe(600);
  });

  it('a forged token: 602', async () => {
    const res = await t.call('GET', '/api/oauth/CurrentUser', { token: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.status).toBe(401);
    expect(res.code).toBe(602);
    const garbage = await t.call('GET', '/api/oauth/CurrentUser', { token: "Bearer ' OR 1=1 --" });
    expect(garbage.code).toBe(602);
  });

  it('after logout the token is dead: 600', async () => {
    const token = await t.login('zhaomin');
    expect((await t.call('GET', '/api/oauth/Logout', { token })).code).toBe(200);
    const res = await t.call('GET', '/api/oauth/CurrentUser', { token });
    expect(res.code).toBe(600);
  });

  it('an idle session expires: 600', async () => {
    const token = await t.login('wuqing');
    await t.ctx.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1 })
      .where('userId', '=', '500000000000000009')
      .execute();
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
  });

  it('single sign-in mode: an older session answers 601', async () => {
    await setSysConfig(t.ctx, { singleLogin: true });
    const older = await t.login('zhenghao');
    const newer = await t.login('zhenghao');
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: older })).code).toBe(601);
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: newer })).code).toBe(200);
    await setSysConfig(t.ctx, { singleLogin: false });
  });

  it('lock screen: unlock checks the signed-in account and password', async () => {
    const token = await t.login('fengtao');
    const good = await t.call('POST', '/api/oauth/LockScreen', { token, body: { account: 'fengtao', password: md5('demo123') } });
    expect(good.code).toBe(200);
    const bad = await t.call('POST', '/api/oauth/LockScreen', { token, body: { account: 'fengtao', password: md5('nope') } });
    expect(bad.code).toBe(400);
    const other = await t.call('POST', '/api/oauth/LockScreen', { token, body: { account: 'admin', password: md5('admin123') } });
    expect(other.code).toBe(400);
  });

  it('the token never lands in the database in clear', async () => {
    const token = await t.login('heyun');
    const raw = token.slice(7);
    const rows = await t.ctx.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((r) => r.id === raw)).toBe(false);
  });

  it('every revocation is announced once, after it is written, with the public ids of the live sessions it ended', async () => {
    const heard: SessionsEnded[] = [];
    const off = onSessionsEnded(t.ctx, (e) => heard.push(e));
    try {
      const userId = (await t.ctx.db.selectFrom('users').select('id').where('account', '=', 'zhenghao').executeTakeFirstOrThrow()).id;
      const token = await t.login('zhenghao');
      const sid = (
        await t.ctx.db
          .selectFrom('sessions')
          .select('sid')
          .where('id', '=', sha256(token.slice(7)))
          .executeTakeFirstOrThrow()
      ).sid;
      expect(await revokeSessionsBySid(t.ctx, [sid, 'nosuchsid'], 'offline')).toBe(1);
      // Already ended: nothing new to announce.
      expect(await revokeSessionsBySid(t.ctx, [sid], 'offline')).toBe(0);
      expect(heard).toEqual([{ sids: [sid], reason: 'offline' }]);
      expect((await endedSessions(t.ctx, [sha256(token.slice(7)), 'gone'])).get(sha256(token.slice(7)))).toBe('offline');

      const a = await t.login('zhenghao');
      const b = await t.login('zhenghao');
      heard.length = 0;
      expect(await revokeUserSessions(t.ctx, userId, 'disabled')).toBeGreaterThanOrEqual(2);
      expect(heard).toHaveLength(1);
      expect(heard[0]!.reason).toBe('disabled');
      // A rolled-back transaction announces nothing and ends nothing.
      const c = await t.login('zhenghao');
      heard.length = 0;
      await expect(
        t.ctx.db.transaction().execute(async (trx) => {
          const ended = await revokeUserSessionsIn(trx, userId, 'offline');
          expect(ended.sids).toHaveLength(1);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(heard).toEqual([]);
      expect((await t.call('GET', '/api/oauth/CurrentUser', { token: c })).code).toBe(200);
      for (const tok of [a, b]) expect((await t.call('GET', '/api/oauth/CurrentUser', { token: tok })).code).toBe(601);
    } finally {
      off();
    }
  });
});

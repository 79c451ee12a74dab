import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('online users', () => {
  it('lists live sessions with user, organisation, address and sign-in time', async () => {
    const doctor = await t.login('zhaomin');
    const gone = await t.login('sunli');
    await t.call('GET', '/api/oauth/Logout', { token: gone });
    const res = await t.call('GET', '/api/system/OnlineUser?pageSize=50', { token: admin });
    expect(res.code).toBe(200);
    const accounts = res.data.list.map((r: { userAccount: string }) => r.userAccount);
    expect(accounts).toContain('zhaomin');
    expect(accounts).toContain('admin');
    expect(accounts).not.toContain('sunli'); // signed out
    const row = res.data.list.find((r: { userAccount: string }) => r.userAccount === 'zhaomin');
    expect(row).toMatchObject({
      userName: '赵敏/zhaomin',
      organize: '青山县医疗健康集团/青山县人民医院/妇产科',
      loginIPAddress: '127.0.0.1',
      current: false,
    });
    expect(row.loginTime).toBeGreaterThan(0);
    expect(res.data.list.find((r: { userAccount: string }) => r.userAccount === 'admin').current).toBe(true);
    const kw = await t.call('GET', '/api/system/OnlineUser?keyword=zhao', { token: admin });
    expect(kw.data.list.map((r: { userAccount: string }) => r.userAccount)).toEqual(['zhaomin']);
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: doctor })).code).toBe(200);
  });

  it('forces a session offline: the owner’s next call answers 601', async () => {
    const doctor = await t.login('zhaomin');
    const sid = (await t.call('GET', '/api/system/OnlineUser?keyword=zhaomin', { token: admin })).data.list[0].id;
    expect((await t.call('DELETE', `/api/system/OnlineUser/${sid}`, { token: admin })).code).toBe(200);
    const next = await t.call('GET', '/api/oauth/CurrentUser', { token: doctor, headers: { 'accept-language': 'en' } });
    expect(next.status).toBe(401);
    expect(next.code).toBe(601);
    expect(next.msg).toBe('An administrator signed you out');
    expect((await t.call('DELETE', `/api/system/OnlineUser/${sid}`, { token: admin })).status).toBe(404);
  });

  it('forces several at once; never the caller’s own current session', async () => {
    const a = await t.login('wuqing');
    const b = await t.login('fengtao');
    const list = (await t.call('GET', '/api/system/OnlineUser?pageSize=100', { token: admin })).data.list as {
      id: string;
      userAccount: string;
      current: boolean;
    }[];
    const ids = list.filter((r) => ['wuqing', 'fengtao'].includes(r.userAccount)).map((r) => r.id);
    expect((await t.call('DELETE', '/api/system/OnlineUser', { token: admin, body: { ids } })).data).toEqual({ count: 2 });
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: a })).code).toBe(601);
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: b })).code).toBe(601);
    const mine = list.find((r) => r.current)!.id;
    expect((await t.call('DELETE', `/api/system/OnlineUser/${mine}`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: admin })).code).toBe(200);
  });

  it('needs the onlineUser menu and its btn_forced button', async () => {
    const doctor = await t.login('linhua');
    expect((await t.call('GET', '/api/system/OnlineUser', { token: doctor })).status).toBe(403);
    expect((await t.call('DELETE', '/api/system/OnlineUser/1', { token: doctor })).status).toBe(403);
  });
});

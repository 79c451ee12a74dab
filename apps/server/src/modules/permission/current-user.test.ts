import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { md5 } from '../../lib/crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = '/api/permission/Users/Current';

describe('current user', () => {
  it('reads and updates my base info', async () => {
    const token = await t.login('liuyang');
    const info = await t.call('GET', `${base}/BaseInfo`, { token });
    expect(info.data).toMatchObject({
      account: 'liuyang',
      realName: '刘洋',
      organizeName: '内科',
      positionName: '主治医师',
      roleName: '县级医生',
    });
    const put = await t.call('PUT', `${base}/BaseInfo`, {
      token,
      body: { realName: '刘洋', mobilePhone: '13912345678', email: 'ly@qingshan.example', signature: '<b>hi</b>' },
    });
    expect(put.code).toBe(200);
    const after = await t.call('GET', `${base}/BaseInfo`, { token });
    expect(after.data).toMatchObject({ mobilePhone: '13912345678', signature: '<b>hi</b>' });
  });

  it('CurrentUser names my positions as they are now: a rename shows at once', async () => {
    const admin = await t.login('admin');
    const token = await t.login('liuyang');
    const userInfo = async () => (await t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo;
    const before = await userInfo();
    expect(before.positionName).toBe('主治医师');
    const id = before.positionIds[0].id;
    const position = (await t.call('GET', `/api/permission/Position/${id}`, { token: admin })).data;
    const rename = (fullName: string) =>
      t.call('PUT', `/api/permission/Position/${id}`, {
        token: admin,
        body: { organizeId: position.organizeId, fullName, enCode: position.enCode },
      });
    expect((await rename('主治医师（内科）')).code).toBe(200);
    expect(await userInfo()).toMatchObject({ positionName: '主治医师（内科）', positionIds: [{ id, name: '主治医师（内科）' }] });
    expect((await rename('主治医师')).code).toBe(200);
    expect((await userInfo()).positionName).toBe('主治医师');
  });

  it('refuses invalid profile fields and changes nothing', async () => {
    const token = await t.login('liuyang');
    const before = (await t.call('GET', `${base}/BaseInfo`, { token })).data;
    for (const body of [
      { realName: '刘洋', mobilePhone: '12345' },
      { realName: '刘洋', email: 'not-an-email' },
      { realName: "x'; DROP TABLE users; --" },
      { realName: 'a'.repeat(10_000) },
      { realName: 42 },
      {},
    ]) {
      const res = await t.call('PUT', `${base}/BaseInfo`, { token, body, headers: { 'accept-language': 'en-US' } });
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(/^\w+: /);
    }
    expect((await t.call('GET', `${base}/BaseInfo`, { token })).data).toEqual(before);
  });

  it('changes my password: old one checked, weak refused, other sessions end', async () => {
    const mine = await t.login('chenjing');
    const other = await t.login('chenjing');
    const wrongOld = await t.call('POST', `${base}/Actions/ModifyPassword`, {
      token: mine,
      body: { oldPassword: md5('nope'), password: md5('Better2026') },
    });
    expect(wrongOld.msg).toBe('原密码错误');
    const weak = await t.call('POST', `${base}/Actions/ModifyPassword`, {
      token: mine,
      body: { oldPassword: md5('demo123'), password: md5('abc123') },
    });
    expect(weak.msg).toBe('新密码过于简单，请换一个');
    const okRes = await t.call('POST', `${base}/Actions/ModifyPassword`, {
      token: mine,
      body: { oldPassword: md5('demo123'), password: md5('Better2026') },
    });
    expect(okRes.code).toBe(200);
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: mine })).code).toBe(200);
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: other })).code).toBe(600);
    await expect(t.login('chenjing')).rejects.toThrow();
    expect(await t.login('chenjing', 'Better2026')).toMatch(/^Bearer /);
  });

  it('saves layout and language on the server', async () => {
    const token = await t.login('zhoujie');
    expect((await t.call('PUT', `${base}/SystemTheme`, { token, body: { theme: 'blend' } })).code).toBe(200);
    expect((await t.call('PUT', `${base}/SystemTheme`, { token, body: { theme: 'sideways' } })).status).toBe(400);
    expect((await t.call('PUT', `${base}/SystemLanguage`, { token, body: { language: 'en' } })).code).toBe(200);
    const info = (await t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo;
    expect(info).toMatchObject({ theme: 'blend', language: 'en' });
    // The next sign-in answers the saved layout.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account: 'zhoujie', password: md5('demo123') }).toString(),
    });
    expect(res.json().data.theme).toBe('blend');
  });

  it('sets the avatar to an uploaded image name, refusing paths', async () => {
    const token = await t.login('wangfang');
    expect((await t.call('PUT', `${base}/Avatar/20261121_123.png`, { token })).data.headIcon).toBe(
      '/api/file/Image/userAvatar/20261121_123.png',
    );
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'x.exe', '%00.png']) {
      expect((await t.call('PUT', `${base}/Avatar/${bad}`, { token })).status).toBe(400);
    }
  });

  it('lists my own sign-ins only, paged', async () => {
    const token = await t.login('sunli');
    await t.login('sunli');
    const res = await t.call('GET', `${base}/SystemLog?currentPage=1&pageSize=1`, { token });
    expect(res.data.pagination).toMatchObject({ currentPage: 1, pageSize: 1 });
    expect(res.data.pagination.total).toBeGreaterThanOrEqual(2);
    expect(res.data.list).toHaveLength(1);
    const all = await t.call('GET', `${base}/SystemLog?pageSize=500`, { token });
    expect(all.data.list.every((r: { account: string }) => r.account === 'sunli')).toBe(true);
    expect((await t.call('GET', `${base}/SystemLog?pageSize=abc`, { token })).status).toBe(400);
  });
});

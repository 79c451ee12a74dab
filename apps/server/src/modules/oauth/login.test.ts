import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../../test/harness.ts';
import { md5 } from '../../lib/crypto.ts';
import { setSysConfig } from '../system/sys-config.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (fields: Record<string, string>, lang = 'zh-CN') =>
  t.app.inject({ method: 'POST', url: '/api/oauth/Login', ...form(fields), headers: { ...form(fields).headers, 'accept-language': lang } });

describe('POST /api/oauth/Login', () => {
  it('signs in with the MD5 password and answers token, sid and theme', async () => {
    const res = await login({
      account: 'admin',
      password: md5('admin123'),
      grant_type: 'password',
      scope: 'all',
      client_id: 'admin',
      client_secret: '123456',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(body.data.sid).toMatch(/^\d+$/);
    expect(body.data.theme).toBe('classic');
  });

  it('refuses an unknown user as it refuses a wrong password (guessing.test.ts tries the rest)', async () => {
    const res = await login({ account: 'nobody', password: md5('x') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '用户名或密码不正确，还可尝试 4 次' });
  });

  it('answers in the caller language', async () => {
    const res = await login({ account: 'nobody', password: md5('x') }, 'en-US');
    expect(res.json().msg).toBe('Wrong account or password, 3 attempts left');
    const tw = await login({ account: 'nobody', password: md5('x') }, 'zh-TW');
    expect(tw.json().msg).toBe('用戶名或密碼不正確，還可嘗試 2 次');
  });

  it('refuses a plain-text password: only an MD5 digest is accepted', async () => {
    const res = await login({ account: 'admin', password: 'admin123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('password');
  });

  it('names the missing field', async () => {
    const res = await login({ password: md5('x') }, 'en-US');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^account: /);
  });

  it('counts failures, then asks for the captcha, then locks', async () => {
    await setSysConfig(t.ctx, { captchaAfterFailures: 2, lockAfterFailures: 4, lockMinutes: 10 });
    const wrong = () => login({ account: 'liuyang', password: md5('wrong') });
    let res = await wrong();
    expect(res.json().msg).toBe('用户名或密码不正确，还可尝试 3 次');
    res = await wrong();
    expect(res.json().data).toEqual({ enableVerificationCode: true, verificationCodeNumber: 4 });

    const cfg = await t.call('GET', '/api/oauth/getConfig/liuyang');
    expect(cfg.data.enableVerificationCode).toBe(true);

    // The right password without the captcha is still refused.
    res = await login({ account: 'liuyang', password: md5('demo123') });
    expect(res.json().msg).toBe('请输入验证码');

    // With a real captcha read back from the store, the wrong password counts on.
    for (let i = 0; i < 2; i++) {
      const stamp = `stamp${i}x`;
      const img = await t.app.inject({ method: 'GET', url: `/api/oauth/ImageCode/4/${stamp}` });
      expect(img.headers['content-type']).toContain('image/svg+xml');
      const { code } = await t.ctx.db.selectFrom('captchas').select('code').where('id', '=', stamp).executeTakeFirstOrThrow();
      res = await login({ account: 'liuyang', password: md5('wrong'), code, timestamp: stamp });
    }
    expect(res.json().msg).toBe('账号已被锁定，请 10 分钟后再试或联系管理员解锁');
    // Locked: even the right password is refused, before the captcha is looked at.
    res = await login({ account: 'liuyang', password: md5('demo123') });
    expect(res.json().msg).toContain('锁定');
    await setSysConfig(t.ctx, { captchaAfterFailures: 3, lockAfterFailures: 5 });
  });

  it('a captcha is single use', async () => {
    await setSysConfig(t.ctx, { captchaAfterFailures: 0 });
    await t.app.inject({ method: 'GET', url: '/api/oauth/ImageCode/4/onceonly' });
    const { code } = await t.ctx.db.selectFrom('captchas').select('code').where('id', '=', 'onceonly').executeTakeFirstOrThrow();
    const first = await login({ account: 'chenjing', password: md5('demo123'), code, timestamp: 'onceonly' });
    expect(first.json().code).toBe(200);
    const again = await login({ account: 'chenjing', password: md5('demo123'), code, timestamp: 'onceonly' });
    expect(again.json().msg).toBe('验证码错误或已过期');
    await setSysConfig(t.ctx, { captchaAfterFailures: 3 });
  });

  it('refuses a disabled account', async () => {
    await t.ctx.db.updateTable('users').set({ enabledMark: 0 }).where('account', '=', 'yangfan').execute();
    const res = await login({ account: 'yangfan', password: md5('demo123') });
    expect(res.json().msg).toBe('账号被禁用');
  });

  it('treats SQL and HTML in the account as plain text', async () => {
    const before = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const account of ["admin' OR '1'='1", 'admin"; DROP TABLE users; --', '<script>alert(1)</script>']) {
      const res = await login({ account, password: md5('admin123') });
      expect(res.json().msg).toBe('用户名或密码不正确，还可尝试 4 次');
    }
    const after = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('writes every attempt to the login log, saying the name does not exist', async () => {
    const rows = await t.ctx.db.selectFrom('loginLogs').select(['account', 'success', 'message']).where('account', '=', 'nobody').execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.success === 0 && r.message === 'login.unknownUser')).toBe(true);
  });
});

describe('bad requests get the envelope', () => {
  it('wrong content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      payload: 'account=admin',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(400);
  });

  it('malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      payload: '{"account":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '请求体不是有效的 JSON' });
  });

  it('a 10 MB body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      payload: `account=${'a'.repeat(10 * 1024 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(413);
  });

  it('a 10 MB body without a session is refused before it is read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: JSON.stringify({ account: 'x'.repeat(10 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(600);
  });

  it('an unknown endpoint', async () => {
    const res = await t.call('GET', '/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
  });

  it('security headers are set', async () => {
    const res = await t.call('GET', '/api/oauth/getConfig/admin');
    expect(res.raw.headers['x-content-type-options']).toBe('nosniff');
    expect(res.raw.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

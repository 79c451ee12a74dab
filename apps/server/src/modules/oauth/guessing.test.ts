import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPeerApp, createTestApp, type TestApp } from '../../test/harness.ts';
import { skipWithoutRedis, testRedisUrl } from '../../test/redis.ts';
import { md5 } from '../../lib/crypto.ts';
import { setSysConfig } from '../system/sys-config.service.ts';

/**
 * Sign-in resists guessing: an unknown name is answered exactly as a wrong
 * password (message, remaining attempts, captcha, lock, time), and one
 * address may fail only so often across all accounts, whatever
 * X-Forwarded-For it claims.
 */

interface Attempt {
  account: string;
  password: string;
  ip?: string;
  lang?: string;
  headers?: Record<string, string>;
  captcha?: boolean;
}

/** A password sign-in as the login page sends it, from a given client address. */
async function signIn(t: TestApp, app: FastifyInstance, a: Attempt) {
  const fields: Record<string, string> = { account: a.account, password: a.password, grant_type: 'password', scope: 'all' };
  if (a.captcha) {
    // A real captcha: drawn by the server, its answer read back from the store.
    const stamp = `s${Math.random().toString(36).slice(2, 12)}`;
    await app.inject({ method: 'GET', url: `/api/oauth/ImageCode/4/${stamp}`, remoteAddress: a.ip ?? '127.0.0.1' });
    fields.code = (await t.ctx.db.selectFrom('captchas').select('code').where('id', '=', stamp).executeTakeFirstOrThrow()).code;
    fields.timestamp = stamp;
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    remoteAddress: a.ip ?? '127.0.0.1',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': a.lang ?? 'zh-CN', ...a.headers },
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

const WRONG = md5('Spring2026!');

describe('an unknown account answers as a wrong password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const answer = async (account: string, captcha: boolean, lang = 'zh-CN') => {
    const { status, body } = await signIn(t, t.app, { account, password: WRONG, ip: '198.51.100.10', captcha, lang });
    const config = await t.call('GET', `/api/oauth/getConfig/${encodeURIComponent(account)}`);
    return { status, body, config: config.data };
  };

  it('same message, remaining attempts, captcha and lock, step by step', async () => {
    // Captcha after 3 failures, lock after 5: the defaults.
    const steps: { captcha: boolean; msg: string }[] = [
      { captcha: false, msg: '用户名或密码不正确，还可尝试 4 次' },
      { captcha: false, msg: '用户名或密码不正确，还可尝试 3 次' },
      { captcha: false, msg: '用户名或密码不正确，还可尝试 2 次' },
      { captcha: false, msg: '请输入验证码' },
      { captcha: true, msg: '用户名或密码不正确，还可尝试 1 次' },
      { captcha: true, msg: '账号已被锁定，请 10 分钟后再试或联系管理员解锁' },
      { captcha: false, msg: '账号已被锁定，请 10 分钟后再试或联系管理员解锁' },
    ];
    for (const step of steps) {
      const known = await answer('liuyang', step.captcha);
      const unknown = await answer('liuyang-x', step.captcha);
      expect(unknown).toEqual(known);
      expect(known.status).toBe(400);
      expect(known.body.msg).toBe(step.msg);
    }
    expect((await answer('liuyang-x', false)).config).toEqual({ enableVerificationCode: true, verificationCodeNumber: 4 });
  });

  it('in every language, and for a name differing only in case', async () => {
    for (const lang of ['en-US', 'zh-TW']) {
      const known = await answer('zhaomin', false, lang);
      const unknown = await answer('ZhaoMin', false, lang);
      expect(unknown).toEqual(known);
    }
    expect((await answer('ZHAOMIN', false, 'en-US')).body.msg).toBe('Wrong account or password, 4 attempts left');
  });

  it('a disabled account is named only to whoever knows its password', async () => {
    await t.ctx.db.updateTable('users').set({ enabledMark: 0 }).where('account', '=', 'yangfan').execute();
    expect(await answer('yangfan', false)).toEqual(await answer('yangfan-x', false));
    const right = await signIn(t, t.app, { account: 'yangfan', password: md5('demo123'), ip: '198.51.100.10' });
    expect(right.body.msg).toBe('账号被禁用');
  });

  it('the sign-in log still tells administrators which it was', async () => {
    const rows = await t.ctx.db
      .selectFrom('loginLogs')
      .select(['account', 'userId', 'message'])
      .where('account', 'in', ['liuyang', 'liuyang-x'])
      .execute();
    const unknown = rows.filter((r) => r.account === 'liuyang-x');
    expect(unknown).toHaveLength(8);
    expect(unknown.every((r) => r.message === 'login.unknownUser' && r.userId === null)).toBe(true);
    expect(rows.filter((r) => r.account === 'liuyang').map((r) => r.message)).toContain('login.wrongPassword');
  });
});

describe('an unknown account takes as long as a wrong password', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production's argon2 cost (the suite's usual one is cheap): the hash must dominate, as it does for an attacker.
    t = await createTestApp({ argon2: { memoryCost: 19456, timeCost: 2 } });
    await setSysConfig(t.ctx, { captchaAfterFailures: 20, lockAfterFailures: 50, addressFailureLimit: 1000 });
  });
  afterAll(() => t.close());

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const timed = async (account: string) => {
    const start = performance.now();
    const res = await signIn(t, t.app, { account, password: WRONG, ip: '198.51.100.20' });
    expect(res.status).toBe(400);
    return performance.now() - start;
  };

  it('median times within a factor of two over 20 tries each', async () => {
    const unknown: number[] = [];
    const known: number[] = [];
    await timed('nobody-at-all'); // the first makes the dummy hash
    // Interleaved, so a busy moment of the machine slows both alike.
    for (let i = 0; i < 19; i++) {
      unknown.push(await timed('nobody-at-all'));
      known.push(await timed('zhangwei'));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms, known ${median(known).toFixed(1)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('per-address limit of failed sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setSysConfig(t.ctx, { addressFailureLimit: 5, addressWindowSeconds: 600 });
  });
  afterAll(() => t.close());

  it('a spray of one password over many accounts from one address is stopped', async () => {
    const accounts = ['zhangwei', 'liuyang', 'chenjing', 'zhaomin', 'not-a-user', 'fengtao', 'yangfan', 'admin'];
    const answers = [];
    for (const account of accounts) answers.push(await signIn(t, t.app, { account, password: WRONG, ip: '203.0.113.1' }));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const refused = answers[5]!;
    expect(refused.body).toEqual({ code: 429, msg: '此地址登录失败次数过多，请 10 分钟后再试', data: null });
    expect(Number(refused.retryAfter)).toBeGreaterThan(590);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600);
    // Refused before the password is looked at: the accounts behind the limit counted nothing.
    const fengtao = await t.ctx.db.selectFrom('users').select('logErrorCount').where('account', '=', 'fengtao').executeTakeFirstOrThrow();
    expect(fengtao.logErrorCount).toBe(0);

    // Even the right password waits; in English too.
    const right = await signIn(t, t.app, { account: 'admin', password: md5('admin123'), ip: '203.0.113.1', lang: 'en-US' });
    expect(right.status).toBe(429);
    expect(right.body.msg).toBe('Too many failed sign-ins from this address; try again in 10 min');
    // Another address is not held up.
    expect((await signIn(t, t.app, { account: 'admin', password: md5('admin123'), ip: '203.0.113.2' })).status).toBe(200);
  });

  it('successful sign-ins do not count', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await signIn(t, t.app, { account: 'admin', password: md5('admin123'), ip: '203.0.113.3' })).status).toBe(200);
    }
  });

  it('a forged X-Forwarded-For does not reset the limit (no proxy is trusted by default)', async () => {
    expect(t.ctx.config.trustProxy).toBe(false);
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const res = await signIn(t, t.app, {
        account: 'chenjing',
        password: WRONG,
        ip: '203.0.113.4',
        captcha: true,
        headers: { 'x-forwarded-for': `10.9.${i}.${i + 1}`, 'x-real-ip': `10.8.${i}.1` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // The log records the connection's address, never the claimed one.
    const claimed = await t.ctx.db.selectFrom('loginLogs').select('ip').where('ip', 'like', '10.%').execute();
    expect(claimed).toEqual([]);
  });

  it('wrong SMS codes count as failed sign-ins; the window ends', async () => {
    const ip = '203.0.113.5';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/LoginBySms',
        remoteAddress: ip,
        payload: { account: '13800000003', code: '000000' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await signIn(t, t.app, { account: 'admin', password: md5('admin123'), ip })).status).toBe(429);
    await t.ctx.db
      .updateTable('signinThrottle')
      .set({ resetAt: Date.now() - 1 })
      .where('key', '=', `signin:${ip}`)
      .execute();
    expect((await signIn(t, t.app, { account: 'admin', password: md5('admin123'), ip })).status).toBe(200);
  });

  it('the limits are system settings with checked ranges', async () => {
    const token = await t.login('admin');
    const bad = await t.call('PUT', '/api/system/SysConfig', { token, body: { addressFailureLimit: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^addressFailureLimit: /);
    const saved = await t.call('PUT', '/api/system/SysConfig', { token, body: { addressWindowSeconds: 60, addressSmsLimit: 7 } });
    expect(saved.data).toMatchObject({ addressFailureLimit: 5, addressWindowSeconds: 60, addressSmsLimit: 7 });
  });
});

describe('per-address limit of SMS-code requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setSysConfig(t.ctx, { addressSmsLimit: 3, addressWindowSeconds: 300 });
  });
  afterAll(() => t.close());

  const ask = (account: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/oauth/SmsCode', remoteAddress: ip, payload: { account }, headers });

  it('every request counts, whichever number; then 429 with Retry-After, also behind a forged X-Forwarded-For', async () => {
    const ip = '192.0.2.7';
    const first = [await ask('13800000003', ip), await ask('13800000006', ip), await ask('13999999999', ip)];
    // An unknown number is answered as a known one (it only receives nothing).
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const refused = await ask('13800000004', ip, { 'accept-language': 'en-US' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, msg: 'Too many code requests from this address; try again in 5 min', data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(290);
    expect((await ask('13800000004', ip, { 'x-forwarded-for': '10.1.2.3' })).statusCode).toBe(429);
    // No text was sent for the refused requests.
    const sent = await t.ctx.db.selectFrom('smsOutbox').select('phone').execute();
    expect(sent.map((r) => r.phone).sort()).toEqual(['13800000003', '13800000006']);
    expect((await ask('13800000004', '192.0.2.8')).statusCode).toBe(200);
  });
});

describe('counted across server processes', () => {
  const spray = async (t: TestApp, apps: FastifyInstance[], ip: string) => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await signIn(t, apps[i % apps.length]!, { account: `ghost${i}`, password: WRONG, ip });
      statuses.push(res.status);
    }
    return statuses;
  };

  it('two processes on one database, without Redis, share the count', async () => {
    const a = await createTestApp({}, { shareable: true });
    // Settings first: without Redis or a cluster primary, a peer hears of a change only when its cached copy expires.
    await setSysConfig(a.ctx, { addressFailureLimit: 4, addressSmsLimit: 2 });
    const b = await createPeerApp(a);
    try {
      expect(await spray(a, [a.app, b.app], '203.0.113.9')).toEqual([400, 400, 400, 400, 429, 429]);
      // SMS requests too (the plugin counts in the shared store, not in one process's memory).
      const codes = [];
      for (const app of [a.app, b.app, a.app]) {
        codes.push(
          (await app.inject({ method: 'POST', url: '/api/oauth/SmsCode', remoteAddress: '203.0.113.9', payload: { account: '1' } }))
            .statusCode,
        );
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it.skipIf(skipWithoutRedis)('two processes with REDIS_URL count in Redis', async () => {
    const a = await createTestApp({ redisUrl: testRedisUrl }, { shareable: true });
    await setSysConfig(a.ctx, { addressFailureLimit: 4 });
    const b = await createPeerApp(a);
    try {
      expect(await spray(a, [a.app, b.app], '203.0.113.10')).toEqual([400, 400, 400, 400, 429, 429]);
      const rows = await a.ctx.db.selectFrom('signinThrottle').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { publicAccess } from '../../http/access.ts';
import { registerEnvelope } from '../../http/envelope.ts';
import { newId } from '../../lib/ids.ts';
import { cleanupLogs, flushLogs, logOperation, registerRequestLog } from './logs.service.ts';
import { getSysConfig, setSysConfig } from './sys-config.service.ts';

let t: TestApp;
let admin: string;
let doctor: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

describe('system settings', () => {
  it('answers every setting, with the defaults filled in', async () => {
    const res = await t.call('GET', '/api/system/SysConfig', { token: admin });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      sysName: expect.any(String),
      tokenTimeout: 480,
      captchaAfterFailures: 3,
      lockAfterFailures: 5,
      singleLogin: false,
      passwordMinLength: 6,
      interfaceAllowedHosts: [],
      interfaceAllowedNetworks: [],
      sqlTimeoutMs: 5000,
      logRetentionDays: 180,
      timeZone: 'Asia/Shanghai',
    });
  });

  it('applies a change at once, without restart', async () => {
    expect((await t.call('GET', '/api/oauth/getConfig/liuyang')).data.enableVerificationCode).toBe(false);
    const res = await t.call('PUT', '/api/system/SysConfig', {
      token: admin,
      body: { captchaAfterFailures: 0, sysName: '青山医共体<b>平台</b>', copyright: "' OR 1=1 --" },
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ captchaAfterFailures: 0, sysName: '青山医共体<b>平台</b>', copyright: "' OR 1=1 --" });
    expect((await t.call('GET', '/api/oauth/getConfig/liuyang')).data.enableVerificationCode).toBe(true);
    expect((await getSysConfig(t.ctx)).sysName).toBe('青山医共体<b>平台</b>');
    await t.call('PUT', '/api/system/SysConfig', { token: admin, body: { captchaAfterFailures: 3 } });
  });

  it('refuses values out of range, of the wrong type, or unknown, naming the field', async () => {
    for (const [body, field] of [
      [{ tokenTimeout: 1 }, 'tokenTimeout'],
      [{ tokenTimeout: 'long' }, 'tokenTimeout'],
      [{ captchaLength: 9 }, 'captchaLength'],
      [{ lockAfterFailures: 0 }, 'lockAfterFailures'],
      [{ singleLogin: 'yes' }, 'singleLogin'],
      [{ sysName: '' }, 'sysName'],
      [{ sysName: 'x'.repeat(51) }, 'sysName'],
      [{ interfaceAllowedHosts: ['http://x.com/path'] }, 'interfaceAllowedHosts.0'],
      [{ interfaceAllowedNetworks: ['10.0.0.0/x'] }, 'interfaceAllowedNetworks.0'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ sqlTimeoutMs: 100_000 }, 'sqlTimeoutMs'],
    ] as [Record<string, unknown>, string][]) {
      const res = await t.call('PUT', '/api/system/SysConfig', { token: admin, body, headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg.startsWith(`${field}:`), res.msg).toBe(true);
    }
    const unknown = await t.call('PUT', '/api/system/SysConfig', { token: admin, body: { noSuchSetting: 1 } });
    expect(unknown.status).toBe(400);
    expect((await getSysConfig(t.ctx)).tokenTimeout).toBe(480);
  });

  it('is for granted users only', async () => {
    expect((await t.call('GET', '/api/system/SysConfig', { token: doctor })).status).toBe(403);
    expect((await t.call('PUT', '/api/system/SysConfig', { token: doctor, body: { sysName: 'x' } })).status).toBe(403);
  });
});

describe('system logs', () => {
  it('lists sign-ins (category 1), searchable and paged', async () => {
    await t.login('liuyang');
    const res = await t.call('GET', '/api/system/Log?category=1&keyword=liuyang&pageSize=5', { token: admin });
    expect(res.status).toBe(200);
    expect(res.data.list.length).toBeGreaterThan(0);
    expect(res.data.list.every((r: { account: string }) => r.account === 'liuyang')).toBe(true);
    expect(res.data.list[0]).toMatchObject({ success: 1, loginType: 'password', category: 1 });
    const jnpf = await t.call('GET', '/api/system/Log/1?keyword=liuyang', { token: admin });
    expect(jnpf.data.pagination.total).toBe(res.data.pagination.total);
    const future = await t.call('GET', `/api/system/Log?category=1&startTime=${Date.now() + 60_000}`, { token: admin });
    expect(future.data.pagination.total).toBe(0);
  });

  it('records who changed what (category 3), also for other modules through logOperation', async () => {
    await t.call('PUT', '/api/system/SysConfig', { token: admin, body: { copyright: '演示' } });
    logOperation(
      t.ctx,
      { userId: '500000000000000002', account: 'zhangwei' },
      { module: 'referral', action: 'approve', targetId: 'R1', summary: '同意转出' },
    );
    const res = await t.call('GET', '/api/system/Log?category=3&pageSize=50', { token: admin });
    expect(res.data.list.find((r: { module: string }) => r.module === 'sysConfig')).toMatchObject({
      userName: 'admin',
      action: 'update',
      summary: 'copyright',
    });
    expect(res.data.list.find((r: { module: string }) => r.module === 'referral')).toMatchObject({
      userId: '500000000000000002',
      targetId: 'R1',
      summary: '同意转出',
    });
    const kw = await t.call('GET', '/api/system/Log?category=3&keyword=同意转出', { token: admin });
    expect(kw.data.pagination.total).toBe(1);
  });

  it('records every request (category 5) and every 500 with its stack (category 4) through registerRequestLog', async () => {
    const app = Fastify({ logger: false });
    registerEnvelope(app);
    registerRequestLog(app, t.ctx);
    app.get('/api/probe/fine', { config: { access: publicAccess } }, async () => ({ code: 200, msg: '', data: 1 }));
    app.get('/api/probe/boom', { config: { access: publicAccess } }, async () => {
      throw new Error('kaboom in handler');
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/probe/fine?secret=1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/probe/boom' })).statusCode).toBe(500);
    await app.close();

    const requests = await t.call('GET', '/api/system/Log?category=5&keyword=/api/probe', { token: admin });
    const paths = requests.data.list.map((r: { method: string; path: string; status: number }) => `${r.method} ${r.path} ${r.status}`);
    expect(paths.sort()).toEqual(['GET /api/probe/boom 500', 'GET /api/probe/fine 200']);
    expect(typeof requests.data.list[0].duration).toBe('number');
    const errors = await t.call('GET', '/api/system/Log?category=4&keyword=/api/probe', { token: admin });
    expect(errors.data.list).toHaveLength(1);
    expect(errors.data.list[0].message).toContain('kaboom in handler');
    expect(errors.data.list[0].message).toContain('sys-config.test.ts');
  });

  it('deletes chosen rows, for granted users only', async () => {
    const res = await t.call('GET', '/api/system/Log?category=3&pageSize=1', { token: admin });
    const id = res.data.list[0].id;
    expect((await t.call('DELETE', '/api/system/Log', { token: doctor, body: { ids: [id] } })).status).toBe(403);
    const del = await t.call('DELETE', '/api/system/Log', { token: admin, body: { ids: [id, 'nosuch'] } });
    expect(del.data.deleted).toBe(1);
    const bad = await t.call('DELETE', '/api/system/Log', { token: admin, body: { ids: [] } });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', '/api/system/Log?category=3', { token: doctor })).status).toBe(403);
  });

  it('keeps logs for the configured number of days', async () => {
    const old = Date.now() - 400 * 86_400_000;
    const base = {
      category: 3,
      userId: null,
      userName: 'old',
      ip: null,
      userAgent: null,
      method: null,
      path: null,
      status: null,
      duration: null,
      module: 'x',
      action: 'x',
      targetId: null,
      summary: 'ancient',
      message: null,
    };
    await t.ctx.db
      .insertInto('sysLogs')
      .values([
        { id: newId(), ...base, createdAt: old },
        { id: newId(), ...base, summary: 'recent', createdAt: Date.now() },
      ])
      .execute();
    await t.ctx.db
      .insertInto('loginLogs')
      .values({
        id: newId(),
        userId: null,
        account: 'ancient',
        userName: null,
        ip: null,
        ipAddressName: null,
        platform: null,
        browser: null,
        loginType: 'password',
        success: 0,
        message: 'x',
        createdAt: old,
      })
      .execute();
    await t.ctx.db
      .insertInto('dataInterfaceLogs')
      .values({
        id: newId(),
        interfaceId: 'x',
        userId: null,
        ip: null,
        userAgent: null,
        duration: 1,
        success: 1,
        message: null,
        source: 'list',
        createdAt: old,
      })
      .execute();
    await setSysConfig(t.ctx, { logRetentionDays: 30 });
    const { deleted } = await cleanupLogs(t.ctx);
    expect(deleted).toBeGreaterThanOrEqual(3);
    await flushLogs(t.ctx);
    const left = await t.ctx.db.selectFrom('sysLogs').select('summary').where('module', '=', 'x').execute();
    expect(left.map((r) => r.summary)).toEqual(['recent']);
    expect(await t.ctx.db.selectFrom('loginLogs').select('id').where('account', '=', 'ancient').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('dataInterfaceLogs').select('id').where('interfaceId', '=', 'x').execute()).toEqual([]);
    await setSysConfig(t.ctx, { logRetentionDays: 180 });
  });

  it('refuses bad queries', async () => {
    expect((await t.call('GET', '/api/system/Log?category=9', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/system/Log?pageSize=100000', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/system/Log/abc', { token: admin })).status).toBe(400);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dictDataId } from '../../db/seed/system.ts';
import { addressRefusal, hostAllowed, normalizeAddress } from './http-fetch.ts';
import { flushLogs } from './logs.service.ts';

/**
 * HTTP data interfaces against a real server on loopback. Loopback is a
 * restricted network: the tests first prove it is refused, then allow
 * 127.0.0.1/32 explicitly, as an administrator would for an internal service.
 */

let t: TestApp;
let admin: string;
let doctor: string;
let server: http.Server;
let port: number;
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const CATEGORY = dictDataId('dataInterfaceCategory', 'external');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      switch (url.pathname) {
        case '/doctors':
          return json(200, {
            code: 200,
            msg: 'ok',
            data: {
              list: ['李一', '王二', '张三', '赵四', '钱五'].map((n, i) => ({
                id: String(i + 1),
                DOCTOR_NAME: n,
                ORG_CODE: url.searchParams.get('org'),
              })),
            },
          });
        case '/echo':
          return json(200, [{ id: '1', method: req.method, body: body ? JSON.parse(body) : null, token: req.headers['x-token'] ?? null }]);
        case '/fail':
          return json(500, { message: 'boom' });
        case '/big':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('[');
          for (let i = 0; i < 3000; i++) res.write(`${i ? ',' : ''}{"id":"${i}","pad":"${'x'.repeat(400)}"}`);
          return res.end(']');
        case '/slow':
          return void setTimeout(() => json(200, []), 1500).unref();
        case '/redirect':
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
          return res.end();
        case '/text':
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>not json</html>');
        default:
          return json(404, {});
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const settings = (body: Record<string, unknown>) => t.call('PUT', '/api/system/SysConfig', { token: admin, body });
const create = async (enCode: string, path: string, extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/system/DataInterface', {
    token: admin,
    body: { categoryId: CATEGORY, fullName: enCode, enCode, dataType: 3, path, ...extra },
  });
  expect(res.status, res.msg).toBe(200);
  return res.data.id as string;
};
const list = (id: string, body: Record<string, unknown> = {}) =>
  t.call('POST', `/api/system/DataInterface/${id}/Action/List`, { token: doctor, body });

describe('address checks', () => {
  it('reads IPv4 written inside IPv6 as IPv4', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toEqual({ address: '127.0.0.1', family: 4 });
    expect(normalizeAddress('::ffff:7f00:1')).toEqual({ address: '127.0.0.1', family: 4 });
    expect(normalizeAddress('[::ffff:a9fe:a9fe]')).toEqual({ address: '169.254.169.254', family: 4 });
    expect(normalizeAddress('2001:db8::1').family).toBe(6);
  });

  it('never allows link-local, metadata or unspecified addresses; private ones only when listed', () => {
    for (const a of ['169.254.169.254', '0.0.0.0', '::', 'fe80::1', '::ffff:169.254.169.254', 'fd00:ec2::254', '224.0.0.1']) {
      expect(addressRefusal(a, ['0.0.0.0/0', '169.254.0.0/16', '::/0']), a).toBe('dataInterface.addressForbidden');
    }
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '::1', 'fc00::1', '100.64.0.1', '::ffff:10.0.0.1']) {
      expect(addressRefusal(a, []), a).toBe('dataInterface.addressPrivate');
    }
    expect(addressRefusal('10.1.2.3', ['10.1.0.0/16'])).toBeNull();
    expect(addressRefusal('10.2.2.3', ['10.1.0.0/16'])).toBe('dataInterface.addressPrivate');
    expect(addressRefusal('8.8.8.8', [])).toBeNull();
  });

  it('matches hosts exactly, by wildcard and by port', () => {
    const u = (s: string) => new URL(s);
    expect(hostAllowed(u('https://api.example.com/x'), ['api.example.com'])).toBe(true);
    expect(hostAllowed(u('https://evil-api.example.com/x'), ['api.example.com'])).toBe(false);
    expect(hostAllowed(u('https://api.example.com.evil.net/x'), ['api.example.com'])).toBe(false);
    expect(hostAllowed(u('https://a.b.example.com/x'), ['*.example.com'])).toBe(true);
    expect(hostAllowed(u('https://example.com/x'), ['*.example.com'])).toBe(false);
    expect(hostAllowed(u('http://h:8080/x'), ['h:8080'])).toBe(true);
    expect(hostAllowed(u('http://h:8081/x'), ['h:8080'])).toBe(false);
    expect(hostAllowed(u('http://[::1]:80/x'), ['::1'])).toBe(true);
  });
});

describe('HTTP interfaces', () => {
  it('refuses hosts that are not on the allow-list', async () => {
    const id = await create('notAllowed', `http://127.0.0.1:${port}/doctors`);
    const res = await list(id);
    expect(res.status).toBe(400);
    expect(res.msg).toBe(`主机 127.0.0.1:${port} 不在允许调用的列表中，请在系统配置中添加`);
    expect(seen).toHaveLength(0);
  });

  it('refuses loopback even when the host is allowed, until the network is allowed explicitly', async () => {
    expect(
      (await settings({ interfaceAllowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`, 'metadata.test', '169.254.169.254'] })).status,
    ).toBe(200);
    const id = await create('loopback', `http://127.0.0.1:${port}/doctors?org={orgCode}`, {
      parameterJson: [{ field: 'orgCode', dataType: 'varchar', defaultValue: 'QSRMYY' }],
    });
    const refused = await list(id);
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('内网地址 127.0.0.1');
    const byName = await list(await create('byName', `http://localhost:${port}/doctors`));
    expect(byName.status).toBe(400);
    expect(byName.msg).toMatch(/内网地址 (127\.0\.0\.1|::1)/);
    expect(seen).toHaveLength(0);

    expect((await settings({ interfaceAllowedNetworks: ['127.0.0.1/32'] })).status).toBe(200);
    const ok = await list(id, { pageSize: 2, currentPage: 2 });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 5 });
    expect(ok.data.list.map((r: { DOCTOR_NAME: string }) => r.DOCTOR_NAME)).toEqual(['张三', '赵四']);
    expect(ok.data.list[0].ORG_CODE).toBe('QSRMYY');
    const param = await list(id, { paramList: [{ field: 'orgCode', defaultValue: 'A&B=C' }], keyword: '王' });
    expect(param.data.list).toEqual([{ id: '2', DOCTOR_NAME: '王二', ORG_CODE: 'A&B=C' }]);
    expect(seen.at(-1)!.url).toBe('/doctors?org=A%26B%3DC');
    const info = await t.call('POST', `/api/system/DataInterface/${id}/Action/InfoByIds`, { token: doctor, body: { ids: ['1', '5'] } });
    expect(info.data.map((r: { DOCTOR_NAME: string }) => r.DOCTOR_NAME)).toEqual(['李一', '钱五']);
  });

  it('never calls metadata or link-local addresses, even when listed', async () => {
    await settings({ interfaceAllowedNetworks: ['127.0.0.1/32', '169.254.0.0/16'] });
    const before = seen.length;
    const res = await list(await create('metadata', 'http://169.254.169.254/latest/meta-data/'));
    expect(res.status).toBe(400);
    expect(res.msg).toContain('受保护的地址 169.254.169.254');
    expect(seen.length).toBe(before);
  });

  it('sends the configured method, headers and body with template parameters and system values', async () => {
    const id = await create('poster', `http://127.0.0.1:${port}/echo`, {
      requestMethod: 'POST',
      requestHeaders: [
        { field: 'X-Token', value: 'secret-{orgCode}' },
        { field: 'Host', value: 'evil.example' },
      ],
      requestParameters: [
        { field: 'org', value: '{orgCode}' },
        { field: 'who', value: '@userId' },
      ],
      parameterJson: [{ field: 'orgCode', dataType: 'varchar', defaultValue: 'X1' }],
    });
    const res = await t.call('POST', `/api/system/DataInterface/${id}/Actions/Preview`, { token: doctor, body: {} });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toEqual([{ id: '1', method: 'POST', body: { org: 'X1', who: '500000000000000002' }, token: 'secret-X1' }]);
    expect(seen.at(-1)!.headers.host).toBe(`127.0.0.1:${port}`);
  });

  it('reports remote failures: error status, oversized answer, timeout, redirect, not JSON', async () => {
    await settings({ interfaceTimeoutMs: 400, interfaceMaxResponseBytes: 100_000 });
    const fail = await list(await create('fail', `http://127.0.0.1:${port}/fail`));
    expect(fail.status).toBe(502);
    expect(fail.code).toBe(500);
    expect(fail.msg).toContain('接口返回错误状态 500');
    const big = await list(await create('big', `http://127.0.0.1:${port}/big`));
    expect(big.status).toBe(502);
    expect(big.msg).toBe('接口返回的数据超过 100000 字节');
    const started = Date.now();
    const slow = await list(await create('slow', `http://127.0.0.1:${port}/slow`));
    expect(slow.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(1400);
    const redirect = await list(await create('redirect', `http://127.0.0.1:${port}/redirect`));
    expect(redirect.status).toBe(502);
    expect(redirect.msg).toContain('不会跟随');
    const text = await list(await create('text', `http://127.0.0.1:${port}/text`));
    expect(text.status).toBe(502);
    expect(text.msg).toContain('不是 JSON');
    await settings({ interfaceTimeoutMs: 10_000, interfaceMaxResponseBytes: 2 * 1024 * 1024 });
  });

  it('logs failed calls with their reason', async () => {
    const id = await create('loggedFail', `http://127.0.0.1:${port}/fail`);
    await list(id);
    await flushLogs(t.ctx);
    const logs = await t.call('GET', `/api/system/DataInterfaceLog/${id}`, { token: admin });
    expect(logs.data.list[0]).toMatchObject({ success: 0 });
    expect(logs.data.list[0].message).toContain('dataInterface.remoteStatus');
  });

  it('refuses unsafe URLs in the definition or after templating', async () => {
    const creds = await list(await create('creds', `http://user:pw@127.0.0.1:${port}/doctors`));
    expect(creds.status).toBe(400);
    const templ = await create('templ', 'http://{host}/doctors', { parameterJson: [{ field: 'host', dataType: 'varchar' }] });
    const res = await list(templ, { paramList: [{ field: 'host', defaultValue: '169.254.169.254' }] });
    // A host that comes from a parameter is checked like any other.
    expect(res.status).toBe(400);
  });
});

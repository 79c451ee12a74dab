import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';
import { flushLogs } from './modules/system/logs.service.ts';

/** What app.ts wires at the root reaches every module's routes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('every API request of every module lands in the request log', async () => {
  const token = await t.login('admin');
  await t.call('GET', '/api/dashboard/Overview', { token });
  await t.call('GET', '/api/permission/Users?pageSize=5', { token });
  await flushLogs(t.ctx);
  const res = await t.call('GET', '/api/system/Log?category=5&pageSize=100', { token });
  const paths = res.data.list.map((r: { path: string }) => r.path);
  expect(paths).toContain('/api/dashboard/Overview');
  expect(paths).toContain('/api/permission/Users');
  expect(paths).toContain('/api/oauth/Login');
});

it('every registered route declares its access', () => {
  expect(t.routes.length).toBeGreaterThan(200);
  expect(t.routes.every((r) => ['public', 'user', 'module', 'admin'].includes(r.access.kind))).toBe(true);
});

it('compresses JSON answers for browsers that accept it, and only then', async () => {
  const token = await t.login('admin');
  const headers = { authorization: token, 'accept-encoding': 'gzip, deflate, br' };
  const br = await t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers });
  expect(br.headers['content-encoding']).toBe('br');
  const body = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()) as { code: number; data: { menuList: unknown[] } };
  expect(body.code).toBe(200);
  expect(body.data.menuList.length).toBeGreaterThan(5);
  expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(body)) / 4);
  const plain = await t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.json().code).toBe(200);
  // Small answers are not worth it.
  const small = await t.app.inject({ method: 'GET', url: '/api/oauth/getConfig/admin', headers: { 'accept-encoding': 'br' } });
  expect(small.headers['content-encoding']).toBeUndefined();
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from './test-helpers.ts';
import { listen, SocketClient } from '../message/test-client.ts';

/**
 * Walks every registered route of the whole app (the collectRoutes registry):
 * without a token every non-public route answers 401 / 600; with the token of a
 * user holding no grant at all, every module and admin route answers 403
 * 'Permission Denied'. Routes other modules add later are covered by this
 * same walk.
 */
let t: TestApp;
let bare: string;
beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t, 'nogrants');
  bare = await t.login('nogrants');
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every parameter becomes a dummy id. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '123').replace(/\*/g, 'x');

describe('permission matrix', () => {
  it('registers the permission module’s routes', () => {
    const urls = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    for (const expected of [
      'GET /api/permission/Users',
      'GET /api/permission/Organize',
      'GET /api/permission/Organize/Department/Selector/:id',
      'GET /api/permission/Position/Selector',
      'PUT /api/permission/Role/:id/Actions/State',
      'POST /api/permission/Group',
      'GET /api/permission/Authority/Model/:objectId/:objectType',
      'PUT /api/permission/Authority/SetColumnsByModuleId',
      'POST /api/micq/MICQ_AFTER_IMPORT/ImportData',
      'DELETE /api/system/OnlineUser/:id',
      'PUT /api/permission/Users/Current/major',
    ]) {
      expect(urls.has(expected), expected).toBe(true);
    }
    expect(t.routes.length).toBeGreaterThan(100);
  });

  it('without a token every non-public route answers 401 with code 600', async () => {
    const wrong: string[] = [];
    for (const r of t.routes.filter((x) => x.access.kind !== 'public')) {
      const res = await t.call(r.method, concrete(r.url));
      if (res.status !== 401 || res.code !== 600) wrong.push(`${r.method} ${r.url} → ${res.status}/${res.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a user without grants gets 403 Permission Denied on every module and admin route', async () => {
    const guarded = t.routes.filter((x) => x.access.kind === 'module' || x.access.kind === 'admin');
    expect(guarded.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const r of guarded) {
      for (const lang of ['zh', 'en']) {
        const res = await t.call(r.method, concrete(r.url), { token: bare, headers: { 'accept-language': lang } });
        if (res.status !== 403 || res.code !== 403 || res.msg !== 'Permission Denied')
          wrong.push(`${r.method} ${r.url} → ${res.status}/${res.code} ${res.msg}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the same user still reaches the signed-in lookups (no 401/403 on user routes)', async () => {
    const refused: string[] = [];
    // Logout would end the session the walk is using.
    for (const r of t.routes.filter(
      (x) => x.access.kind === 'user' && x.method === 'GET' && !x.url.includes(':') && !/Logout/i.test(x.url),
    )) {
      const res = await t.call(r.method, r.url, { token: bare });
      if (res.status === 401 || res.status === 403 || res.status >= 500) refused.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(refused).toEqual([]);
  });

  /**
   * The real-time socket is the one signed-in service declared public: a browser
   * cannot send the Authorization header on a socket, so it checks the token of
   * its URL (or frames) itself. Without a valid token it must give nothing away.
   */
  it('the socket routes authenticate their own token: refused without one, user-level with one', async () => {
    const sockets = t.routes.filter((r) => r.url.startsWith('/api/message/websocket'));
    expect(sockets.map((r) => `${r.method} ${r.url} ${r.access.kind}`).sort()).toEqual([
      'GET /api/message/websocket public',
      'GET /api/message/websocket/:token public',
    ]);
    const base = await listen(t.app);
    for (const r of sockets) {
      // Plain HTTP without a token: 401 like every signed-in route.
      const plain = await t.call('GET', r.url.replace('/:token', ''));
      expect([plain.status, plain.code], r.url).toEqual([401, 600]);
      // Upgraded without a valid token: logout and close, no initMessage.
      const bad = await SocketClient.open(`${base}${r.url.replace(':token', 'Bearer%20' + 'z'.repeat(40))}`);
      bad.send({ method: 'OnConnection', mobileDevice: false, token: 'Bearer ' + 'z'.repeat(40) });
      expect((await bad.next()).method, r.url).toBe('logout');
      expect((await bad.closed).code).toBe(4001);
      // Any signed-in user, even one without a single grant, may connect.
      const good = await SocketClient.open(`${base}${r.url.replace(':token', encodeURIComponent(bare))}`);
      expect((await good.connect(bare)).method, r.url).toBe('initMessage');
      good.close();
    }
  });
});

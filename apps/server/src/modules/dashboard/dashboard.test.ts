import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { md5 } from '../../lib/crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('counts the seeded alliance and today’s sign-ins', async () => {
  const token = await t.login('admin');
  await t.app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ account: 'admin', password: md5('wrong') }).toString(),
  });
  const res = await t.call('GET', '/api/dashboard/Overview', { token });
  expect(res.code).toBe(200);
  expect(res.data).toMatchObject({ users: 31, organizations: 11, departments: 17, roles: 10, online: 1 });
  expect(res.data.staffByLevel).toEqual({ county: 19, township: 7, village: 5 });
  expect(res.data.signIns).toHaveLength(14);
  const today = res.data.signIns.at(-1);
  expect(today).toMatchObject({ success: 1, failure: 1 });
});

it('needs a session', async () => {
  expect((await t.call('GET', '/api/dashboard/Overview')).code).toBe(600);
});

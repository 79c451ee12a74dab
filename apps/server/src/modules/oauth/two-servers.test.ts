import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Sessions live in the database, so any server process behind a load balancer
 * accepts a token issued by another, and a sign-out on one ends it on all.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof createPeerApp>>;
beforeAll(async () => {
  a = await createTestApp({}, { shareable: true });
  b = await createPeerApp(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const currentUser = async (app: TestApp['app'], token: string) =>
  (await app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } })).json();

it('a token from server A works on server B, and logout on B ends it on A', async () => {
  const token = await a.login('zhangwei');
  expect((await currentUser(b.app, token)).data.userInfo.userAccount).toBe('zhangwei');
  await b.app.inject({ method: 'GET', url: '/api/oauth/Logout', headers: { authorization: token } });
  expect((await currentUser(a.app, token)).code).toBe(600);
});

it('forcing a user offline on one server answers 601 on the other', async () => {
  const token = await a.login('fengtao');
  await a.ctx.db
    .updateTable('sessions')
    .set({ revokedAt: Date.now(), revokedReason: 'offline' })
    .where('userId', '=', '500000000000000012')
    .execute();
  expect((await currentUser(b.app, token)).code).toBe(601);
});

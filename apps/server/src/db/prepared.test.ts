import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { prepared } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const byAccount = prepared<{ account: string; enabled: number }, { id: string; account: string; realName: string }>((db, p) =>
  db
    .selectFrom('users')
    .select(['id', 'account', 'realName'])
    .where('account', '=', p('account'))
    .where('enabledMark', '=', p('enabled'))
    .where('isAdministrator', '=', 0),
);

test('runs the compiled query with each call’s own values, camelCased like any Kysely query', async () => {
  const [zhang] = await byAccount(t.ctx.db, { account: 'zhangwei', enabled: 1 });
  expect(zhang).toMatchObject({ account: 'zhangwei', realName: expect.any(String) });
  const again = await byAccount(t.ctx.db, { account: 'admin', enabled: 1 });
  expect(again).toEqual([]); // the constant in the query (isAdministrator = 0) still applies
  expect(await byAccount(t.ctx.db, { account: 'zhangwei', enabled: 0 })).toEqual([]);
});

test('values stay bound parameters: SQL in a value matches nothing and changes nothing', async () => {
  const before = await t.ctx.db.selectFrom('users').select(t.ctx.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  expect(await byAccount(t.ctx.db, { account: "zhangwei' OR '1'='1", enabled: 1 })).toEqual([]);
  expect(await byAccount(t.ctx.db, { account: "x'; DELETE FROM users; --", enabled: 1 })).toEqual([]);
  const after = await t.ctx.db.selectFrom('users').select(t.ctx.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));
});

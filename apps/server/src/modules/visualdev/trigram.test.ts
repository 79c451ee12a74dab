import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';

/** The users keyword through the trigram index (migration 0010): kept in step by triggers; 1–2 character terms by LIKE. */
let t: TestApp;
let token: string;

const search = async (keyword: string) =>
  (
    (await t.call('GET', `/api/permission/Users?keyword=${encodeURIComponent(keyword)}&pageSize=100`, { token })).data.list as {
      account: string;
    }[]
  )
    .map((u) => u.account)
    .filter((a) => a.startsWith('tg_'))
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
  await insertUser(t, 'tg_alpha');
  await insertUser(t, 'tg_AlphaBeta');
  await insertUser(t, 'tg_gamma');
});
afterAll(() => t.close());

describe('users keyword', () => {
  it('matches substrings of three or more characters case-insensitively, through the index on SQLite', async () => {
    expect(await search('alpha')).toEqual(['tg_AlphaBeta', 'tg_alpha']);
    expect(await search('ALPHAB')).toEqual(['tg_AlphaBeta']);
    if (t.ctx.dialect === 'sqlite') {
      const { rows } = await sql<{ n: number }>`select count(*) as n from users__fts where users__fts match '"gamma"'`.execute(t.ctx.db);
      expect(Number(rows[0]!.n)).toBe(1);
    }
  });

  it('matches one and two characters by LIKE', async () => {
    expect(await search('mm')).toEqual(['tg_gamma']);
    expect(await search('ta')).toEqual(['tg_AlphaBeta']);
    expect(await search('%')).toEqual([]);
    expect(await search('"')).toEqual([]);
  });

  it('follows updates and deletes (the index, by its triggers)', async () => {
    await t.ctx.db.updateTable('users').set({ account: 'tg_delta', realName: 'tg_delta' }).where('account', '=', 'tg_gamma').execute();
    expect(await search('gamma')).toEqual([]);
    expect(await search('delta')).toEqual(['tg_delta']);
    if (t.ctx.dialect === 'sqlite') {
      await t.ctx.db.deleteFrom('users').where('account', '=', 'tg_delta').execute();
      const { rows } = await sql<{ n: number }>`select count(*) as n from users__fts where users__fts match '"delta"'`.execute(t.ctx.db);
      expect(Number(rows[0]!.n)).toBe(0);
    }
  });
});

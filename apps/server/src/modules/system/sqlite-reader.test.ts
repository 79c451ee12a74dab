import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, pgUrl, type TestApp } from '../../test/harness.ts';
import { dictDataId } from '../../db/seed/system.ts';
import { readerPoolOf, runReadOnly, SqlRunError } from './sql-executor.ts';
import { setSysConfig } from './sys-config.service.ts';

/**
 * SQL interfaces on a SQLite FILE (as in production) run in reader child
 * processes with read-only connections; a runaway query is killed with its
 * process and the app carries on.
 */
describe.skipIf(!!pgUrl)('SQL interfaces on a SQLite file', () => {
  let t: TestApp;
  let admin: string;
  const create = async (enCode: string, query: string) => {
    const res = await t.call('POST', '/api/system/DataInterface', {
      token: admin,
      body: { categoryId: dictDataId('dataInterfaceCategory', 'baseData'), fullName: enCode, enCode, dataType: 1, query },
    });
    expect(res.status, res.msg).toBe(200);
    return res.data.id as string;
  };
  const list = (id: string, body: Record<string, unknown> = {}) =>
    t.call('POST', `/api/system/DataInterface/${id}/Action/List`, { token: admin, body });

  beforeAll(async () => {
    t = await createTestApp({}, { shareable: true });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('answers through a reader process and sees what the app just wrote', async () => {
    const id = await create('fileOrgs', 'SELECT o.id AS "id", o.full_name AS "fullName" FROM organizations o');
    const res = await list(id, { pageSize: 3 });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.pagination.total).toBe(28);
    expect(readerPoolOf(t.ctx)?.stats.started).toBeGreaterThan(0);
    await t.ctx.db.updateTable('organizations').set({ fullName: '刚改的名字' }).where('id', '=', '100000000000000001').execute();
    const after = await t.call('GET', `/api/system/DataInterface/${id}/Action/Info?id=100000000000000001`, { token: admin });
    expect(after.data.fullName).toBe('刚改的名字');
  });

  it('runs on a read-only connection behind the check', async () => {
    const err = await runReadOnly(t.ctx, [{ sql: 'DELETE FROM organizations', params: [] }], 2000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SqlRunError);
    expect((err as SqlRunError).kind).toBe('readonly');
    const count = await t.ctx.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(28);
  });

  it('kills a runaway query at the time limit and carries on', async () => {
    await setSysConfig(t.ctx, { sqlTimeoutMs: 300 });
    try {
      const endless = await create(
        'endless',
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c',
      );
      const killedBefore = readerPoolOf(t.ctx)!.stats.killed;
      const started = Date.now();
      const res = await list(endless);
      expect(res.status).toBe(504);
      expect(res.msg).toBe('查询超时，请优化 SQL 或缩小查询范围');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(readerPoolOf(t.ctx)!.stats.killed).toBe(killedBefore + 1);
      // The event loop was free meanwhile, and the next query gets a fresh reader.
      const ok = await list(await create('afterKill', 'SELECT 1 AS "one" FROM organizations'), { pageSize: 1 });
      expect(ok.status).toBe(200);
    } finally {
      await setSysConfig(t.ctx, { sqlTimeoutMs: 5000 });
    }
  });

  it('serves many callers at once', async () => {
    const id = await create('parallel', 'SELECT o.id AS "id", o.sort_code AS "sortCode" FROM organizations o');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => list(id, { currentPage: (i % 5) + 1, pageSize: 5, sidx: 'sortCode', sort: 'asc' })),
    );
    for (const [i, r] of results.entries()) {
      expect(r.status).toBe(200);
      expect(Number(r.data.list[0].sortCode)).toBe((i % 5) * 5);
    }
  });
});

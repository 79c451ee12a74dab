import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TB_WORKLISTS } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../../../modules/health/plans/rows.ts';
import { demoTb, seedTb } from './tb.ts';

/** The TB demo data on the seeded population: 15–25 cases over the units in every state, figures in every worklist and KPI. */
let t: TestApp;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
});
afterAll(async () => {
  await t?.close();
});

describe('tb demo data', () => {
  it('20 cases over several units, every state and close reason, 30 h and 80 h without a first visit', async () => {
    const cases = await all(db, db.selectFrom('health_tb_cases').selectAll());
    expect(cases.length).toBeGreaterThanOrEqual(15);
    expect(cases.length).toBeLessThanOrEqual(25);
    expect(new Set(cases.map((c) => c.org_id)).size).toBeGreaterThan(3);
    expect(new Set(cases.map((c) => Number(c.state)))).toEqual(new Set([0, 1, 2]));
    expect(new Set(cases.filter((c) => Number(c.state) === 2).map((c) => c.close_reason))).toEqual(new Set(['1', '2', '3', '4']));
    // The seed ran seconds ago.
    const hoursAgo = cases.filter((c) => Number(c.state) === 0).map((c) => Math.round((Date.now() - Number(c.notified_at)) / 3_600_000));
    expect(hoursAgo).toEqual(expect.arrayContaining([30, 80]));
    expect(await seedTb(t.ctx)).toBe(0);
    // Nothing dated after the seed time.
    const visits = await all(db, db.selectFrom('lc_tb_visit').select(['visitDate']));
    expect(visits.length).toBeGreaterThan(20);
    expect(visits.every((v) => Number(v.visitDate) <= Date.now())).toBe(true);
  });

  it('is deterministic', () => {
    const residents = ['a', 'b', 'c'].map((id, i) => ({
      id,
      birthDate: Date.UTC(1960 + i, 0, 1),
      manageOrgId: `o${i}`,
      doctorId: 'd',
      archiveState: 1,
    }));
    const at = Date.UTC(2026, 5, 1, 10);
    expect(JSON.stringify(demoTb(residents, at))).toBe(JSON.stringify(demoTb(residents, at)));
  });

  it('every worklist of a township and a village doctor and the by-unit KPIs show figures', async () => {
    for (const token of [await t.login('xuli'), await t.login('dengshan')])
      for (const list of TB_WORKLISTS) {
        const r = await t.call('GET', `/api/health/tb/worklists/${list}?pageSize=1`, { token });
        expect(r.status, `${list}: ${r.msg}`).toBe(200);
        expect(r.data.pagination.total, list).toBeGreaterThan(0);
      }
    const admin = await t.login('admin');
    const k = await t.call('GET', '/api/health/tb/kpi', { token: admin });
    expect(k.data.total.managed).toBeGreaterThan(0);
    expect(k.data.total.firstVisitRate).toBeGreaterThan(0);
    expect(k.data.total.adherenceRate).toBeGreaterThan(0);
  });
});

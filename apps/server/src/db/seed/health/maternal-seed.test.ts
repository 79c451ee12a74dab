import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MAT_STATES, MAT_WORKLISTS } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../../../modules/health/plans/rows.ts';
import { demoMaternal, type MatResident } from './maternal.ts';

/**
 * The maternal demo data on the seeded population: 20–30 pregnancies of women
 * aged 20–40 across the units, every state, every worklist and both KPIs with
 * figures, nothing dated after the seed; the generator is pure and scales.
 */
let t: TestApp;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
});
afterAll(async () => {
  await t?.close();
});

describe('maternal demo data', () => {
  it('seeds pregnancies in every state across units, shown by every worklist and KPI', async () => {
    const rows = await all(db, db.selectFrom('health_mat_pregnancies').selectAll());
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.length).toBeLessThanOrEqual(30);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(MAT_STATES));
    expect(new Set(rows.map((r) => r.org_id)).size).toBeGreaterThanOrEqual(5);
    const residents = await all(
      db,
      db
        .selectFrom('lc_health_resident')
        .select(['id', 'sex', 'birthDate'])
        .where(
          'id',
          'in',
          rows.map((r) => String(r.resident_id)),
        ),
    );
    const now = Date.now();
    for (const r of residents) {
      expect(r.sex).toBe('2');
      const age = (now - Number(r.birthDate)) / (365.25 * DAY_MS);
      expect(age).toBeGreaterThan(19.9);
      expect(age).toBeLessThan(41.1);
    }
    for (const r of rows) expect(Number(r.registered_at)).toBeLessThanOrEqual(now);
    const plans = await all(db, db.selectFrom('health_plans').select(['kind', 'visited_at']).where('programme', '=', 'mat'));
    expect(plans.every((p) => p.visited_at === null || Number(p.visited_at) <= now)).toBe(true);
    const admin = await t.login('admin');
    for (const list of MAT_WORKLISTS) {
      const r = await t.call('GET', `/api/health/maternal/worklists/${list}`, { token: admin });
      expect(r.status, r.msg).toBe(200);
      expect(r.data.pagination.total, list).toBeGreaterThan(0);
    }
    const kpi = await t.call('GET', '/api/health/maternal/kpi', { token: admin });
    expect(kpi.data.total.registered).toBeGreaterThan(0);
    expect(kpi.data.total.earlyRate).toBeGreaterThan(0);
    expect(kpi.data.total.earlyRate).toBeLessThan(100);
    expect(kpi.data.total.postpartumRate).toBeGreaterThan(0);
    expect(kpi.data.total.postpartumRate).toBeLessThan(100);
    // A township doctor sees figures of her own township.
    const xuli = await t.login('xuli');
    const own = await t.call('GET', '/api/health/maternal/worklists/stageDue', { token: xuli });
    expect(own.data.pagination.total).toBeGreaterThan(0);
  });

  it('the generator is pure and scales', () => {
    const residents: MatResident[] = Array.from({ length: 400 }, (_, i) => ({
      id: `r${String(i).padStart(5, '0')}`,
      sex: i % 2 ? '2' : '1',
      birthDate: Date.UTC(1995 + (i % 15), 0, 1),
      manageOrgId: `org${i % 5}`,
      doctorId: null,
      archiveState: 1,
    }));
    const at = Date.UTC(2030, 5, 1);
    const a = demoMaternal(residents, at);
    expect(demoMaternal(residents, at)).toEqual(a);
    expect(demoMaternal(residents, at, 3).pregnancies.length).toBe(a.pregnancies.length * 3);
  });
});

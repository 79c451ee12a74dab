import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, startOfUtcDay, suggestPsyClass } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../../../modules/health/plans/rows.ts';
import { demoPsy, type PsyDemoResident } from './psy.ts';

/**
 * The severe-mental-disorder demo data: the pure generator's invariants, and
 * on the seeded population (the one test of this programme that loads it) every
 * worklist and KPI showing figures for a county doctor and a village doctor.
 */

describe('demoPsy (pure)', () => {
  const at = Date.UTC(2026, 10, 28, 10);
  const units = ['u1', 'u2', 'u3', 'u4', 'u5'];
  const residents: PsyDemoResident[] = Array.from({ length: 3000 }, (_, i) => ({
    id: `r${String(i).padStart(5, '0')}`,
    birthDate: Date.UTC(1940 + (i % 80), i % 12, 1),
    manageOrgId: units[i % units.length]!,
    doctorId: 'd',
    archiveState: i % 97 === 0 ? 2 : 1,
  }));
  const d = demoPsy(residents, at);

  it('enrols about 0.65 % of the adults, over every unit, with no date after now and the rule’s classifications', () => {
    expect(d.enrolments.length).toBeGreaterThanOrEqual(14);
    expect(d.enrolments.length).toBeLessThanOrEqual(20);
    expect(new Set(d.enrolments.map((e) => e.org_id)).size).toBe(units.length);
    for (const v of d.visits) {
      expect(Number(v.visitDate)).toBeLessThanOrEqual(at);
      expect(v.suggestedClassification).toBe(suggestPsyClass(v as never));
      if (v.classification !== v.suggestedClassification) expect(v.overrideReason).toBeTruthy();
    }
    for (const c of ['0', '1', '2', '3']) expect(d.visits.some((v) => v.classification === c)).toBe(true);
    expect(d.enrolments.some((e) => e.locked === 1)).toBe(true);
    expect(d.enrolments.some((e) => e.in_hospital === 1)).toBe(true);
    expect(d.enrolments.some((e) => Number(e.last_risk_level) >= 3)).toBe(true);
  });

  it('each plan but the last of a patient is filled by a visit inside its window; some current plans are overdue', () => {
    const byId = new Map(d.visits.map((v) => [String(v.id), v]));
    for (const p of d.plans)
      if (p.visit_id) {
        const v = byId.get(String(p.visit_id))!;
        expect(Number(v.visitDate)).toBeGreaterThanOrEqual(Number(p.window_start));
        expect(Number(v.visitDate)).toBeLessThanOrEqual(Number(p.window_end));
      }
    const today = startOfUtcDay(at);
    expect(d.plans.some((p) => !p.visit_id && Number(p.window_end) < today)).toBe(true);
    expect(
      d.plans.some(
        (p) => !p.visit_id && p.kind === 'unstable' && Number(p.window_end) >= today && Number(p.window_start) <= today + DAY_MS,
      ),
    ).toBe(true);
    // A year of visits.
    expect(Math.min(...d.visits.map((v) => Number(v.visitDate)))).toBeLessThan(today - 300 * DAY_MS);
  });
});

describe('seeded population', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { population: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows figures in every worklist and the KPIs on a fresh start', async () => {
    const db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
    const enrolments = await all(db, db.selectFrom('health_psy_enrolments').select(['id', 'org_id']));
    expect(enrolments.length).toBeGreaterThanOrEqual(14);
    expect(enrolments.length).toBeLessThanOrEqual(20);
    const county = await t.login('zhangwei');
    for (const list of ['highRisk', 'unstable', 'overdue', 'locked', 'hospital']) {
      const r = await t.call('GET', `/api/health/psy/worklists/${list}`, { token: county });
      expect(r.status, r.msg).toBe(200);
      expect(r.data.pagination.total, list).toBeGreaterThan(0);
    }
    const k = await t.call('GET', '/api/health/psy/kpi', { token: county });
    expect(k.data.total.managed).toBeGreaterThan(0);
    expect(k.data.total.standard).toBeGreaterThan(0);
    expect(k.data.total.stable).toBeGreaterThan(0);
    expect(k.data.rows.length).toBeGreaterThanOrEqual(5);
    const deng = await t.login('dengshan');
    const mine = await t.call('GET', '/api/health/psy/patients', { token: deng });
    expect(mine.data.pagination.total).toBeGreaterThan(0);
    expect(mine.data.pagination.total).toBeLessThan(enrolments.length);
  });
});

import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { all } from '../../modules/health/plans/rows.ts';
import { demoReferral, seedReferral } from './referral.ts';

/** The demo referrals on the seeded population: 30–50, every state, history consistent, worklists and statistics non-empty. */
let t: TestApp;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
});
afterAll(async () => {
  await t.close();
});

describe('referral demo data', () => {
  it('seeds 30–50 referrals in every state, none in the future, once', async () => {
    const rows = await all(db, db.selectFrom('referrals').selectAll());
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.length).toBeLessThanOrEqual(50);
    const states = new Set(rows.map((r) => `${r.status}${r.status === '2' && Number(r.arrived) ? 'a' : ''}`));
    for (const s of ['3', '6', '0', '10', '5', '7', '8', '9', '2', '2a', '4', '11']) expect(states, s).toContain(s);
    const now = Date.now();
    for (const r of rows)
      for (const k of ['created_at', 'submitted_at', 'approved_at', 'answered_at', 'arrived_at', 'closed_at', 'step_since'])
        if (r[k] !== null) expect(Number(r[k])).toBeLessThanOrEqual(now);
    expect(new Set(rows.map((r) => r.direction))).toEqual(new Set(['1', '2']));
    const events = await all(db, db.selectFrom('referral_events').selectAll());
    for (const r of rows) expect(events.filter((e) => e.referral_id === r.id).at(-1)?.to_status ?? r.status).toBe(r.status);
    expect(await seedReferral(t.ctx)).toBe(0);
  });

  it('fills the worklists, the monitor and the statistics', async () => {
    const heyun = await t.login('heyun');
    const xuli = await t.login('xuli');
    const admin = await t.login('admin');
    const monitor = await t.call('GET', '/api/referral/monitor', { token: heyun });
    expect(monitor.data.pagination.total).toBeGreaterThan(5);
    expect(monitor.data.list[0].breached).toBe(true);
    for (const list of ['toApprove', 'toReceive', 'notArrived', 'afterReferral', 'breached'])
      expect((await t.call('GET', `/api/referral/worklists/${list}`, { token: admin })).data.pagination.total, list).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/referral/worklists/mine', { token: xuli })).data.pagination.total).toBeGreaterThan(0);
    const month = new Date().toISOString().slice(0, 7);
    const from = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 7);
    const s = await t.call('GET', `/api/referral/stats?monthFrom=${from}&monthTo=${month}`, { token: heyun });
    expect(s.data.total.up).toBeGreaterThan(0);
    expect(s.data.total.down).toBeGreaterThan(0);
    expect(s.data.followUp.length).toBeGreaterThan(0);
  });

  it('is pure and scales', () => {
    const residents = Array.from({ length: 2000 }, (_, i) => ({ id: `r${i}`, manageOrgId: '100000000000000033' }));
    const d = demoReferral(residents, Date.UTC(2030, 0, 1), 1000);
    expect(d.referrals).toHaveLength(1000);
    expect(demoReferral(residents, Date.UTC(2030, 0, 1), 1000)).toEqual(d);
  });
});

import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { all } from '../../modules/health/plans/rows.ts';
import { seedFamilyDoctor } from './family-doctor.ts';

/** The demo contracts on the seeded population: every state, tasks and records, the four worklists non-empty, seeded once. */
let t: TestApp;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
});
afterAll(async () => {
  await t.close();
});

describe('family-doctor demo data', () => {
  it('seeds ~80 contracts in every state with tasks and records, once', async () => {
    const rows = await all(db, db.selectFrom('fd_contracts').selectAll());
    expect(rows.length).toBe(80);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['signed', 'pending', 'terminated', 'expired']));
    expect(new Set(rows.map((r) => r.resident_id)).size).toBe(80);
    const tasks = await all(db, db.selectFrom('fd_tasks').select(['status']));
    for (const s of ['0', '1', '2', '3', '8'])
      expect(
        tasks.some((x) => x.status === s),
        s,
      ).toBe(true);
    const recs = await all(db, db.selectFrom('fd_service_records').select(['authenticity', 'audit_status']));
    for (const a of ['0', '1', '2'])
      expect(
        recs.some((x) => x.authenticity === a),
        a,
      ).toBe(true);
    for (const a of ['pending', 'approved', 'rejected'])
      expect(
        recs.some((x) => x.audit_status === a),
        a,
      ).toBe(true);
    await seedFamilyDoctor(t.ctx);
    expect((await all(db, db.selectFrom('fd_contracts').select('id'))).length).toBe(80);
  });

  it('fills the township doctor’s four worklists and lists', async () => {
    const xuli = await t.login('xuli');
    const meta = await t.call('GET', '/api/family-doctor/meta', { token: xuli });
    expect(meta.status, meta.msg).toBe(200);
    for (const k of ['expiring', 'audit', 'overdue', 'unsigned']) expect(meta.data.counts[k], k).toBeGreaterThan(0);
    for (const url of ['/api/family-doctor/contracts', '/api/family-doctor/tasks', '/api/family-doctor/records'])
      expect((await t.call('GET', url, { token: xuli })).data.pagination.total, url).toBeGreaterThan(0);
    const dengshan = await t.login('dengshan');
    expect((await t.call('GET', '/api/family-doctor/contracts', { token: dengshan })).data.pagination.total).toBeGreaterThan(0);
  });
});

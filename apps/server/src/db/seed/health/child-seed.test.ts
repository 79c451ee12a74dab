import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_WORKLISTS } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../../../modules/health/plans/rows.ts';
import { seedChild } from './child.ts';

/** The child-health demo data on the seeded population: records, mothers, history, and figures in every worklist and KPI on a fresh start. */
let t: TestApp;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string, where?: [string, string, unknown]) => {
  let q = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  if (where) q = q.where(where[0], where[1] as never, where[2]);
  return Number((await q.executeTakeFirst())?.n ?? 0);
};

describe('child demo data', () => {
  it('records for most children 0–6, some linked to a mother of the family, 体弱儿, 失访, a history of checks, no future date', async () => {
    const records = await count('health_child_records');
    expect(records).toBeGreaterThan(100);
    expect(await count('health_child_records', ['weak', '=', 1])).toBeGreaterThan(0);
    expect(await count('health_child_records', ['lost', '=', 1])).toBeGreaterThan(0);
    expect(await count('health_child_records', ['referral', '=', 1])).toBeGreaterThan(0);
    const linked = await all(
      db,
      db
        .selectFrom('health_child_records as c')
        .innerJoin('lc_health_resident as m', 'm.id', 'c.mother_resident_id')
        .innerJoin('lc_health_resident as k', 'k.id', 'c.resident_id')
        .select(['m.sex as sex', 'm.familyId as mf', 'k.familyId as kf']),
    );
    expect(linked.length).toBeGreaterThan(20);
    expect(linked.every((r) => r.sex === '2' && r.mf === r.kf)).toBe(true);
    expect(await count('lc_health_child_checkup')).toBeGreaterThan(records * 3);
    expect(await count('lc_health_child_newborn')).toBeGreaterThan(0);
    expect(await count('health_plans', ['programme', '=', 'child'])).toBe(records * 16);
    const future = await db.selectFrom('lc_health_child_checkup').select('id').where('visitDate', '>', Date.now()).executeTakeFirst();
    expect(future).toBeUndefined();
    // Idempotent.
    expect(await seedChild(t.ctx)).toBe(0);
  });

  it('every worklist and both KPIs show figures for a township doctor', async () => {
    const token = await t.login('xuli');
    for (const list of CHILD_WORKLISTS) {
      const r = await t.call('GET', `/api/health/child/worklists/${list}`, { token });
      expect(r.status, r.msg).toBe(200);
      expect(r.data.pagination.total, list).toBeGreaterThan(0);
    }
    const k = await t.call('GET', '/api/health/child/kpi', { token });
    expect(k.status, k.msg).toBe(200);
    expect(k.data.total.newborns).toBeGreaterThan(0);
    expect(k.data.total.newbornVisitRate).toBeGreaterThan(0);
    expect(k.data.total.managementRate).toBeGreaterThan(0.3);
    expect(k.data.total.managementRate).toBeLessThan(1);
  });
});

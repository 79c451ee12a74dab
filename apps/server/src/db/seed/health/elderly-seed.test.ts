import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elderlyBirthBound, selfCareBand, selfCareTotal, yearOf } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../../../modules/health/plans/rows.ts';
import { demoElderly, seedElderly } from './elderly.ts';

/** The elderly demo data: shares, dates, rules as on save, idempotence, and figures in every worklist and the KPI on a fresh start. */
let t: TestApp;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
});
afterAll(async () => {
  await t?.close();
});

const n = async (q: { executeTakeFirst(): Promise<unknown> }) => Number(((await q.executeTakeFirst()) as { n?: unknown })?.n ?? 0);

describe('elderly demo data', () => {
  it('about 60 % of this year’s eligible residents checked, none in the future, earlier years too', async () => {
    const at = Date.now();
    const year = yearOf(at);
    const eligible = await n(
      db
        .selectFrom('lc_health_resident')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('archiveState', '=', 1)
        .where('birthDate', '<', elderlyBirthBound(year)),
    );
    const checked = await n(
      db
        .selectFrom('lc_old_health_check')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('checkYear', '=', year),
    );
    expect(eligible).toBeGreaterThan(200);
    expect(checked / eligible).toBeGreaterThan(0.5);
    expect(checked / eligible).toBeLessThan(0.7);
    expect(
      await n(
        db
          .selectFrom('lc_old_health_check')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('checkYear', '=', year - 1),
      ),
    ).toBeGreaterThan(100);
    expect(
      await n(
        db
          .selectFrom('lc_old_health_check')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('checkDate', '>', at),
      ),
    ).toBe(0);
  });

  it('scores and bands are the contract rules; the last-check rows are each resident’s newest check', async () => {
    const rows = await all(db, db.selectFrom('lc_old_health_check').selectAll().limit(400));
    for (const r of rows) {
      expect(Number(r.selfCareScore)).toBe(selfCareTotal(r));
      expect(r.selfCareBand).toBe(selfCareBand(Number(r.selfCareScore)));
    }
    const residents = await n(
      db.selectFrom('lc_old_health_check').select((eb) => eb.fn.count(eb.fn('distinct' as never, ['residentId'] as never)).as('n')),
    );
    expect(await n(db.selectFrom('health_old_last').select((eb) => eb.fn.countAll().as('n')))).toBe(residents);
    const bands = await all(db, db.selectFrom('health_old_last').select(['self_care_band as band']).groupBy('self_care_band'));
    expect(bands.map((b) => b.band).sort()).toEqual(['1', '2', '3', '4']);
  });

  it('a village doctor sees figures in every worklist, a county doctor in the KPI', async () => {
    const deng = await t.login('dengshan');
    for (const list of ['unchecked', 'dependent', 'positive']) {
      const r = await t.call('GET', `/api/health/elderly/worklists/${list}`, { token: deng });
      expect(r.status).toBe(200);
      expect(r.data.pagination.total, list).toBeGreaterThan(0);
    }
    const county = await t.login('huangqiang');
    const kpi = await t.call('GET', '/api/health/elderly/kpi', { token: county });
    expect(kpi.status, kpi.msg).toBe(200);
    expect(kpi.data.total.rate).toBeGreaterThan(50);
    expect(kpi.data.rows.filter((r: { eligible: number }) => r.eligible > 0).length).toBeGreaterThanOrEqual(3);
    const fu = await t.call('GET', '/api/health/followup/org', { token: county });
    expect(fu.status).toBe(200);
    expect(fu.data.programmes).toEqual(expect.arrayContaining(['htn', 'dm']));
  });

  it('is idempotent and deterministic', async () => {
    expect(await seedElderly(t.ctx)).toBe(0);
    const residents = [
      { id: 'a', birthDate: Date.UTC(1940, 0, 1), heightCm: 160, manageOrgId: 'o', doctorId: 'd', archiveState: 1 },
      { id: 'b', birthDate: Date.UTC(1990, 0, 1), heightCm: 160, manageOrgId: 'o', doctorId: 'd', archiveState: 1 },
    ];
    const at = Date.UTC(2030, 5, 1);
    expect(demoElderly(residents, at)).toEqual(demoElderly(residents, at));
    expect(demoElderly(residents, at).checks.every((c) => c.residentId === 'a' && Number(c.checkDate) < at)).toBe(true);
  });
});

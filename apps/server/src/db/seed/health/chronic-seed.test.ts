import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKLISTS } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { demoChronic, seedChronic } from './chronic.ts';

/** The chronic demo data: shares, determinism, idempotence, and figures in every worklist of a village doctor on a fresh start. */
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

describe('chronic demo data', () => {
  it('about 20 % of the residents with hypertension and 8 % with diabetes, with two years of visits', async () => {
    const residents = await count('lc_health_resident');
    const htn = await count('health_chronic_enrolments', ['programme', '=', 'htn']);
    const dm = await count('health_chronic_enrolments', ['programme', '=', 'dm']);
    expect(htn / residents).toBeGreaterThan(0.18);
    expect(htn / residents).toBeLessThan(0.22);
    expect(dm / residents).toBeGreaterThan(0.07);
    expect(dm / residents).toBeLessThan(0.09);
    expect(await count('lc_htn_followup')).toBeGreaterThan(htn * 5);
    expect(await count('lc_htn_followup', ['lateEntry', '=', 1])).toBeGreaterThan(0);
    expect(await count('lc_dm_followup', ['classification', '=', '2'])).toBeGreaterThan(0);
    expect(await count('lc_htn_followup', ['referralFlag', '=', '2'])).toBeGreaterThan(0);
  });

  it('is idempotent and deterministic', async () => {
    expect(await seedChronic(t.ctx)).toBe(0);
    const residents = [
      { id: 'a', birthDate: Date.UTC(1950, 0, 1), heightCm: 170, manageOrgId: 'o', doctorId: 'd', archiveState: 1 },
      { id: 'b', birthDate: Date.UTC(1960, 0, 1), heightCm: 160, manageOrgId: 'o', doctorId: 'd', archiveState: 1 },
      { id: 'c', birthDate: Date.UTC(1970, 0, 1), heightCm: 165, manageOrgId: 'o', doctorId: 'd', archiveState: 1 },
      { id: 'd', birthDate: Date.UTC(1955, 0, 1), heightCm: 175, manageOrgId: 'o', doctorId: 'd', archiveState: 1 },
      { id: 'e', birthDate: Date.UTC(1945, 0, 1), heightCm: 168, manageOrgId: 'o', doctorId: 'd', archiveState: 1 },
    ];
    const at = Date.UTC(2026, 5, 1);
    expect(JSON.stringify(demoChronic('htn', residents, at))).toBe(JSON.stringify(demoChronic('htn', residents, at)));
  });

  it('every worklist of the village doctor of 东风村 shows figures', async () => {
    const token = await t.login('dengshan');
    for (const programme of ['htn', 'dm'])
      for (const list of WORKLISTS) {
        const r = await t.call('GET', `/api/health/chronic/${programme}/worklists/${list}?pageSize=1`, { token });
        expect(r.status, `${programme} ${list}: ${r.msg}`).toBe(200);
        expect(r.data.pagination.total, `${programme} ${list}`).toBeGreaterThan(0);
      }
  });
});

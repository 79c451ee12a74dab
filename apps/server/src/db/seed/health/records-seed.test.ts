import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { parseIdNumber } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { seedResidents } from './records-residents.ts';
import { RESIDENT_TABLE, FAMILY_TABLE } from './records-models.ts';

/** The demo population: seeded by the harness's seed, valid ID numbers, idempotent, with a realistic elderly share. */
let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
});
afterAll(() => t.close());

describe('demo residents', () => {
  it('are there, in families, with valid fictitious ID numbers and an elderly share', async () => {
    const rows = await db.selectFrom(RESIDENT_TABLE).select(['idNumber', 'birthDate', 'sex', 'familyId']).execute();
    expect(rows.length).toBeGreaterThan(2700);
    expect(rows.length).toBeLessThan(3400);
    const withId = rows.filter((r) => r.idNumber);
    for (const r of withId) {
      const info = parseIdNumber(r.idNumber);
      expect(info.valid).toBe(true);
      expect(info.sex).toBe(r.sex);
      expect(info.birthDate).toBe(Number(r.birthDate));
      expect(r.idNumber.startsWith('3699')).toBe(true);
    }
    const old = rows.filter((r) => Date.UTC(2026, 0, 1) - Number(r.birthDate) >= 65 * 365.25 * 86_400_000).length / rows.length;
    expect(old).toBeGreaterThan(0.12);
    expect(old).toBeLessThan(0.35);
    const families = await db.selectFrom(FAMILY_TABLE).select('id').execute();
    expect(families.length).toBeGreaterThan(900);
  });

  it('is idempotent', async () => {
    expect(await seedResidents(t.ctx)).toBe(0);
  });
});

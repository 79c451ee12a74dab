import { sql, type Kysely, type SqlBool, type Expression } from 'kysely';
import type { FdPopulationGroup } from '@medalliance/contract';
import { all } from '../health/plans/rows.ts';

/**
 * A resident's population groups (§4 人群分类) as the archive shows them: 02
 * children 0–6 and 03 the elderly (65+, the national elderly service; the
 * elderly programme of this product) by age, 04 / 05 an open hypertension /
 * diabetes enrolment, 08 a recorded disability. 10 一般人群 when none.
 */

const YEAR = 365.2425 * 86_400_000;
const CHILD_YEARS = 7;
const ELDERLY_YEARS = 65;
const PROGRAMME_GROUP: Record<string, FdPopulationGroup> = { htn: '04', dm: '05' };

export function groupsOf(
  r: { birthDate: number | null; disability: string | null },
  programmes: string[],
  at: number,
): FdPopulationGroup[] {
  const g: FdPopulationGroup[] = [];
  if (r.birthDate !== null) {
    const age = (at - r.birthDate) / YEAR;
    if (age < CHILD_YEARS) g.push('02');
    if (age >= ELDERLY_YEARS) g.push('03');
  }
  for (const p of programmes) if (PROGRAMME_GROUP[p]) g.push(PROGRAMME_GROUP[p]);
  if (r.disability && r.disability !== '1') g.push('08');
  return g.length ? [...new Set(g)] : ['10'];
}

/** The group a new contract is preset to: the first key group (chronic first, then age, disability). */
export function presetGroup(groups: FdPopulationGroup[]): FdPopulationGroup {
  for (const g of ['04', '05', '03', '02', '08'] as const) if (groups.includes(g)) return g;
  return groups[0] ?? '10';
}

/** Open chronic enrolments of these residents (one statement). */
export async function programmesOf(db: Kysely<any>, residentIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!residentIds.length) return out;
  const rows = await all(
    db,
    db
      .selectFrom('health_chronic_enrolments')
      .select(['resident_id', 'programme'])
      .where('resident_id', 'in', residentIds)
      .where('outcome', '<>', 2),
  );
  for (const r of rows) out.set(String(r.resident_id), [...(out.get(String(r.resident_id)) ?? []), String(r.programme)]);
  return out;
}

/** SQL: the archive row `r` belongs to a key population (any group but 一般人群). */
export function keyPopulation(at: number): Expression<SqlBool> {
  const child = Math.round(at - CHILD_YEARS * YEAR);
  const elderly = Math.round(at - ELDERLY_YEARS * YEAR);
  return sql<SqlBool>`(r.${sql.id('birthDate')} > ${child} or r.${sql.id('birthDate')} <= ${elderly}
    or (r.${sql.id('disability')} is not null and r.${sql.id('disability')} <> '1')
    or exists (select 1 from health_chronic_enrolments e where e.resident_id = r.id and e.outcome <> 2))`;
}

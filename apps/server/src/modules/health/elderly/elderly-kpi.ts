import { sql, type Kysely } from 'kysely';
import { elderlyBirthBound, type ElderlyKpiRow } from '@medalliance/contract';
import { ELDERLY_CHECK_TABLE } from '../../../db/seed/health/elderly-models.ts';
import { RESIDENT_TABLE } from '../plans/worklist.ts';
import { orgBucket, orgFilter, type KpiOrgView } from '../kpi/kpi-orgs.ts';

/**
 * 老年人健康管理率 (issue 18, M8; §1.9) = eligible residents with a check in
 * the year ÷ eligible residents (archive 正常, 65 or older during the year),
 * by unit, aggregated in one statement. The residents behind a figure are
 * elderlyResidents over the row's organisations (same conditions), so a
 * drill-down's total is the figure.
 */

// Result columns are one lowercase word: SQLite's driver keys rows in camelCase even without plugins.
export async function elderlyKpiTable(db: Kysely<any>, view: KpiOrgView, year: number) {
  const org = sql.ref('r.manageOrgId');
  const stmt = sql<{ k: string; eligible: unknown; checked: unknown }>`select ${orgBucket(view, org)} as k,
      count(*) as eligible,
      sum(case when exists (select 1 from ${sql.table(ELDERLY_CHECK_TABLE)} c
        where c.${sql.id('residentId')} = r.id and c.${sql.id('checkYear')} = ${year}) then 1 else 0 end) as checked
    from ${sql.table(RESIDENT_TABLE)} r
    where r.${sql.id('archiveState')} = 1 and r.${sql.id('birthDate')} < ${elderlyBirthBound(year)}
      and ${orgFilter(view, org)}
    group by 1`;
  const res = await stmt.execute(db);
  const byKey = new Map(res.rows.map((r) => [String(r.k), { eligible: Number(r.eligible ?? 0), checked: Number(r.checked ?? 0) }]));
  const rows: ElderlyKpiRow[] = view.rows.map((r) => {
    const v = byKey.get(r.id) ?? { eligible: 0, checked: 0 };
    return { ...r, ...v, rate: rate(v.checked, v.eligible) };
  });
  // The own row stays only when it has residents of its own (a township centre's town streets).
  const shown = rows.filter((r) => !r.own || r.eligible > 0 || rows.length === 1);
  const eligible = rows.reduce((s, r) => s + r.eligible, 0);
  const checked = rows.reduce((s, r) => s + r.checked, 0);
  return { year, org: view.org, rows: shown, total: { eligible, checked, rate: rate(checked, eligible) } };
}

/** Percent with one decimal; null without a denominator. */
export const rate = (num: number, den: number): number | null => (den > 0 ? Math.round((num * 1000) / den) / 10 : null);

import { sql, type RawBuilder } from 'kysely';
import type { KpiOrgView } from '../kpi/kpi-orgs.ts';

/**
 * The by-unit tables of this programme and of the follow-up list by
 * organisation group rows the way the chronic KPIs do (kpi-orgs.ts: each child
 * unit of the selected organisation with its subtree, plus the selected one's
 * own row). kpi.service.ts keeps its CASE builder private, so this is the same
 * small builder over the same view.
 */

/** `column in (subtree)`, or nothing for the whole county. */
export function viewFilter(view: KpiOrgView, column: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!view.orgIds) return sql`1 = 1`;
  if (!view.orgIds.length) return sql`1 = 0`;
  return sql`${column} in (${sql.join(view.orgIds)})`;
}

/** The row key of an organisation column: a CASE over the rows' id lists (bound values); group by position. */
export function viewBucket(view: KpiOrgView, column: RawBuilder<unknown>): RawBuilder<unknown> {
  const byRow = new Map<string, string[]>();
  for (const [org, row] of view.bucketOf) if (row !== view.org.id) byRow.set(row, [...(byRow.get(row) ?? []), org]);
  if (!byRow.size) return sql`${view.org.id}`;
  const whens = [...byRow].map(([row, ids]) => sql`when ${column} in (${sql.join(ids)}) then ${row}`);
  return sql`case ${sql.join(whens, sql` `)} else ${view.org.id} end`;
}

/** The organisations of one row of the table (403 for a row that is not one). */
export function rowOrgIds(view: KpiOrgView, rowId: string): string[] | null {
  if (!view.rows.some((r) => r.id === rowId)) return null;
  return [...view.bucketOf].filter(([, row]) => row === rowId).map(([org]) => org);
}

import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { IMAGING_OPEN_STATUSES, imagingStageDue, type ImagingCentre, type ImagingLimits } from '@medalliance/contract';
import { inScope, type HealthScope } from '../../health/privacy/scope.ts';

/**
 * The study sets every figure counts (alias `s` on img_studies):
 * - released in the period: fee_month (YYYY-MM of release, UTC) within it —
 *   fees, turnaround, stage times, workload, positive, audit-change and
 *   quality figures; a revised study keeps its first release's month;
 * - registered in the period: registered_at within its months (UTC) —
 *   volume and SLA breaches.
 */
export interface Period {
  centre: ImagingCentre;
  monthFrom: string;
  monthTo: string;
  unitId?: string | undefined;
  /** One month of the period (a table cell's drill-down). */
  month?: string | undefined;
  scope: HealthScope;
}

export const monthStart = (m: string) => Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1);
/** The first instant after the month. */
export const monthEnd = (m: string) => Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 1);

const common = (p: Period): Expression<SqlBool>[] => [
  sql<SqlBool>`s.centre = ${p.centre}`,
  inScope(p.scope, 's.apply_org_id'),
  ...(p.unitId ? [sql<SqlBool>`s.apply_org_id = ${p.unitId}`] : []),
];
const and = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;

export function releasedIn(p: Period): Expression<SqlBool> {
  const from = p.month ?? p.monthFrom;
  const to = p.month ?? p.monthTo;
  return and([...common(p), sql<SqlBool>`s.fee_month >= ${from}`, sql<SqlBool>`s.fee_month <= ${to}`]);
}

export function registeredIn(p: Period): Expression<SqlBool> {
  const from = monthStart(p.month ?? p.monthFrom);
  const to = monthEnd(p.month ?? p.monthTo);
  return and([...common(p), sql<SqlBool>`s.registered_at >= ${from}`, sql<SqlBool>`s.registered_at < ${to}`]);
}

/** An audit that disagreed with the report. */
export const disagreed = sql<SqlBool>`exists (select 1 from img_quality_reviews q where q.study_id = s.id and q.disagrees = 1)`;

/** The study's latest image-quality review (alias q). */
export const latestReview = sql<SqlBool>`not exists (select 1 from img_quality_reviews q2 where q2.study_id = q.study_id and (q2.created_at > q.created_at or (q2.created_at = q.created_at and q2.id > q.id)))`;

/** Statuses of each stage (contract imagingStage), for the stage limits. */
const STAGE_STATUSES = [
  ['registered', 'qc_returned'],
  ['uploaded'],
  ['qc_passed'],
  ['triaged', 'reading', 'audit_returned'],
  ['preliminary', 'auditing'],
  ['audited'],
];

/** The time limit (ms) of the stage entered with `to_status`, at the study's priority; null: no limit. */
function limitSql(limits: ImagingLimits): Expression<number | null> {
  const whens = STAGE_STATUSES.flatMap((statuses) =>
    [0, 1, 2].map((p) => {
      const ms = imagingStageDue(limits, statuses[0]!, p, 0)!;
      const prio = p === 2 ? sql`s.priority >= 2` : sql`s.priority = ${sql.lit(p)}`;
      return sql`when ev.to_status in (${sql.join(statuses)}) and ${prio} then ${sql.lit(ms)}`;
    }),
  );
  return sql<number | null>`(case ${sql.join(whens, sql` `)} else null end)`;
}

/**
 * Ids of studies that passed a stage limit: a stage (from the transition
 * that entered it to the next one; the current stage of an open study until
 * `at`) that lasted longer than its limit under the current settings.
 * Stage intervals come from img_events (transitions only, not edits or
 * reviews), so a breach stays counted after the study moved on.
 */
export function breachedIds(db: Kysely<any>, base: Expression<SqlBool>, limits: ImagingLimits, at: number) {
  const ev = sql`(select e.study_id, e.to_status, e.at, lead(e.at) over (partition by e.study_id order by e.at, e.id) as next_at
    from img_events e inner join img_studies s on s.id = e.study_id
    where ${base} and (e.from_status is null or e.from_status <> e.to_status))`;
  return db
    .selectFrom(ev.as('ev'))
    .innerJoin('img_studies as s', 's.id', 'ev.study_id')
    .select('ev.study_id')
    .where(
      sql<SqlBool>`coalesce(ev.next_at, case when s.status in (${sql.join(IMAGING_OPEN_STATUSES)}) then cast(${at} as bigint) else null end) - ev.at > ${limitSql(limits)}`,
    )
    .distinct();
}

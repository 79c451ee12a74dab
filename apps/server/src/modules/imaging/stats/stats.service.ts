import { sql, type Kysely } from 'kysely';
import type {
  ImgFeeStats,
  ImgStats,
  ImgStatsDoctorRow,
  ImgStatsFeeRow,
  ImgStatsMonthRow,
  ImgStatsStage,
  ImgStatsTotals,
  ImgStatsUnitRow,
} from '@medalliance/contract';
import { all } from '../../health/plans/rows.ts';
import { orgOrder } from '../catalog/org-sort.ts';
import { getImagingLimits } from '../settings.ts';
import { breachedIds, disagreed, latestReview, registeredIn, releasedIn, type Period } from './conditions.ts';

/**
 * Statistics of a centre over a period (issue 20): every figure one grouped
 * SELECT over img_studies (fees are stamped on the study at release, so
 * fee figures are SUMs), units in the centre's organisation order.
 */

const HOUR = 3_600_000;
const hours = (ms: number, n: number) => (n ? Math.round((ms / n / HOUR) * 10) / 10 : null);
const rate = (a: number, b: number) => (b ? Math.round((a / b) * 10_000) / 10_000 : null);
const n = (v: unknown) => Number(v ?? 0);

async function unitNames(db: Kysely<any>, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await all(db, db.selectFrom('organizations').select(['id', 'full_name as name']).where('id', 'in', ids));
  return new Map(rows.map((r) => [String(r.id), String(r.name)]));
}

/** Fees by unit and month: the fee pages and the bench's statistic. */
export async function feeStats(db: Kysely<any>, p: Period): Promise<ImgFeeStats> {
  const rows = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .where(releasedIn(p))
      .select([
        's.apply_org_id as unitId',
        's.fee_month as month',
        sql<number>`count(*)`.as('released'),
        sql<number>`coalesce(sum(s.diag_fee), 0)`.as('diagFee'),
        sql<number>`coalesce(sum(s.apply_fee), 0)`.as('applyFee'),
      ])
      .groupBy(['s.apply_org_id', 's.fee_month']),
  );
  const order = await orgOrder(db, p.centre);
  const names = await unitNames(db, [...new Set(rows.map((r) => String(r.unitId)))]);
  const place = (u: string) => order.get(u) ?? Number.MAX_SAFE_INTEGER;
  const fees: ImgStatsFeeRow[] = rows
    .map((r) => ({
      unitId: String(r.unitId),
      unitName: names.get(String(r.unitId)) ?? String(r.unitId),
      month: String(r.month),
      released: n(r.released),
      diagFee: n(r.diagFee),
      applyFee: n(r.applyFee),
    }))
    .sort((a, b) => place(a.unitId) - place(b.unitId) || a.unitName.localeCompare(b.unitName) || a.month.localeCompare(b.month));
  const units = new Map<string, ImgFeeStats['units'][number]>();
  const months = new Map<string, ImgStatsMonthRow>();
  for (const f of fees) {
    const u = units.get(f.unitId) ?? { unitId: f.unitId, unitName: f.unitName, released: 0, diagFee: 0, applyFee: 0 };
    const m = months.get(f.month) ?? { month: f.month, released: 0, diagFee: 0, applyFee: 0 };
    for (const e of [u, m]) {
      e.released += f.released;
      e.diagFee += f.diagFee;
      e.applyFee += f.applyFee;
    }
    units.set(f.unitId, u);
    months.set(f.month, m);
  }
  const totals = { released: 0, diagFee: 0, applyFee: 0 };
  for (const f of fees) {
    totals.released += f.released;
    totals.diagFee += f.diagFee;
    totals.applyFee += f.applyFee;
  }
  return {
    centre: p.centre,
    monthFrom: p.monthFrom,
    monthTo: p.monthTo,
    totals,
    units: [...units.values()],
    fees,
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
  };
}

const STAGES: [ImgStatsStage['stage'], string, string][] = [
  ['upload', 'registered_at', 'uploaded_at'],
  ['qc', 'uploaded_at', 'qc_at'],
  ['triage', 'qc_at', 'triaged_at'],
  ['start', 'triaged_at', 'read_started_at'],
  ['report', 'read_started_at', 'reported_at'],
  ['audit', 'reported_at', 'audited_at'],
  ['release', 'audited_at', 'released_at'],
];

/** Every measure of the period: totals and per unit, fees by month, stage times, workload, quality grades. */
export async function centreStats(db: Kysely<any>, p: Period, at: number): Promise<ImgStats> {
  const released = releasedIn(p);
  const registered = registeredIn(p);
  const fee = await feeStats(db, p);

  const perUnit = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .where(released)
      .select([
        's.apply_org_id as unitId',
        sql<number>`count(*)`.as('released'),
        sql<number>`coalesce(sum(s.released_at - s.registered_at), 0)`.as('turnMs'),
        sql<number>`sum(case when s.positive = 1 then 1 else 0 end)`.as('positive'),
        sql<number>`sum(case when s.positive is not null then 1 else 0 end)`.as('judged'),
        sql<number>`sum(case when ${disagreed} then 1 else 0 end)`.as('disagree'),
        sql<number>`coalesce(sum(s.diag_fee), 0)`.as('diagFee'),
        sql<number>`coalesce(sum(s.apply_fee), 0)`.as('applyFee'),
      ])
      .groupBy('s.apply_org_id'),
  );
  const limits = await getImagingLimits(db, p.centre);
  const reg = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .where(registered)
      .select([
        's.apply_org_id as unitId',
        sql<number>`count(*)`.as('registered'),
        sql<number>`sum(case when s.id in (${breachedIds(db, registered, limits, at)}) then 1 else 0 end)`.as('breached'),
      ])
      .groupBy('s.apply_org_id'),
  );

  const order = await orgOrder(db, p.centre);
  const unitIds = [...new Set([...perUnit, ...reg].map((r) => String(r.unitId)))];
  const names = await unitNames(db, unitIds);
  const relBy = new Map(perUnit.map((r) => [String(r.unitId), r]));
  const regBy = new Map(reg.map((r) => [String(r.unitId), r]));
  const place = (u: string) => order.get(u) ?? Number.MAX_SAFE_INTEGER;
  const totalsOf = (
    r: Record<string, unknown> | undefined,
    g: Record<string, unknown> | undefined,
  ): ImgStatsTotals & { turnMs: number } => {
    const rel = n(r?.released);
    return {
      registered: n(g?.registered),
      breached: n(g?.breached),
      released: rel,
      turnMs: n(r?.turnMs),
      turnaroundHours: hours(n(r?.turnMs), rel),
      positive: n(r?.positive),
      judged: n(r?.judged),
      positiveRate: rate(n(r?.positive), n(r?.judged)),
      disagree: n(r?.disagree),
      disagreeRate: rate(n(r?.disagree), rel),
      diagFee: n(r?.diagFee),
      applyFee: n(r?.applyFee),
    };
  };
  const unitRows = unitIds
    .map((u) => ({ unitId: u, unitName: names.get(u) ?? u, ...totalsOf(relBy.get(u), regBy.get(u)) }))
    .sort((a, b) => place(a.unitId) - place(b.unitId) || a.unitName.localeCompare(b.unitName));
  const sum = (k: 'registered' | 'breached' | 'released' | 'turnMs' | 'positive' | 'judged' | 'disagree' | 'diagFee' | 'applyFee') =>
    unitRows.reduce((s, r) => s + r[k], 0);
  const totals: ImgStatsTotals = {
    registered: sum('registered'),
    breached: sum('breached'),
    released: sum('released'),
    turnaroundHours: hours(sum('turnMs'), sum('released')),
    positive: sum('positive'),
    judged: sum('judged'),
    positiveRate: rate(sum('positive'), sum('judged')),
    disagree: sum('disagree'),
    disagreeRate: rate(sum('disagree'), sum('released')),
    diagFee: sum('diagFee'),
    applyFee: sum('applyFee'),
  };
  const units: ImgStatsUnitRow[] = unitRows.map(({ turnMs: _t, ...r }) => r);

  // Mean time of each stage over the released studies that went through it.
  const stageRow = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .where(released)
      .select(
        STAGES.flatMap(([k, a, b]) => {
          const ok = sql`s.${sql.ref(a)} is not null and s.${sql.ref(b)} is not null and s.${sql.ref(b)} >= s.${sql.ref(a)}`;
          return [
            sql<number>`sum(case when ${ok} then 1 else 0 end)`.as(`${k}N`),
            sql<number>`sum(case when ${ok} then s.${sql.ref(b)} - s.${sql.ref(a)} else 0 end)`.as(`${k}Ms`),
          ];
        }),
      ),
  );
  const st = stageRow[0] ?? {};
  const stages: ImgStatsStage[] = STAGES.map(([k]) => ({
    stage: k,
    count: n(st[`${k}N`]),
    avgHours: hours(n(st[`${k}Ms`]), n(st[`${k}N`])),
  }));

  // Workload: released studies each doctor reported and audited.
  const byReader = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .where(released)
      .where('s.reader_id', 'is not', null)
      .select([
        's.reader_id as userId',
        sql<number>`count(*)`.as('reports'),
        sql<number>`sum(case when s.positive = 1 then 1 else 0 end)`.as('positive'),
        sql<number>`coalesce(sum(s.diag_fee), 0)`.as('diagFee'),
      ])
      .groupBy('s.reader_id'),
  );
  const byAuditor = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .where(released)
      .where('s.auditor_id', 'is not', null)
      .select(['s.auditor_id as userId', sql<number>`count(*)`.as('audits')])
      .groupBy('s.auditor_id'),
  );
  const doctorIds = [...new Set([...byReader, ...byAuditor].map((r) => String(r.userId)))];
  const people = doctorIds.length
    ? new Map(
        (await all(db, db.selectFrom('users').select(['id', 'real_name as realName']).where('id', 'in', doctorIds))).map((u) => [
          String(u.id),
          String(u.realName),
        ]),
      )
    : new Map<string, string>();
  const rBy = new Map(byReader.map((r) => [String(r.userId), r]));
  const aBy = new Map(byAuditor.map((r) => [String(r.userId), r]));
  const doctors: ImgStatsDoctorRow[] = doctorIds
    .map((u) => ({
      userId: u,
      realName: people.get(u) ?? u,
      reports: n(rBy.get(u)?.reports),
      audits: n(aBy.get(u)?.audits),
      positive: n(rBy.get(u)?.positive),
      diagFee: n(rBy.get(u)?.diagFee),
    }))
    .sort((a, b) => b.reports + b.audits - (a.reports + a.audits) || a.realName.localeCompare(b.realName));

  // Image quality: the grade of each released study's latest review.
  const grades = (
    await all(
      db,
      db
        .selectFrom('img_quality_reviews as q')
        .innerJoin('img_studies as s', 's.id', 'q.study_id')
        .where(released)
        .where(latestReview)
        .select(['q.grade as grade', sql<number>`count(*)`.as('count')])
        .groupBy('q.grade'),
    )
  ).map((g) => ({ grade: String(g.grade), count: n(g.count) }));
  const gradeOrder = ['excellent', 'good', 'pass', 'fail'];
  grades.sort((a, b) => gradeOrder.indexOf(a.grade) - gradeOrder.indexOf(b.grade));

  return {
    centre: p.centre,
    monthFrom: p.monthFrom,
    monthTo: p.monthTo,
    totals,
    units,
    fees: fee.fees,
    months: fee.months,
    stages,
    doctors,
    grades,
  };
}

import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  DAY_MS,
  KPI_PHONE_METHOD,
  KPI_STANDARD_VISITS,
  kpiFigures,
  kpiYearBounds,
  maskIdNumber,
  maskName,
  twelveMonthsBefore,
  type KpiFigures,
  type KpiMetric,
  type KpiPatient,
  type KpiPatientsQuery,
  type KpiProgramme,
  type KpiResult,
  type KpiRow,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { now } from '../../../lib/clock.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';
import { kpiOrgView, orgBucket, orgFilter, type KpiOrgView } from './kpi-orgs.ts';

/**
 * The health KPIs (issue 17, M3 §1.9) as bound SQL statements, aggregated in
 * the database: one statement for the three programme figures (管理人数,
 * 规范管理, 控制满意) of every row, one for 健康档案使用率, grouped by the row
 * (an organisation with its subtree, or a responsible doctor). The patients
 * behind a figure come from the same per-enrolment statement, filtered to the
 * row and the metric, so a drill-down's total is the figure.
 *
 * Per enrolment of the programme with at least one visit in the year:
 * face-to-face visits = visits whose visitMethod is not '3' (telephone); the
 * last visit = the one with the greatest visitDate, found in the same pass as
 * max(visitDate * 10 + (classification = 控制满意 ? 0 : 1)), so on one day an
 * uncontrolled visit wins over a controlled one (the cautious reading).
 * The year ends at the end of today (clock) for the current year.
 */

export const FOLLOWUP_TABLES: Record<KpiProgramme, string> = { htn: 'lc_htn_followup', dm: 'lc_dm_followup' };
export const RESIDENT_TABLE = 'lc_health_resident';
const ENROLMENTS = 'health_chronic_enrolments';
/** archiveState 正常. */
const ARCHIVE_NORMAL = 1;
const CONTROLLED = '1';

// Result columns are one lowercase word: SQLite's driver keys rows in camelCase even without plugins, PostgreSQL as written.
const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;
const num = (v: unknown) => Number(v ?? 0);

export interface KpiWindow {
  year: number;
  from: number;
  /** Exclusive: the end of the year, or the end of today for the current year. */
  to: number;
  activeSince: number;
}

/** The year's bounds from the clock (default: this year). */
export function kpiWindow(year?: number): KpiWindow {
  const t = now();
  const y = year ?? new Date(t).getUTCFullYear();
  const { from, to } = kpiYearBounds(y);
  const endOfToday = Math.floor(t / DAY_MS) * DAY_MS + DAY_MS;
  return { year: y, from, to: Math.max(from, Math.min(to, endOfToday)), activeSince: twelveMonthsBefore(t) };
}

type Grouping = { by: 'org'; view: KpiOrgView } | { by: 'doctor'; view: KpiOrgView };

/** Per enrolment with a visit in the window: its org, doctor, visits, face-to-face visits and last-visit key. */
function perEnrolment(programme: KpiProgramme, w: KpiWindow, view: KpiOrgView) {
  const f = FOLLOWUP_TABLES[programme];
  return sql`select e.id as enrolment_id, e.resident_id, e.org_id, e.doctor_id,
      count(*) as visits,
      sum(case when v.${sql.id('visitMethod')} = ${KPI_PHONE_METHOD} then 0 else 1 end) as f2f,
      max(v.${sql.id('visitDate')}) as last_at,
      max(v.${sql.id('visitDate')} * 10 + case when v.${sql.id('classification')} = ${CONTROLLED} then 0 else 1 end) as last_key
    from ${sql.table(ENROLMENTS)} e
    inner join ${sql.table(f)} v on v.${sql.id('enrolmentId')} = e.id
    where e.programme = ${programme}
      and v.${sql.id('visitDate')} >= ${w.from} and v.${sql.id('visitDate')} < ${w.to}
      and ${orgFilter(view, sql.ref('e.org_id'))}
    group by e.id, e.resident_id, e.org_id, e.doctor_id`;
}

const STANDARD = sql`case when t.f2f >= ${KPI_STANDARD_VISITS} then 1 else 0 end`;
const CONTROLLED_LAST = sql`case when t.last_key % 10 = 0 then 1 else 0 end`;

/** The programme statement: per row key, 管理人数, 规范管理 and 控制满意. */
export function programmeStatement(programme: KpiProgramme, w: KpiWindow, g: Grouping) {
  const key = g.by === 'org' ? orgBucket(g.view, sql.ref('t.org_id')) : sql`coalesce(t.doctor_id, '-')`;
  return sql<{ k: string; managed: unknown; standard: unknown; controlled: unknown }>`select ${key} as k,
      count(*) as managed, sum(${STANDARD}) as standard, sum(${CONTROLLED_LAST}) as controlled
    from (${perEnrolment(programme, w, g.view)}) t
    group by 1`;
}

/** The archive statement: per row key, normal archives and those with a record since `activeSince`. */
export function archiveStatement(w: KpiWindow, g: Grouping) {
  const org = sql.ref(`r.manageOrgId`);
  const key = g.by === 'org' ? orgBucket(g.view, org) : sql`coalesce(r.${sql.id('doctorId')}, '-')`;
  return sql<{ k: string; archives: unknown; used: unknown }>`select ${key} as k, count(*) as archives,
      sum(case when r.${sql.id('lastActivityAt')} >= ${w.activeSince} then 1 else 0 end) as used
    from ${sql.table(RESIDENT_TABLE)} r
    where r.${sql.id('archiveState')} = ${ARCHIVE_NORMAL} and ${orgFilter(g.view, org)}
    group by 1`;
}

const zero = () => ({ managed: 0, standard: 0, controlled: 0, archives: 0, archivesUsed: 0 });

/** The KPI table of one programme and year, by organisation or by doctor, with its total. */
export async function kpiTable(
  ctx: AppContext,
  session: SessionInfo,
  q: { programme: KpiProgramme; year?: number; orgId?: string; groupBy: 'org' | 'doctor' },
): Promise<KpiResult> {
  const view = await kpiOrgView(ctx, session, q.orgId);
  const w = kpiWindow(q.year);
  const g: Grouping = { by: q.groupBy, view };
  const db = raw(ctx);
  const [prog, arch] = await Promise.all([programmeStatement(q.programme, w, g).execute(db), archiveStatement(w, g).execute(db)]);
  const counts = new Map<string, ReturnType<typeof zero>>();
  const at = (k: string) => counts.get(k) ?? counts.set(k, zero()).get(k)!;
  for (const r of prog.rows)
    Object.assign(at(String(r.k)), { managed: num(r.managed), standard: num(r.standard), controlled: num(r.controlled) });
  for (const r of arch.rows) Object.assign(at(String(r.k)), { archives: num(r.archives), archivesUsed: num(r.used) });

  let rows: KpiRow[];
  if (q.groupBy === 'org') {
    rows = view.rows
      .map((r) => ({ key: r.id, name: r.name, own: r.own, ...kpiFigures(counts.get(r.id) ?? zero()) }))
      // The selected organisation's own row only when it holds patients or archives of its own.
      .filter((r) => !r.own || r.managed > 0 || r.archives > 0);
  } else {
    const ids = [...counts.keys()].filter((k) => k !== '-');
    const users = ids.length ? await db.selectFrom('users').select(['id', 'real_name as rname']).where('id', 'in', ids).execute() : [];
    const nameOf = new Map(users.map((u) => [String(u.id), String(u.rname)]));
    rows = [...counts]
      .map(([k, c]) => ({ key: k, name: k === '-' ? '' : (nameOf.get(k) ?? k), ...kpiFigures(c) }))
      .sort((a, b) => b.managed - a.managed || b.archives - a.archives || a.name.localeCompare(b.name, 'zh'));
  }
  // Rows partition the subtree (every organisation falls in exactly one row), so the total is their sum.
  const total = zero();
  for (const c of counts.values()) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += c[k];
  return {
    programme: q.programme,
    year: w.year,
    groupBy: q.groupBy,
    org: { id: view.org.id, name: view.org.name },
    from: w.from,
    to: w.to,
    activeSince: w.activeSince,
    total: kpiFigures(total) as KpiFigures,
    rows,
  };
}

/** The row's filter of a drill-down: an organisation row (its id list) or a doctor ('-': none). */
function rowFilter(view: KpiOrgView, q: KpiPatientsQuery, orgColumn: RawBuilder<unknown>, doctorColumn: RawBuilder<unknown>) {
  const parts: RawBuilder<unknown>[] = [];
  if (q.rowOrgId) {
    if (q.rowOrgId === view.org.id) {
      // The selected organisation's own row is the CASE's else: everything not in a child unit's row.
      const others = [...view.bucketOf].filter(([, row]) => row !== view.org.id).map(([org]) => org);
      if (others.length) parts.push(sql`(${orgColumn} is null or ${orgColumn} not in (${sql.join(others)}))`);
    } else {
      const ids = [...view.bucketOf].filter(([, row]) => row === q.rowOrgId).map(([org]) => org);
      parts.push(ids.length ? sql`${orgColumn} in (${sql.join(ids)})` : sql`1 = 0`);
    }
  }
  if (q.doctorId) parts.push(q.doctorId === '-' ? sql`${doctorColumn} is null` : sql`${doctorColumn} = ${q.doctorId}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`1 = 1`;
}

const METRIC_FILTER: Record<Exclude<KpiMetric, 'archives' | 'archivesUsed'>, RawBuilder<unknown>> = {
  managed: sql`1 = 1`,
  standard: sql`t.f2f >= ${KPI_STANDARD_VISITS}`,
  controlled: sql`t.last_key % 10 = 0`,
};

/** The patients (or archives) behind one figure, masked, one page and the total. */
export async function kpiPatients(ctx: AppContext, session: SessionInfo, q: KpiPatientsQuery) {
  const view = await kpiOrgView(ctx, session, q.orgId);
  const w = kpiWindow(q.year);
  const db = raw(ctx);
  const offset = (q.currentPage - 1) * q.pageSize;
  let page: RawBuilder<Record<string, unknown>>;
  let total: RawBuilder<{ n: unknown }>;
  if (q.metric === 'archives' || q.metric === 'archivesUsed') {
    const where = sql`r.${sql.id('archiveState')} = ${ARCHIVE_NORMAL}
      and ${orgFilter(view, sql.ref('r.manageOrgId'))}
      and ${rowFilter(view, q, sql.ref('r.manageOrgId'), sql.ref('r.doctorId'))}
      and ${q.metric === 'archivesUsed' ? sql`r.${sql.id('lastActivityAt')} >= ${w.activeSince}` : sql`1 = 1`}`;
    page = sql`select r.id, r.id as rid, r.${sql.id('fullName')} as fullname, r.${sql.id('idNumber')} as idnumber,
        r.sex, r.${sql.id('birthDate')} as birth, r.${sql.id('manageOrgId')} as org, r.${sql.id('doctorId')} as doctor,
        null as visits, null as f2f, null as lastat, null as lastkey, r.${sql.id('lastActivityAt')} as activity
      from ${sql.table(RESIDENT_TABLE)} r where ${where}
      order by r.${sql.id('manageOrgId')}, r.${sql.id('fullName')}, r.id limit ${q.pageSize} offset ${offset}`;
    total = sql`select count(*) as n from ${sql.table(RESIDENT_TABLE)} r where ${where}`;
  } else {
    const where = sql`${METRIC_FILTER[q.metric]} and ${rowFilter(view, q, sql.ref('t.org_id'), sql.ref('t.doctor_id'))}`;
    const per = perEnrolment(q.programme, w, view);
    page = sql`select t.enrolment_id as id, t.resident_id as rid, r.${sql.id('fullName')} as fullname, r.${sql.id('idNumber')} as idnumber,
        r.sex, r.${sql.id('birthDate')} as birth, t.org_id as org, t.doctor_id as doctor, t.visits, t.f2f, t.last_at as lastat, t.last_key as lastkey,
        r.${sql.id('lastActivityAt')} as activity
      from (${per}) t left join ${sql.table(RESIDENT_TABLE)} r on r.id = t.resident_id
      where ${where}
      order by t.org_id, r.${sql.id('fullName')}, t.enrolment_id limit ${q.pageSize} offset ${offset}`;
    total = sql`select count(*) as n from (${per}) t where ${where}`;
  }
  const [rows, count] = await Promise.all([page.execute(db), total.execute(db)]);
  const doctorIds = [...new Set(rows.rows.map((r) => r.doctor).filter(Boolean) as string[])];
  const doctors = doctorIds.length
    ? await db.selectFrom('users').select(['id', 'real_name as rname']).where('id', 'in', doctorIds).execute()
    : [];
  const doctorName = new Map(doctors.map((d) => [String(d.id), String(d.rname)]));
  const list: KpiPatient[] = rows.rows.map((r) => {
    const lastKey = r.lastkey == null ? null : num(r.lastkey);
    return {
      id: String(r.id),
      residentId: String(r.rid),
      name: maskName(r.fullname as string | null),
      idNumber: maskIdNumber(r.idnumber as string | null),
      sex: (r.sex as string | null) ?? null,
      birthDate: r.birth == null ? null : num(r.birth),
      orgId: (r.org as string | null) ?? null,
      orgName: r.org ? (view.names.get(String(r.org)) ?? null) : null,
      doctorId: (r.doctor as string | null) ?? null,
      doctorName: r.doctor ? (doctorName.get(String(r.doctor)) ?? null) : null,
      visits: r.visits == null ? null : num(r.visits),
      faceToFace: r.f2f == null ? null : num(r.f2f),
      lastVisitAt: r.lastat == null ? null : num(r.lastat),
      lastControlled: lastKey === null ? null : lastKey % 10 === 0,
      lastActivityAt: r.activity == null ? null : num(r.activity),
    };
  });
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: num(count.rows[0]?.n) } };
}

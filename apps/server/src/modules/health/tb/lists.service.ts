import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  firstVisitDeadline,
  hoursToFirstVisitDeadline,
  TB_PLAN_KINDS,
  type TbCaseRow,
  type TbListQuery,
  type TbPatientType,
  type TbPhase,
  type TbState,
  type TbWorklist,
} from '@medalliance/contract';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { likeEscape, maskRow, RESIDENT_TABLE } from '../plans/worklist.ts';
import { planStateCondition } from '../plans/plans.service.ts';
import { all } from '../plans/rows.ts';
import { TB_TABLE } from './cases.service.ts';
import { TB_MODELS } from './models.ts';

/**
 * The TB lists: patients (all cases) and the four worklists, each one
 * statement filtered, sorted and paged in SQL, scoped by the caller's units,
 * names / ID numbers / phones masked:
 * - first72: 待入户 cases, the 72-hour deadline first (hours left or overdue);
 * - due: 治疗管理中 cases with a plan open today (本期应访);
 * - missed: 治疗管理中 cases with a visit of the current phase with missed doses > 0;
 * - closing: 治疗管理中 cases whose course end has come (待结案评估).
 */

type Q = SelectQueryBuilder<any, any, any>;
const HOURS_72 = 72 * 3_600_000;

export type TbListFilter = TbListQuery & { doctorId?: string; reveal?: boolean };

/** Missed doses of the case's visits in the current phase (alias c): all visits in the intensive phase, those since its end after. */
const missedInPhase = (at: number) =>
  sql<number>`(select coalesce(sum(v.${sql.id('missedDoses')}), 0) from ${sql.table(TB_MODELS.visit.table)} v
    where v.${sql.id('caseId')} = c.id and (c.intensive_end > ${at} or v.${sql.id('visitDate')} >= c.intensive_end))`;

function rowOut(r: Record<string, any>, at: number, reveal: boolean): TbCaseRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const row: TbCaseRow = {
    caseId: String(r.id),
    residentId: String(r.resident_id),
    fullName: String(r.fullName ?? ''),
    idNumber: String(r.idNumber ?? ''),
    phone: String(r.phone ?? ''),
    sex: r.sex === null || r.sex === undefined ? null : String(r.sex),
    orgId: r.org_id ?? null,
    orgName: r.org_name ?? null,
    doctorId: r.doctor_id ?? null,
    doctorName: r.doctor_name ?? null,
    notifiedAt: Number(r.notified_at),
    notifyOrg: String(r.notify_org ?? ''),
    patientType: String(r.patient_type) as TbPatientType,
    phase: (r.intensive_end !== null && r.intensive_end !== undefined
      ? Number(r.intensive_end) > at
        ? '1'
        : '2'
      : String(r.phase)) as TbPhase,
    state: Number(r.state) as TbState,
    closeReason: r.close_reason ?? null,
    firstVisitAt: num(r.first_visit_at),
    intensiveEnd: num(r.intensive_end),
    courseEnd: num(r.course_end),
    adherenceRate: num(r.adherence_rate),
    visitRate: num(r.visit_rate),
  };
  if (Number(r.state) === 0) {
    row.deadline = firstVisitDeadline(row.notifiedAt);
    row.hoursLeft = hoursToFirstVisitDeadline(row.notifiedAt, at) || 0;
    row.overdue = at > row.deadline;
  }
  if (r.plan_id) {
    row.planId = String(r.plan_id);
    row.planDate = Number(r.plan_date);
    row.windowEnd = Number(r.window_end);
  }
  if (r.missed !== undefined && r.missed !== null) row.missedDoses = Number(r.missed);
  return maskRow(row, reveal);
}

/** Cases (alias c) with their resident (r), scoped and filtered; `list` narrows to a worklist. */
export async function listCases(db: Kysely<any>, scope: HealthScope, f: TbListFilter, at: number, list?: TbWorklist) {
  let base = db
    .selectFrom(`${TB_TABLE} as c`)
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'c.resident_id')
    .where(inScope(scope, 'c.org_id')) as Q;
  if (f.state) base = base.where('c.state', '=', Number(f.state));
  if (f.orgId) base = base.where('c.org_id', '=', f.orgId);
  if (f.doctorId) base = base.where('c.doctor_id', '=', f.doctorId);
  if (f.keyword) base = base.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(f.keyword)} escape '\\'`);
  let order: [string, 'asc' | 'desc'][] = [
    ['c.notified_at', 'desc'],
    ['c.id', 'desc'],
  ];
  const extra: unknown[] = [];
  switch (list) {
    case 'first72':
      base = base.where('c.state', '=', 0);
      order = [
        ['c.notified_at', 'asc'],
        ['c.id', 'asc'],
      ];
      break;
    case 'due':
      base = base
        .innerJoin('health_plans as p', 'p.enrolment_id', 'c.id')
        .where('p.programme', '=', 'tb')
        .where('p.kind', 'in', [...TB_PLAN_KINDS])
        .where(planStateCondition('due', at))
        .where('c.state', '=', 1);
      extra.push('p.id as plan_id', 'p.plan_date', 'p.window_end');
      order = [
        ['p.window_end', 'asc'],
        ['p.id', 'asc'],
      ];
      break;
    case 'missed':
      base = base.where('c.state', '=', 1).where(sql<boolean>`${missedInPhase(at)} > 0`);
      extra.push(missedInPhase(at).as('missed'));
      break;
    case 'closing':
      base = base.where('c.state', '=', 1).where('c.course_end', '<=', at);
      order = [
        ['c.course_end', 'asc'],
        ['c.id', 'asc'],
      ];
      break;
  }
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  let q = base
    .leftJoin('organizations as o', 'o.id', 'c.org_id')
    .leftJoin('users as u', 'u.id', 'c.doctor_id')
    .selectAll('c')
    .select([
      'o.full_name as org_name',
      'u.real_name as doctor_name',
      sql.ref('r.fullName').as('fullName'),
      sql.ref('r.idNumber').as('idNumber'),
      sql.ref('r.phone').as('phone'),
      sql.ref('r.sex').as('sex'),
      ...(extra as never[]),
    ]);
  for (const [col, dir] of order) q = q.orderBy(col, dir);
  const rows = await all(db, q.limit(f.pageSize).offset((f.currentPage - 1) * f.pageSize));
  return {
    list: rows.map((r) => rowOut(r, at, !!f.reveal)),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** The first visit was due by `at` (deadline passed) or made: the denominator of the 72-hour rate. */
export const firstVisitDueCondition = (at: number) => sql<boolean>`(c.first_visit_at is not null or c.notified_at + ${HOURS_72} <= ${at})`;
export const firstVisitInTimeCondition = () =>
  sql<boolean>`(c.first_visit_at is not null and c.first_visit_at - c.notified_at <= ${HOURS_72})`;

import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { maskIdNumber, maskName, maskPhone, planState } from '@medalliance/contract';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { planStateCondition, type PlanStateFilter } from './plans.service.ts';
import { all } from './rows.ts';

/**
 * Worklists over plans (本期应访, 逾期未访, 两周复访, ... of any programme):
 * one statement filtered, sorted and paged in SQL (indexes health_plans_org_window
 * / _doctor_window), scoped by the caller's units, with the resident's
 * identifying fields masked. The programme adds its own joins and conditions
 * through `extend` (the chronic programmes: an active enrolment).
 */

export const RESIDENT_TABLE = 'lc_health_resident';

export interface WorklistFilter {
  scope: HealthScope;
  programme: string;
  /** One plan kind, or several (a programme's stages). */
  kind: string | string[];
  state: PlanStateFilter;
  at: number;
  doctorId?: string;
  orgId?: string;
  keyword?: string;
  sort: 'asc' | 'desc';
  currentPage: number;
  pageSize: number;
  /** Show the fields unmasked (a caller allowed to). */
  reveal?: boolean;
}

export interface PlanRow {
  planId: string;
  planKind: string;
  planDate: number;
  windowStart: number;
  windowEnd: number;
  planState: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  birthDate: number | null;
  orgId: string | null;
  orgName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  enrolmentId: string;
}

type Q = SelectQueryBuilder<any, any, any>;

export const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Masks (or not) the identifying fields of a row. */
export function maskRow<T extends { fullName: string; idNumber: string; phone: string }>(r: T, reveal: boolean): T {
  return reveal ? r : { ...r, fullName: maskName(r.fullName), idNumber: maskIdNumber(r.idNumber), phone: maskPhone(r.phone) };
}

export async function planWorklist(db: Kysely<any>, f: WorklistFilter, extend: (q: Q) => Q = (q) => q) {
  let base = db
    .selectFrom('health_plans as p')
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'p.resident_id')
    .where('p.programme', '=', f.programme)
    .where('p.kind', 'in', Array.isArray(f.kind) ? f.kind : [f.kind])
    .where(planStateCondition(f.state, f.at))
    .where(inScope(f.scope, 'p.org_id')) as Q;
  if (f.doctorId) base = base.where('p.doctor_id', '=', f.doctorId);
  if (f.orgId) base = base.where('p.org_id', '=', f.orgId);
  if (f.keyword) base = base.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(f.keyword)} escape '\\'`);
  base = extend(base);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .leftJoin('organizations as o', 'o.id', 'p.org_id')
      .leftJoin('users as u', 'u.id', 'p.doctor_id')
      .select([
        'p.id as plan_id',
        'p.kind',
        'p.plan_date',
        'p.window_start',
        'p.window_end',
        'p.visit_id',
        'p.resident_id',
        'p.enrolment_id',
        'p.org_id',
        'p.doctor_id',
        'o.full_name as org_name',
        'u.real_name as doctor_name',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
        sql.ref('r.sex').as('sex'),
        sql.ref('r.birthDate').as('birthDate'),
      ])
      .orderBy('p.window_end', f.sort)
      .orderBy('p.id', f.sort)
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  const list: PlanRow[] = rows.map((r) =>
    maskRow(
      {
        planId: String(r.plan_id),
        planKind: String(r.kind),
        planDate: Number(r.plan_date),
        windowStart: Number(r.window_start),
        windowEnd: Number(r.window_end),
        planState: planState({ windowStart: Number(r.window_start), windowEnd: Number(r.window_end), visitId: r.visit_id }, f.at),
        residentId: String(r.resident_id),
        enrolmentId: String(r.enrolment_id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        sex: r.sex === null || r.sex === undefined ? null : String(r.sex),
        birthDate: r.birthDate === null || r.birthDate === undefined ? null : Number(r.birthDate),
        orgId: r.org_id ?? null,
        orgName: r.org_name ?? null,
        doctorId: r.doctor_id ?? null,
        doctorName: r.doctor_name ?? null,
      },
      !!f.reveal,
    ),
  );
  return { list, pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) } };
}

/** A resident's plans of one programme (their page), newest plan date first, with states. */
export async function residentPlans(db: Kysely<any>, programme: string, residentId: string, at: number) {
  const rows = await all(
    db,
    db
      .selectFrom('health_plans')
      .selectAll()
      .where('programme', '=', programme)
      .where('resident_id', '=', residentId)
      .orderBy('plan_date', 'desc')
      .limit(200),
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    seq: Number(r.seq),
    planDate: Number(r.plan_date),
    windowStart: Number(r.window_start),
    windowEnd: Number(r.window_end),
    visitId: r.visit_id ?? null,
    visitedAt: r.visited_at === null ? null : Number(r.visited_at),
    doctorId: r.doctor_id ?? null,
    orgId: r.org_id ?? null,
    state: planState({ windowStart: Number(r.window_start), windowEnd: Number(r.window_end), visitId: r.visit_id }, at),
  }));
}

import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  isBreached,
  waitingStep,
  type ReferralLimits,
  type ReferralRow,
  type ReferralStatus,
  type ReferralDirection,
} from '@medalliance/contract';
import { all } from '../health/plans/rows.ts';
import { maskRow, RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { inScope, type HealthScope } from '../health/privacy/scope.ts';

/**
 * Reading referrals: one statement per list, joined to the resident archive
 * for the patient (masked unless revealed), scoped, paged in SQL.
 */
export type Q = SelectQueryBuilder<any, any, any>;

/**
 * Who sees a referral: the sending side in its scope always; the receiving
 * side once the sending unit let it go (同意转出), so drafts and refused
 * applications stay with the sender.
 */
export function visible(scope: HealthScope): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${inScope(scope, 'f.from_unit_id')} or (${inScope(scope, 'f.to_unit_id')} and f.approved_at is not null))`;
}

/** When the current waiting step runs out (null: nobody is waited on). */
export function deadline(l: ReferralLimits) {
  const h = (n: number) => sql`cast(${n * 3_600_000} as bigint)`;
  return sql<number>`(f.step_since + case when f.status = '0' then ${h(l.approvalHours)} when f.status = '7' then ${h(
    l.answerHours,
  )} when f.status = '2' and f.arrived = 0 then ${h(l.arrivalHours)} when f.status = '2' then ${h(l.closeHours)} else null end)`;
}

export const breachedCondition = (l: ReferralLimits, at: number) => sql<SqlBool>`f.status in ('0', '7', '2') and ${deadline(l)} < ${at}`;

export const baseReferrals = (db: Kysely<any>): Q =>
  db.selectFrom('referrals as f').innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'f.resident_id') as Q;

const COLUMNS = [
  'f.id as id',
  'f.referral_no as referralNo',
  'f.direction as direction',
  'f.urgency as urgency',
  'f.status as status',
  'f.arrived as arrived',
  'f.resident_id as residentId',
  'f.from_unit_id as fromUnitId',
  'f.to_unit_id as toUnitId',
  'f.applicant_id as applicantId',
  'f.reason_code as reasonCode',
  'f.diagnosis as diagnosis',
  'f.created_at as createdAt',
  'f.submitted_at as submittedAt',
  'f.step_since as stepSince',
  'fo.full_name as fromUnitName',
  'too.full_name as toUnitName',
  'td.full_name as toDeptName',
  'tu.real_name as toDoctorName',
  'au.real_name as applicantName',
] as const;

/** The page's rows of a built query (conditions set), ordered by `order`, with total. */
export async function pageReferrals(
  db: Kysely<any>,
  base: Q,
  o: { page: number; pageSize: number; reveal: boolean; at: number; limits: ReferralLimits; order: (q: Q) => Q },
) {
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    o
      .order(
        base
          .leftJoin('organizations as fo', 'fo.id', 'f.from_unit_id')
          .leftJoin('organizations as too', 'too.id', 'f.to_unit_id')
          .leftJoin('organizations as td', 'td.id', 'f.to_dept_id')
          .leftJoin('users as tu', 'tu.id', 'f.to_doctor_id')
          .leftJoin('users as au', 'au.id', 'f.applicant_id')
          .select([
            ...COLUMNS,
            sql.ref('r.fullName').as('fullName'),
            sql.ref('r.idNumber').as('idNumber'),
            sql.ref('r.phone').as('phone'),
            sql.ref('r.sex').as('sex'),
            sql.ref('r.birthDate').as('birthDate'),
          ]),
      )
      .limit(o.pageSize)
      .offset((o.page - 1) * o.pageSize),
  );
  return {
    list: rows.map((r) => toRow(r, o.at, o.limits, o.reveal)),
    pagination: { currentPage: o.page, pageSize: o.pageSize, total: Number(total?.n ?? 0) },
  };
}

const numOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

export function toRow(r: Record<string, any>, at: number, limits: ReferralLimits, reveal: boolean): ReferralRow {
  const arrived = Number(r.arrived) === 1;
  const stepSince = Number(r.stepSince);
  const step = waitingStep(String(r.status), arrived);
  return maskRow(
    {
      id: String(r.id),
      referralNo: String(r.referralNo),
      direction: String(r.direction) as ReferralDirection,
      urgency: String(r.urgency),
      status: String(r.status) as ReferralStatus,
      arrived,
      residentId: String(r.residentId),
      fullName: String(r.fullName ?? ''),
      idNumber: String(r.idNumber ?? ''),
      phone: String(r.phone ?? ''),
      sex: r.sex === null || r.sex === undefined ? null : String(r.sex),
      birthDate: numOrNull(r.birthDate),
      fromUnitId: String(r.fromUnitId),
      fromUnitName: r.fromUnitName ?? null,
      toUnitId: String(r.toUnitId),
      toUnitName: r.toUnitName ?? null,
      toDeptName: r.toDeptName ?? null,
      toDoctorName: r.toDoctorName ?? null,
      applicantId: String(r.applicantId),
      applicantName: r.applicantName ?? null,
      reasonCode: String(r.reasonCode),
      diagnosis: String(r.diagnosis ?? ''),
      createdAt: Number(r.createdAt),
      submittedAt: numOrNull(r.submittedAt),
      stepSince,
      waitingMs: step ? Math.max(0, at - stepSince) : null,
      breached: isBreached(String(r.status), arrived, stepSince, limits, at),
    },
    reveal,
  );
}

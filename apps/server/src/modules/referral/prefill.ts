import { sql, type Kysely } from 'kysely';
import type { Language } from '@medalliance/contract';
import { notFound } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { residentInScope } from '../health/chronic/residents.ts';
import { FOLLOWUP_MODELS } from '../health/chronic/visit-hooks.ts';
import { all, first } from '../health/plans/rows.ts';
import { likeEscape, maskRow, RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { inScope, type HealthScope } from '../health/privacy/scope.ts';

/**
 * The entry from a hypertension / diabetes follow-up flagged 需转诊 (1) or
 * 紧急转诊 (2) (health_chronic_enrolments.referral_flag): the flagged patients
 * of the caller's units, and a referral prefilled from the resident and the
 * latest visit's findings (nothing re-typed).
 */
export async function flaggedPatients(db: Kysely<any>, scope: HealthScope, reveal = false) {
  const rows = await all(
    db,
    db
      .selectFrom('health_chronic_enrolments as e')
      .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'e.resident_id')
      .leftJoin('organizations as o', 'o.id', 'e.org_id')
      .where('e.referral_flag', '>', 0)
      .where('e.outcome', '=', 0)
      .where(inScope(scope, 'e.org_id'))
      .select([
        'e.id as enrolmentId',
        'e.resident_id as residentId',
        'e.programme as programme',
        'e.referral_flag as referralFlag',
        'e.last_visit_at as lastVisitAt',
        'o.full_name as orgName',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
        sql<number>`(select count(*) from referrals x where x.resident_id = e.resident_id and x.status in ('3', '0', '7', '2'))`.as(
          'openReferrals',
        ),
      ])
      .orderBy('e.referral_flag', 'desc')
      .orderBy('e.last_visit_at', 'desc')
      .limit(200),
  );
  return rows.map((r) =>
    maskRow(
      {
        enrolmentId: String(r.enrolmentId),
        residentId: String(r.residentId),
        programme: String(r.programme),
        referralFlag: Number(r.referralFlag),
        lastVisitAt: r.lastVisitAt === null ? null : Number(r.lastVisitAt),
        orgName: r.orgName ?? null,
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        openReferrals: Number(r.openReferrals),
      },
      reveal,
    ),
  );
}

/** Residents of the caller's units to pick the patient from (masked; by name or archive number). */
export async function pickResidents(db: Kysely<any>, scope: HealthScope, keyword: string) {
  let q = db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .where(inScope(scope, sql.ref('r.manageOrgId')))
    .where(sql.ref('r.archiveState'), '<>', 2);
  if (keyword) q = q.where(sql.ref('r.fullName'), 'like', likeEscape(keyword));
  const rows = await all(
    db,
    q
      .select([
        'r.id as id',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
        sql.ref('r.sex').as('sex'),
        sql.ref('r.birthDate').as('birthDate'),
      ])
      .orderBy('r.id')
      .limit(20),
  );
  return rows.map((r) =>
    maskRow(
      {
        id: String(r.id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        sex: r.sex === null || r.sex === undefined ? null : String(r.sex),
        birthDate: r.birthDate === null || r.birthDate === undefined ? null : Number(r.birthDate),
      },
      false,
    ),
  );
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A referral form filled from the resident's latest hypertension / diabetes visit. */
export async function prefillReferral(db: Kysely<any>, scope: HealthScope, residentId: string, lang: Language) {
  await residentInScope(db, scope, residentId);
  const visits = [];
  for (const programme of ['htn', 'dm'] as const) {
    const v = await first(
      db,
      db
        .selectFrom(FOLLOWUP_MODELS[programme].table)
        .selectAll()
        .where('residentId', '=', residentId)
        .orderBy('visitDate', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    );
    if (v) visits.push({ programme, v });
  }
  if (!visits.length) throw notFound('referral.noVisit');
  visits.sort((a, b) => Number(b.v.visitDate) - Number(a.v.visitDate));
  const { programme, v } = visits[0]!;
  const flag = Number(v.referralFlag ?? 0);
  const sbp = num(v.systolic);
  const dbp = num(v.diastolic);
  const findings = [
    sbp !== null && dbp !== null ? `BP ${sbp}/${dbp} mmHg` : null,
    num(v.heartRate) !== null ? `HR ${num(v.heartRate)}/min` : null,
    num(v.glucose) !== null ? `FPG ${num(v.glucose)} mmol/L` : null,
    num(v.bmi) !== null ? `BMI ${num(v.bmi)}` : null,
    num(v.temperature) !== null ? `T ${num(v.temperature)} ℃` : null,
  ].filter(Boolean);
  const date = new Date(Number(v.visitDate)).toISOString().slice(0, 10);
  return {
    direction: '1' as const,
    residentId,
    urgency: flag === 2 ? '3' : '2',
    reasonCode: flag === 2 ? '5' : '2',
    diagnosis: translate(lang, `chronic.${programme}`),
    condition: `${date}: ${findings.join(', ')}`,
    results: findings.join('; '),
    sourceProgramme: programme,
    sourceVisitId: String(v.id),
    referralFlag: flag,
  };
}

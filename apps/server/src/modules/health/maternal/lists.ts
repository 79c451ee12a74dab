import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  ageOn,
  DAY_MS,
  formatGestation,
  gestationalAge,
  MAT_AFTER_STATES,
  MAT_ANTENATAL_KINDS,
  MAT_EARLY_DAYS,
  MAT_HIGH_RISK,
  MAT_PREGNANT_STATES,
  startOfUtcDay,
  type MatListQuery,
  type MatWorklist,
} from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { likeEscape, maskRow, planWorklist, RESIDENT_TABLE } from '../plans/worklist.ts';
import { all } from '../plans/rows.ts';
import { PROGRAMME, TABLE } from './pregnancy.service.ts';

/**
 * Lists of maternal care, each scoped to the caller's units, masked, paged in
 * SQL: the pregnancy records (parturient_case) and the five worklists
 * (parturient_follow):
 * - earlyMissing 孕 13 周前未建册: still-pregnant women registered at 13 weeks
 *   or later ('late'), and those registered earlier who have no first visit
 *   yet: under 13 weeks with days left ('pending'), or past 13 weeks ('missed');
 * - stageDue 本孕周段应检: antenatal plans whose window holds today;
 * - highRisk 高危孕产妇: open pregnancies graded 橙 / 红 / 紫;
 * - postpartumDue 产后访视待访: postpartum plans not visited (due or overdue);
 * - check42Due 产后 42 天待检: 42-day checks not done (upcoming, due or overdue).
 */

type Q = SelectQueryBuilder<any, any, any>;

export interface Filter extends MatListQuery {
  doctorId?: string;
}

/** One pregnancy row as the lists send it (identifying fields masked unless revealed). */
export function pregnancyRow(r: Record<string, any>, at: number, reveal = false) {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const lmp = Number(r.lmp);
  const pregnant = (MAT_PREGNANT_STATES as string[]).includes(String(r.state));
  const g = gestationalAge(lmp, at);
  const registeredAt = Number(r.registered_at);
  const regAge = gestationalAge(lmp, registeredAt);
  return maskRow(
    {
      pregnancyId: String(r.id),
      residentId: String(r.resident_id),
      fullName: String(r.fullName ?? ''),
      idNumber: String(r.idNumber ?? ''),
      phone: String(r.phone ?? ''),
      age: r.birthDate === null || r.birthDate === undefined ? null : ageOn(Number(r.birthDate), at),
      orgId: r.org_id ?? null,
      orgName: r.org_name ?? null,
      doctorId: r.doctor_id ?? null,
      doctorName: r.doctor_name ?? null,
      lmp,
      edd: Number(r.edd),
      gestation: pregnant ? formatGestation(g) : null,
      gestationDays: pregnant ? g.days : null,
      gravidity: Number(r.gravidity),
      parity: Number(r.parity),
      riskScore: Number(r.risk_score ?? 0),
      riskLevel: String(r.risk_level ?? 'green'),
      state: String(r.state),
      stateReason: r.state_reason ?? null,
      registeredAt,
      registeredGestation: formatGestation(regAge),
      firstVisitAt: n(r.first_visit_at),
      lastVisitAt: n(r.last_visit_at),
      deliveryDate: n(r.delivery_date),
      dischargeDate: n(r.discharge_date),
      terminationDate: n(r.termination_date),
      postpartumAt: n(r.postpartum_at),
      check42At: n(r.check42_at),
      earlyReason:
        regAge.days >= MAT_EARLY_DAYS
          ? 'late'
          : r.first_visit_at === null || r.first_visit_at === undefined
            ? g.days < MAT_EARLY_DAYS
              ? 'pending'
              : 'missed'
            : null,
      earlyDaysLeft: r.first_visit_at === null || r.first_visit_at === undefined ? MAT_EARLY_DAYS - g.days : null,
    },
    reveal,
  );
}

function pregnancies(db: Kysely<any>, scope: HealthScope, f: Filter): Q {
  let q = db
    .selectFrom(`${TABLE} as m`)
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'm.resident_id')
    .where(inScope(scope, 'm.org_id')) as Q;
  if (f.state) q = q.where('m.state', '=', f.state);
  if (f.riskLevel) q = q.where('m.risk_level', '=', f.riskLevel);
  if (f.orgId) q = q.where('m.org_id', '=', f.orgId);
  if (f.doctorId) q = q.where('m.doctor_id', '=', f.doctorId);
  if (f.keyword) q = q.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(f.keyword)} escape '\\'`);
  return q;
}

async function page(db: Kysely<any>, base: Q, f: Filter, order: (q: Q) => Q, reveal = false) {
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    order(
      base
        .leftJoin('organizations as o', 'o.id', 'm.org_id')
        .leftJoin('users as u', 'u.id', 'm.doctor_id')
        .selectAll('m')
        .select([
          'o.full_name as org_name',
          'u.real_name as doctor_name',
          sql.ref('r.fullName').as('fullName'),
          sql.ref('r.idNumber').as('idNumber'),
          sql.ref('r.phone').as('phone'),
          sql.ref('r.birthDate').as('birthDate'),
        ]),
    )
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  const at = now();
  return {
    list: rows.map((r) => pregnancyRow(r, at, reveal)),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** Pregnancy records in scope, newest LMP first. */
export async function listPregnancies(db: Kysely<any>, scope: HealthScope, f: Filter, reveal = false) {
  return page(db, pregnancies(db, scope, f), f, (q) => q.orderBy('m.lmp', 'desc').orderBy('m.id', 'desc'), reveal);
}

/** Adds the pregnancy (gestation, dates, risk) to plan rows of a page. */
async function withPregnancy<T extends { enrolmentId: string }>(db: Kysely<any>, list: T[], at: number) {
  if (!list.length) return [];
  const rows = await all(
    db,
    db
      .selectFrom(TABLE)
      .select(['id', 'lmp', 'edd', 'state', 'risk_level', 'delivery_date', 'discharge_date'])
      .where(
        'id',
        'in',
        list.map((r) => r.enrolmentId),
      ),
  );
  const by = new Map(rows.map((r) => [String(r.id), r]));
  return list.map((r) => {
    const m = by.get(r.enrolmentId);
    const lmp = Number(m?.lmp ?? 0);
    const pregnant = m ? (MAT_PREGNANT_STATES as string[]).includes(String(m.state)) : false;
    const birth = (r as { birthDate?: number | null }).birthDate;
    return {
      ...r,
      age: birth === null || birth === undefined ? null : ageOn(birth, at),
      pregnancyId: r.enrolmentId,
      lmp,
      edd: Number(m?.edd ?? 0),
      state: m ? String(m.state) : null,
      riskLevel: m ? String(m.risk_level) : null,
      gestation: pregnant ? formatGestation(gestationalAge(lmp, at)) : null,
      deliveryDate: m?.delivery_date === null || m?.delivery_date === undefined ? null : Number(m.delivery_date),
      dischargeDate: m?.discharge_date === null || m?.discharge_date === undefined ? null : Number(m.discharge_date),
    };
  });
}

export async function matWorklist(db: Kysely<any>, scope: HealthScope, list: MatWorklist, f: Filter, reveal = false) {
  const at = now();
  const plans = async (kind: string | string[], state: 'due' | 'open', states: readonly string[]) => {
    const res = await planWorklist(db, { ...f, scope, programme: PROGRAMME, kind, state, at, reveal, sort: 'asc' }, (q) =>
      q.innerJoin(`${TABLE} as m`, 'm.id', 'p.enrolment_id').where('m.state', 'in', states as string[]),
    );
    return { ...res, list: await withPregnancy(db, res.list, at) };
  };
  switch (list) {
    case 'stageDue':
      return plans([...MAT_ANTENATAL_KINDS], 'due', MAT_PREGNANT_STATES);
    case 'postpartumDue':
      return plans(
        'matPost',
        'open',
        MAT_AFTER_STATES.filter((s) => s !== 'postpartum' && s !== 'check42'),
      );
    case 'check42Due':
      return plans(
        'mat42',
        'open',
        MAT_AFTER_STATES.filter((s) => s !== 'check42'),
      );
    case 'highRisk':
      return page(
        db,
        pregnancies(db, scope, f)
          .where('m.risk_level', 'in', MAT_HIGH_RISK)
          .where('m.state', 'in', [...MAT_PREGNANT_STATES, ...MAT_AFTER_STATES]),
        f,
        (q) =>
          q
            .orderBy(sql`case m.risk_level when 'purple' then 0 when 'red' then 1 else 2 end`)
            .orderBy('m.edd')
            .orderBy('m.id'),
        reveal,
      );
    case 'earlyMissing': {
      // Registered at ≥ 13 weeks, or no first visit yet: still pregnant only (the list is for action; the KPI counts the year).
      const early = MAT_EARLY_DAYS * DAY_MS;
      const base = pregnancies(db, scope, f)
        .where('m.state', 'in', MAT_PREGNANT_STATES)
        .where((eb) => eb.or([eb('m.registered_at', '>=', sql<number>`m.lmp + ${early}`), eb('m.first_visit_at', 'is', null)]));
      return page(db, base, f, (q) => q.orderBy('m.lmp').orderBy('m.id'), reveal);
    }
  }
}

/** Counts of the five worklists (the tab badges). */
export async function worklistCounts(db: Kysely<any>, scope: HealthScope, f: Filter) {
  const out: Record<string, number> = {};
  for (const l of ['earlyMissing', 'stageDue', 'highRisk', 'postpartumDue', 'check42Due'] as MatWorklist[])
    out[l] = (await matWorklist(db, scope, l, { ...f, currentPage: 1, pageSize: 1 })).pagination.total;
  return out;
}

/** Residents in scope who may be registered: women aged 15–49 with a normal archive and no open pregnancy. */
export async function candidates(db: Kysely<any>, scope: HealthScope, keyword: string, reveal = false) {
  const at = now();
  const oldest = Date.UTC(new Date(at).getUTCFullYear() - 50, 0, 1);
  const youngest = startOfUtcDay(at) - 15 * 365 * DAY_MS;
  let q = db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .select([
      'r.id as id',
      sql.ref('r.fullName').as('fullName'),
      sql.ref('r.idNumber').as('idNumber'),
      sql.ref('r.phone').as('phone'),
      sql.ref('r.birthDate').as('birthDate'),
    ])
    .where('r.sex', '=', '2')
    .where('r.birthDate', '>=', oldest)
    .where('r.birthDate', '<=', youngest)
    .where(inScope(scope, sql.ref('r.manageOrgId')))
    .where(sql<boolean>`coalesce(r.${sql.id('archiveState')}, 0) <> 2`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom(`${TABLE} as m`)
            .select('m.id')
            .whereRef('m.resident_id', '=', 'r.id')
            .where('m.state', 'not in', ['closed', 'movedOut']),
        ),
      ),
    ) as Q;
  if (keyword) q = q.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(keyword)} escape '\\'`);
  const rows = await all(db, q.orderBy('r.id').limit(20));
  return rows.map((r) =>
    maskRow(
      {
        id: String(r.id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        age: r.birthDate === null || r.birthDate === undefined ? null : ageOn(Number(r.birthDate), at),
      },
      reveal,
    ),
  );
}

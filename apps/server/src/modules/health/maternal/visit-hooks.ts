import type { Kysely } from 'kysely';
import {
  computeBmi,
  DAY_MS,
  formatGestation,
  gestationalAge,
  MAT_ANTENATAL_KINDS,
  MAT_PREGNANT_STATES,
  MAT_RISK_LEVELS,
  postpartumDay,
  riskLevelFromScore,
  startOfUtcDay,
  type MatRiskLevel,
  type MatState,
} from '@medalliance/contract';
import { badRequest, conflict, forbidden } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { registerRecordHooks, type RecordHookContext, type RecordHooks } from '../../visualdev/record-hooks.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { healthScope, orgInScope } from '../privacy/scope.ts';
import { unfillPlans } from '../plans/plans.service.ts';
import { first } from '../plans/rows.ts';
import { residentInScope, type ResidentFacts } from '../chronic/residents.ts';
import { MAT_MODELS, MAT_VISIT_TABLES, type MatVisitType } from './models.ts';
import {
  advanceByVisit,
  findPregnancy,
  openPregnancy,
  refreshVisitDates,
  RISK_NAME,
  TABLE,
  timeline,
  type Pregnancy,
} from './pregnancy.service.ts';

/**
 * The rules of the four maternal forms, run inside the write of their record
 * (whichever screen or API writes it). Before the row: the resident in the
 * caller's scope, her open pregnancy (or the one named), the date (not in the
 * future, not before the LMP / the delivery), the gestational age or the day
 * after delivery, the visit number, BMI, the risk level from the score. After
 * the row: the plan whose window holds the date (only plans of this form's
 * kinds: a postpartum visit in the last antenatal window fills no antenatal
 * plan), the state (建册 → 孕期管理, → 产后访视, → 42 天检查), the pregnancy's
 * visit dates and risk, a timeline and an audit entry.
 */

/** Plan kinds each form fills. */
const KINDS: Record<MatVisitType, readonly string[]> = {
  first: ['matFirst'],
  antenatal: MAT_ANTENATAL_KINDS.filter((k) => k !== 'matFirst'),
  postpartum: ['matPost'],
  check42: ['mat42'],
};
/** The state a saved form moves the pregnancy to (when the transition is allowed). */
const ADVANCE: Record<MatVisitType, MatState> = {
  first: 'antenatal',
  antenatal: 'antenatal',
  postpartum: 'postpartum',
  check42: 'check42',
};
const TITLE: Record<MatVisitType, string> = {
  first: '第1次产前随访',
  antenatal: '产前随访',
  postpartum: '产后访视',
  check42: '产后42天健康检查',
};
/** A 42-day check earlier than this day after delivery is refused (it would be a postpartum visit). */
const CHECK42_EARLIEST_DAY = 28;
const MAX_GESTATION_DAYS = 44 * 7;

interface Pending {
  resident: ResidentFacts;
  pregnancy: Pregnancy;
  label: string;
}
const pending = new WeakMap<Record<string, unknown>, Pending>();

/** A saved visit fills the open plan of its form's kinds whose window holds its date. */
export async function fillMatPlans(db: Kysely<any>, pregnancyId: string, kinds: readonly string[], visitId: string, visitDate: number) {
  const res = await db
    .updateTable('health_plans')
    .set({ visit_id: visitId, visited_at: visitDate })
    .where('enrolment_id', '=', pregnancyId)
    .where('kind', 'in', kinds as string[])
    .where('visit_id', 'is', null)
    .where('window_start', '<=', visitDate)
    .where('window_end', '>=', visitDate)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

async function pregnancyFor(db: Kysely<any>, residentId: string, pregnancyId: unknown): Promise<Pregnancy> {
  if (pregnancyId) {
    const p = await findPregnancy(db, String(pregnancyId));
    if (!p || p.residentId !== residentId) throw badRequest('mat.noPregnancy');
    return p;
  }
  const p = await openPregnancy(db, residentId);
  if (!p) throw badRequest('mat.noPregnancy');
  return p;
}

function visitHooks(type: MatVisitType): RecordHooks {
  const { table, enCode } = MAT_MODELS[type];
  return {
    async beforeSave(h: RecordHookContext, data: Record<string, unknown>, id: string | null) {
      const scope = await healthScope(h.ctx, h.session, h.db);
      if (id) {
        const stored = await first(h.db, h.db.selectFrom(table).select(['residentId', 'manageOrgId', 'pregnancyId']).where('id', '=', id));
        if (stored && !orgInScope(scope, stored.manageOrgId as string | null)) throw forbidden();
        if (stored && stored.residentId !== data.residentId) throw badRequest('mat.residentChanged');
        if (stored && !data.pregnancyId) data.pregnancyId = stored.pregnancyId;
      }
      const resident = await residentInScope(h.db, scope, String(data.residentId ?? ''));
      const p = await pregnancyFor(h.db, resident.id, data.pregnancyId);
      if (!orgInScope(scope, p.orgId)) throw forbidden();
      if (p.state === 'closed' || p.state === 'movedOut') throw badRequest('mat.ended');
      // A date picker sends the chosen day's local midnight: the nearest UTC midnight is that day in every zone.
      const visitDate = Math.round(Number(data.visitDate) / DAY_MS) * DAY_MS;
      if (!Number.isFinite(visitDate) || visitDate > startOfUtcDay(now()) + DAY_MS)
        throw badRequest('mat.futureDate', { field: 'visitDate' });
      if (visitDate < p.lmp) throw badRequest('mat.beforeLmp');
      data.visitDate = visitDate;
      data.pregnancyId = p.id;
      data.manageOrgId = p.orgId;
      if (!data.doctorId) data.doctorId = h.session.userId;
      let label = TITLE[type];
      if (type === 'first' || type === 'antenatal') {
        // Antenatal forms while pregnant, dated before the delivery or termination.
        const end = p.deliveryDate ?? p.terminationDate;
        if (!MAT_PREGNANT_STATES.includes(p.state) && (end === null || visitDate >= end)) throw badRequest('mat.notPregnant');
        if (end !== null && visitDate >= end) throw badRequest('mat.notPregnant');
        const g = gestationalAge(p.lmp, visitDate);
        if (g.days > MAX_GESTATION_DAYS) throw badRequest('mat.gestationOutOfRange');
        data.gestation = formatGestation(g);
        const firstVisit = await first(
          h.db,
          h.db.selectFrom(MAT_MODELS.first.table).select(['id', 'visitDate']).where('pregnancyId', '=', p.id).orderBy('visitDate').limit(1),
        );
        if (type === 'first') {
          if (firstVisit && firstVisit.id !== id) throw conflict('mat.firstVisitExists');
          data.bmi = computeBmi(data.weightKg, data.heightCm ?? resident.heightCm);
          if (data.gravidity === null || data.gravidity === undefined) data.gravidity = p.gravidity;
        } else {
          if (!firstVisit || Number(firstVisit.visitDate) > visitDate) throw badRequest('mat.firstVisitMissing');
          let q = h.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('pregnancyId', '=', p.id)
            .where('visitDate', '<=', visitDate);
          if (id) q = q.where('id', '<>', id);
          const before = await first(h.db, q);
          data.visitNo = Number(before?.n ?? 0) + 2;
          label = `第${data.visitNo}次产前随访`;
        }
        label += `（孕${data.gestation}周）`;
        const score = data.riskScore === null || data.riskScore === undefined || data.riskScore === '' ? null : Number(data.riskScore);
        if (data.riskLevel && !(MAT_RISK_LEVELS as readonly string[]).includes(String(data.riskLevel)))
          throw badRequest('mat.badRiskLevel');
        if (!data.riskLevel && score !== null) data.riskLevel = riskLevelFromScore(score);
      } else {
        const base = p.deliveryDate ?? p.terminationDate;
        if (base === null) throw badRequest('mat.notDelivered');
        if (visitDate < base) throw badRequest('mat.beforeDelivery');
        const d = postpartumDay(base, visitDate);
        if (type === 'check42' && d < CHECK42_EARLIEST_DAY) throw badRequest('mat.check42TooEarly', { days: CHECK42_EARLIEST_DAY });
        data.postpartumDays = d;
        label += `（产后${d}天）`;
      }
      pending.set(data, { resident, pregnancy: p, label });
    },

    async afterSave(h: RecordHookContext, id: string, data: Record<string, unknown>, created: boolean) {
      const pe = pending.get(data);
      if (!pe) return;
      pending.delete(data);
      const { pregnancy: p, resident } = pe;
      const visitDate = Number(data.visitDate);
      if (!created) await unfillPlans(h.db, [id]);
      await fillMatPlans(h.db, p.id, KINDS[type], id, visitDate);
      await advanceByVisit(h.db, p, ADVANCE[type], h.session.userId);
      await refreshVisitDates(h.db, p.id, { first: MAT_MODELS.first.table, all: MAT_VISIT_TABLES });
      const set: Record<string, unknown> = {};
      if (type === 'postpartum' && (p.postpartumAt === null || visitDate < p.postpartumAt)) set.postpartum_at = visitDate;
      if (type === 'check42' && (p.check42At === null || visitDate < p.check42At)) set.check42_at = visitDate;
      // The newest antenatal assessment carries the pregnancy's risk.
      if ((type === 'first' || type === 'antenatal') && data.riskLevel && (p.lastVisitAt === null || visitDate >= p.lastVisitAt)) {
        set.risk_level = String(data.riskLevel);
        if (data.riskScore !== null && data.riskScore !== undefined && data.riskScore !== '') set.risk_score = Number(data.riskScore);
        if (set.risk_level !== p.riskLevel)
          await timeline(h.db, p, 'matRisk', `妊娠风险评级：${RISK_NAME[set.risk_level as MatRiskLevel]}`, visitDate, enCode, id);
      }
      if (Object.keys(set).length) await h.db.updateTable(TABLE).set(set).where('id', '=', p.id).execute();
      await timeline(
        h.db,
        p,
        enCode,
        `${pe.label}${created ? '' : '（修改）'}${String(data.classification) === '2' ? '：异常' : ''}`,
        visitDate,
        enCode,
        id,
      );
      const user = await first(h.db, h.db.selectFrom('users').select('organize_id').where('id', '=', h.session.userId));
      await recordHealthAudit(h.db, {
        userId: h.session.userId,
        orgId: (user?.organize_id as string | null) ?? null,
        action: 'edit',
        residentId: resident.id,
        target: `${enCode}:${id}`,
      });
    },

    async beforeDelete(h: RecordHookContext, ids: string[]) {
      const scope = await healthScope(h.ctx, h.session, h.db);
      const rows = await h.db.selectFrom(table).select(['id', 'manageOrgId']).where('id', 'in', ids).execute();
      for (const r of rows) if (!orgInScope(scope, r.manageOrgId as string | null)) throw forbidden();
      await unfillPlans(h.db, ids);
    },
  };
}

export const MAT_HOOKS: Record<MatVisitType, RecordHooks> = {
  first: visitHooks('first'),
  antenatal: visitHooks('antenatal'),
  postpartum: visitHooks('postpartum'),
  check42: visitHooks('check42'),
};

/** Registers the rules on the four models (idempotent). */
export function registerMaternalHooks(): void {
  for (const [type, hooks] of Object.entries(MAT_HOOKS)) registerRecordHooks(MAT_MODELS[type as MatVisitType].enCode, hooks);
}

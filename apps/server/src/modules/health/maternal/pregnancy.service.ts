import type { Kysely } from 'kysely';
import {
  ageOn,
  antenatalPlans,
  canTransition,
  check42Window,
  DAY_MS,
  expectedDelivery,
  gestationalAge,
  MAT_ANTENATAL_KINDS,
  MAT_OPEN_STATES,
  MAT_REASON_STATES,
  postpartumWindow,
  riskLevelFromScore,
  startOfUtcDay,
  type MatRiskLevel,
  type MatState,
  type PregnancyCreateBody,
} from '@medalliance/contract';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { orgInScope, type HealthScope } from '../privacy/scope.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { recordStateChange, stateHistory as readStateHistory } from '../records/state-history.ts';
import { insertPlans, type PlanOwner } from '../plans/plans.service.ts';
import { first } from '../plans/rows.ts';
import { residentInScope } from '../chronic/residents.ts';

/**
 * Pregnancy records (孕产妇档案, issue 18 M6): one row of
 * health_mat_pregnancies per pregnancy, its plans (health_plans, programme
 * 'mat', one kind per stage) and its state, every change kept in the health
 * state history and on the resident's timeline. At most one open pregnancy
 * (not 结案 / 迁出) per resident.
 */

export const PROGRAMME = 'mat';
export const TABLE = 'health_mat_pregnancies';
const ENTITY = 'matPregnancy';
/** Registration later than this in the pregnancy is refused (no record of a pregnancy that must have ended). */
const MAX_GESTATION_DAYS = 44 * 7;
/** A delivery before 28 weeks is a termination (流产 / 引产), recorded as 终止妊娠. */
export const MIN_DELIVERY_DAYS = 28 * 7;

export interface Pregnancy {
  id: string;
  residentId: string;
  orgId: string | null;
  doctorId: string | null;
  lmp: number;
  edd: number;
  gravidity: number;
  parity: number;
  riskScore: number;
  riskLevel: MatRiskLevel;
  state: MatState;
  stateReason: string | null;
  registeredAt: number;
  firstVisitAt: number | null;
  lastVisitAt: number | null;
  deliveryDate: number | null;
  dischargeDate: number | null;
  deliveryMode: string | null;
  deliveryPlace: string | null;
  terminationDate: number | null;
  postpartumAt: number | null;
  check42At: number | null;
  closedAt: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function pregnancyOut(r: Record<string, unknown>): Pregnancy {
  return {
    id: String(r.id),
    residentId: String(r.resident_id),
    orgId: (r.org_id as string | null) ?? null,
    doctorId: (r.doctor_id as string | null) ?? null,
    lmp: Number(r.lmp),
    edd: Number(r.edd),
    gravidity: Number(r.gravidity),
    parity: Number(r.parity),
    riskScore: Number(r.risk_score ?? 0),
    riskLevel: (r.risk_level as MatRiskLevel) ?? 'green',
    state: r.state as MatState,
    stateReason: (r.state_reason as string | null) ?? null,
    registeredAt: Number(r.registered_at),
    firstVisitAt: num(r.first_visit_at),
    lastVisitAt: num(r.last_visit_at),
    deliveryDate: num(r.delivery_date),
    dischargeDate: num(r.discharge_date),
    deliveryMode: (r.delivery_mode as string | null) ?? null,
    deliveryPlace: (r.delivery_place as string | null) ?? null,
    terminationDate: num(r.termination_date),
    postpartumAt: num(r.postpartum_at),
    check42At: num(r.check42_at),
    closedAt: num(r.closed_at),
  };
}

export async function findPregnancy(db: Kysely<any>, id: string): Promise<Pregnancy | null> {
  const r = await first(db, db.selectFrom(TABLE).selectAll().where('id', '=', id));
  return r ? pregnancyOut(r) : null;
}

/** The resident's open pregnancy (not 结案 / 迁出), if any. */
export async function openPregnancy(db: Kysely<any>, residentId: string): Promise<Pregnancy | null> {
  const r = await first(
    db,
    db
      .selectFrom(TABLE)
      .selectAll()
      .where('resident_id', '=', residentId)
      .where('state', 'in', MAT_OPEN_STATES)
      .orderBy('lmp', 'desc')
      .limit(1),
  );
  return r ? pregnancyOut(r) : null;
}

/** 404 unknown, 403 outside the caller's units. */
export async function pregnancyInScope(db: Kysely<any>, scope: HealthScope, id: string): Promise<Pregnancy> {
  const p = await findPregnancy(db, id);
  if (!p) throw notFound();
  if (!orgInScope(scope, p.orgId)) throw forbidden();
  return p;
}

export const planOwner = (p: Pregnancy): PlanOwner => ({
  enrolmentId: p.id,
  programme: PROGRAMME,
  residentId: p.residentId,
  enrolledAt: p.registeredAt,
  doctorId: p.doctorId,
  orgId: p.orgId,
});

const history = (
  db: Kysely<any>,
  e: { entityId: string; field: string; oldValue: string | null; newValue: string | null; reason?: string | null; userId: string | null },
) => recordStateChange(db, { entity: ENTITY, ...e });

export const pregnancyHistory = (db: Kysely<any>, id: string) => readStateHistory(db, ENTITY, id);

/** zh names of the states and risk levels, for the resident's timeline (which, like the chronic entries, is stored as zh text). */
export const STATE_NAME: Record<MatState, string> = {
  registered: '建册',
  antenatal: '孕期管理',
  delivered: '已分娩',
  terminated: '终止妊娠',
  postpartum: '产后访视',
  check42: '42天检查',
  closed: '结案',
  referred: '转诊',
  lost: '失访',
  movedOut: '迁出',
};
export const RISK_NAME: Record<MatRiskLevel, string> = { green: '绿色', yellow: '黄色', orange: '橙色', red: '红色', purple: '紫色' };

export async function timeline(
  db: Kysely<any>,
  p: Pregnancy,
  kind: string,
  title: string,
  at: number,
  refModel = 'healthMatPregnancy',
  refId = p.id,
) {
  await addTimelineEntry(db, { residentId: p.residentId, kind, title, refModel, refId, at, orgId: p.orgId });
}

/** Antenatal plans of the stages with no visited plan whose window has not ended before `from` (registration, a new LMP). */
export async function writeAntenatalPlans(db: Kysely<any>, p: Pregnancy, from: number): Promise<void> {
  const visited = await db
    .selectFrom('health_plans')
    .select('kind')
    .where('enrolment_id', '=', p.id)
    .where('visit_id', 'is not', null)
    .execute();
  const done = new Set(visited.map((v) => String(v.kind)));
  const owner = planOwner(p);
  await insertPlans(
    db,
    antenatalPlans(p.lmp)
      .filter((w) => !done.has(w.kind) && w.windowEnd >= startOfUtcDay(from))
      .map((w) => ({ owner, kind: w.kind, seq: w.seq, planDate: w.planDate, windowStart: w.windowStart, windowEnd: w.windowEnd })),
  );
}

/** Drops the unvisited plans of some kinds whose window has not ended before `from`. */
export async function dropOpenPlans(db: Kysely<any>, pregnancyId: string, kinds: readonly string[], from: number): Promise<void> {
  await db
    .deleteFrom('health_plans')
    .where('enrolment_id', '=', pregnancyId)
    .where('kind', 'in', kinds as string[])
    .where('visit_id', 'is', null)
    .where('window_end', '>=', startOfUtcDay(from))
    .execute();
}

function checkDay(v: number | undefined, field: string, today: number) {
  // One day of slack: "today" east of UTC is already tomorrow in UTC.
  if (v !== undefined && v > today + 2 * DAY_MS - 1) throw badRequest('mat.futureDate', { field });
}

async function assertDoctor(db: Kysely<any>, doctorId: string | null | undefined) {
  if (!doctorId) return;
  const u = await db.selectFrom('users').select('id').where('id', '=', doctorId).executeTakeFirst();
  if (!u) throw badRequest('mat.unknownDoctor');
}

function checkLmp(lmp: number, registeredAt: number) {
  const g = gestationalAge(lmp, registeredAt);
  if (g.days < 0) throw badRequest('mat.lmpAfterRegistration');
  if (g.days > MAX_GESTATION_DAYS) throw badRequest('mat.lmpTooEarly', { weeks: MAX_GESTATION_DAYS / 7 });
}

/** 建册: a female resident of the caller's units, her LMP, gravidity / parity and risk; the antenatal plans. */
export async function createPregnancy(db: Kysely<any>, scope: HealthScope, userId: string, input: PregnancyCreateBody): Promise<Pregnancy> {
  const resident = await residentInScope(db, scope, input.residentId);
  if (resident.archiveState === 2) throw badRequest('mat.archiveCancelled');
  if (resident.sex !== '2') throw badRequest('mat.notFemale');
  const at = now();
  const today = startOfUtcDay(at);
  checkDay(input.lmp, 'lmp', today);
  checkDay(input.registeredAt, 'registeredAt', today);
  const registeredAt = input.registeredAt ?? at;
  const lmp = startOfUtcDay(input.lmp);
  checkLmp(lmp, registeredAt);
  if (resident.birthDate !== null) {
    const age = ageOn(resident.birthDate, lmp);
    if (age < 10 || age > 60) throw badRequest('mat.ageOutOfRange', { age });
  }
  if (input.parity >= input.gravidity) throw badRequest('mat.parityAboveGravidity');
  await assertDoctor(db, input.doctorId);
  if (await openPregnancy(db, resident.id)) throw conflict('mat.alreadyOpen');
  const row = {
    id: newId(),
    resident_id: resident.id,
    org_id: resident.manageOrgId,
    doctor_id: input.doctorId ?? resident.doctorId ?? userId,
    lmp,
    edd: expectedDelivery(lmp),
    gravidity: input.gravidity,
    parity: input.parity,
    risk_score: input.riskScore,
    risk_level: input.riskLevel ?? riskLevelFromScore(input.riskScore),
    state: 'registered',
    state_reason: null,
    registered_at: registeredAt,
    first_visit_at: null,
    last_visit_at: null,
    delivery_date: null,
    discharge_date: null,
    delivery_mode: null,
    delivery_place: null,
    termination_date: null,
    postpartum_at: null,
    check42_at: null,
    closed_at: null,
    created_at: at,
    updated_at: null,
  };
  const p = pregnancyOut(row);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto(TABLE).values(row).execute();
    await writeAntenatalPlans(trx, p, registeredAt);
    await history(trx, { entityId: p.id, field: 'state', oldValue: null, newValue: 'registered', userId });
    await timeline(trx, p, 'matRegister', `孕产妇建册（孕${gestationalAge(lmp, registeredAt).weeks}周）`, registeredAt);
  });
  return p;
}

export interface PregnancyUpdate {
  lmp?: number;
  gravidity?: number;
  parity?: number;
  riskScore?: number;
  riskLevel?: MatRiskLevel;
  doctorId?: string | null;
}

/** Corrects the record; a new LMP moves the EDD and the antenatal plans not yet visited (while still pregnant). */
export async function updatePregnancy(db: Kysely<any>, scope: HealthScope, userId: string, id: string, input: PregnancyUpdate) {
  const p = await pregnancyInScope(db, scope, id);
  if (p.state === 'closed' || p.state === 'movedOut') throw badRequest('mat.ended');
  const today = startOfUtcDay(now());
  checkDay(input.lmp, 'lmp', today);
  const lmp = input.lmp === undefined ? p.lmp : startOfUtcDay(input.lmp);
  if (lmp !== p.lmp) {
    if (p.deliveryDate !== null || p.terminationDate !== null) throw badRequest('mat.lmpAfterDelivery');
    checkLmp(lmp, p.registeredAt);
  }
  const gravidity = input.gravidity ?? p.gravidity;
  const parity = input.parity ?? p.parity;
  if (parity >= gravidity) throw badRequest('mat.parityAboveGravidity');
  await assertDoctor(db, input.doctorId);
  const riskScore = input.riskScore ?? p.riskScore;
  const riskLevel = input.riskLevel ?? (input.riskScore !== undefined ? riskLevelFromScore(input.riskScore) : p.riskLevel);
  const set: Record<string, unknown> = {
    lmp,
    edd: expectedDelivery(lmp),
    gravidity,
    parity,
    risk_score: riskScore,
    risk_level: riskLevel,
    updated_at: now(),
  };
  if (input.doctorId) set.doctor_id = input.doctorId;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable(TABLE).set(set).where('id', '=', id).execute();
    const changes: [string, unknown, unknown][] = [
      ['lmp', p.lmp, lmp],
      ['gravidity', p.gravidity, gravidity],
      ['parity', p.parity, parity],
      ['riskScore', p.riskScore, riskScore],
      ['riskLevel', p.riskLevel, riskLevel],
      ['doctorId', p.doctorId, set.doctor_id ?? p.doctorId],
    ];
    for (const [field, o, n] of changes)
      if (o !== n)
        await history(trx, {
          entityId: id,
          field,
          oldValue: o === null ? null : String(o),
          newValue: n === null ? null : String(n),
          userId,
        });
    if (lmp !== p.lmp) {
      await dropOpenPlans(trx, id, MAT_ANTENATAL_KINDS, 0);
      await writeAntenatalPlans(trx, { ...p, lmp }, p.registeredAt);
    }
    if (set.doctor_id && set.doctor_id !== p.doctorId)
      await trx
        .updateTable('health_plans')
        .set({ doctor_id: set.doctor_id })
        .where('enrolment_id', '=', id)
        .where('visit_id', 'is', null)
        .execute();
    if (riskLevel !== p.riskLevel) await timeline(trx, p, 'matRisk', `妊娠风险评级：${RISK_NAME[riskLevel]}（${riskScore}分）`, now());
  });
  return pregnancyInScope(db, scope, id);
}

async function setState(
  db: Kysely<any>,
  p: Pregnancy,
  to: MatState,
  userId: string | null,
  reason: string | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await db
    .updateTable(TABLE)
    .set({ state: to, state_reason: reason, updated_at: now(), ...extra })
    .where('id', '=', p.id)
    .execute();
  await history(db, { entityId: p.id, field: 'state', oldValue: p.state, newValue: to, reason, userId });
}

/** A state change from a visit (建册 → 孕期管理, → 产后访视, → 42 天检查), inside the visit's transaction; no-op when not allowed. */
export async function advanceByVisit(db: Kysely<any>, p: Pregnancy, to: MatState, userId: string): Promise<boolean> {
  if (p.state === to || !canTransition(p.state, to)) return false;
  await setState(db, p, to, userId, null);
  return true;
}

/** 已分娩 with the delivery and discharge dates: drops the antenatal plans still open, books the postpartum visit and the 42-day check. */
export async function recordDelivery(
  db: Kysely<any>,
  scope: HealthScope,
  userId: string,
  id: string,
  input: { deliveryDate: number; dischargeDate: number; deliveryMode: string; place: string },
) {
  const p = await pregnancyInScope(db, scope, id);
  if (!canTransition(p.state, 'delivered')) throw badRequest('mat.transitionRefused', { from: p.state, to: 'delivered' });
  const today = startOfUtcDay(now());
  checkDay(input.deliveryDate, 'deliveryDate', today);
  checkDay(input.dischargeDate, 'dischargeDate', today);
  const delivery = startOfUtcDay(input.deliveryDate);
  const discharge = startOfUtcDay(input.dischargeDate);
  if (gestationalAge(p.lmp, delivery).days < MIN_DELIVERY_DAYS) throw badRequest('mat.deliveryTooEarly', { weeks: MIN_DELIVERY_DAYS / 7 });
  if (gestationalAge(p.lmp, delivery).days > MAX_GESTATION_DAYS) throw badRequest('mat.lmpTooEarly', { weeks: MAX_GESTATION_DAYS / 7 });
  if (discharge < delivery || discharge > delivery + 60 * DAY_MS) throw badRequest('mat.dischargeOutOfRange');
  await db.transaction().execute(async (trx) => {
    await setState(trx, p, 'delivered', userId, null, {
      delivery_date: delivery,
      discharge_date: discharge,
      delivery_mode: input.deliveryMode,
      delivery_place: input.place || null,
    });
    await dropOpenPlans(trx, id, MAT_ANTENATAL_KINDS, delivery);
    const owner = planOwner(p);
    await insertPlans(trx, [
      { owner, kind: 'matPost', seq: 6, ...postpartumWindow(discharge) },
      { owner, kind: 'mat42', seq: 7, ...check42Window(delivery) },
    ]);
    await timeline(trx, p, 'matDelivery', `分娩（孕${gestationalAge(p.lmp, delivery).weeks}周）`, delivery);
  });
  return pregnancyInScope(db, scope, id);
}

/** A doctor's transition: 终止妊娠 (with its date), 转诊, 失访, 迁出 (with a reason), back to 孕期管理, 结案. */
export async function changeState(
  db: Kysely<any>,
  scope: HealthScope,
  userId: string,
  id: string,
  input: { state: MatState; reason: string; date?: number },
) {
  const p = await pregnancyInScope(db, scope, id);
  const to = input.state;
  // 已分娩 has its own form; 产后访视 and 42 天检查 come from their visits, 建册 only from the creation.
  if (['delivered', 'postpartum', 'check42', 'registered'].includes(to)) throw badRequest('mat.stateByVisit');
  if (!canTransition(p.state, to)) throw badRequest('mat.transitionRefused', { from: p.state, to });
  const reason = input.reason.trim();
  if (MAT_REASON_STATES.includes(to) && !reason) throw badRequest('mat.reasonRequired');
  if (to === 'antenatal' && (p.deliveryDate !== null || p.terminationDate !== null))
    throw badRequest('mat.transitionRefused', { from: p.state, to });
  const at = now();
  const extra: Record<string, unknown> = {};
  if (to === 'terminated') {
    if (input.date === undefined) throw badRequest('mat.dateRequired');
    checkDay(input.date, 'date', startOfUtcDay(at));
    const d = startOfUtcDay(input.date);
    if (d < p.lmp) throw badRequest('mat.beforeLmp');
    extra.termination_date = d;
  }
  if (to === 'closed') extra.closed_at = at;
  await db.transaction().execute(async (trx) => {
    await setState(trx, p, to, userId, reason || null, extra);
    if (to === 'terminated') await dropOpenPlans(trx, id, MAT_ANTENATAL_KINDS, Number(extra.termination_date));
    // An ended record keeps its visited and missed plans as history; the open ones go.
    if (to === 'closed' || to === 'movedOut')
      await trx
        .deleteFrom('health_plans')
        .where('enrolment_id', '=', id)
        .where('visit_id', 'is', null)
        .where('window_end', '>=', at)
        .execute();
    await timeline(trx, p, 'matState', `孕产妇管理：${STATE_NAME[to]}${reason ? `（${reason}）` : ''}`, at);
  });
  return pregnancyInScope(db, scope, id);
}

/** Re-reads the pregnancy's visit dates (newest / first) after a visit was written or removed. */
export async function refreshVisitDates(db: Kysely<any>, pregnancyId: string, tables: { first: string; all: string[] }) {
  const firstVisit = await db
    .selectFrom(tables.first)
    .select((eb) => eb.fn.min('visitDate').as('d'))
    .where('pregnancyId', '=', pregnancyId)
    .executeTakeFirst();
  let last: number | null = null;
  for (const t of tables.all) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.max('visitDate').as('d'))
      .where('pregnancyId', '=', pregnancyId)
      .executeTakeFirst();
    const d = num(r?.d);
    if (d !== null && (last === null || d > last)) last = d;
  }
  await db
    .updateTable(TABLE)
    .set({ first_visit_at: num(firstVisit?.d), last_visit_at: last, updated_at: now() })
    .where('id', '=', pregnancyId)
    .execute();
}

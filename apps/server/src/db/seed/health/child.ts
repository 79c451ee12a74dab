import type { Kysely } from 'kysely';
import {
  ageInMonths,
  ageInMonthsExact,
  ageOn,
  childSchedule,
  DAY_MS,
  growthBand,
  growthLimits,
  LENGTH_FOR_AGE,
  makeIdNumber,
  startOfUtcDay,
  WEAK_REASON_NAME,
  weakReasons,
  WEIGHT_FOR_AGE,
  type ChildPlan,
  type GrowthBand,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { all } from '../../../modules/health/plans/rows.ts';
import { stableId } from '../menus.ts';
import { CHILD_CHECKUP_MODEL, CHILD_CHECKUP_TABLE, CHILD_NEWBORN_MODEL, CHILD_NEWBORN_TABLE, seedChildModels } from './child-models.ts';
import { insertBatches } from '../batches.ts';
import { mulberry32 } from '../random.ts';

/**
 * Fictitious child-health data (issue 18, M7 demo) derived from E's residents
 * aged 0–6: most get a child record (a few are left for the new-record
 * picker), linked to the mother when she lives in the same family (the woman
 * among head and spouse of a son or daughter of the head); birth facts with a
 * realistic share of low birth weight and preterm births; a history of
 * newborn visits and check-ups following the schedule, most made in their
 * window, some missed (逾期), some children lost (失访), haemoglobin at the
 * 6/8-, 18- and 30-month checks; growth from a per-child z-score so the bands
 * show 上 / 中 / 下; 体弱儿 and 转诊 from the rules. The population's youngest
 * residents were born before its reference date, so a few newborns of the
 * year are added to families with a mother of child-bearing age (new archive
 * rows of the same family), giving 新生儿待访视 and 新生儿访视率 figures.
 * Deterministic for a date (fixed PRNG seed), idempotent (skipped when a child
 * record exists), written in batches. No date after `at`.
 */

const RESIDENT_TABLE = 'lc_health_resident';
export const childSeedId = (kind: string, key: string) => stableId('97', `child:${kind}:${key}`);

/** A resident row as stored (all columns, for cloning a newborn into the same family). */
export type ResidentRow = Record<string, unknown> & {
  id: string;
  sex: string | null;
  birthDate: number | null;
  familyId: string | null;
  relationToHead: string | null;
  manageOrgId: string | null;
  doctorId: string | null;
  archiveState: number;
  fullName: string;
};

const GIVEN = [
  '子涵',
  '梓萱',
  '一诺',
  '欣怡',
  '浩然',
  '宇轩',
  '沐阳',
  '若曦',
  '嘉怡',
  '思远',
  '俊熙',
  '语桐',
  '皓轩',
  '可馨',
  '铭泽',
  '雨桐',
];
const SEVEN_YEARS = Math.round(7 * 365.25 * DAY_MS);
const dayOf = (ms: number) => startOfUtcDay(ms);

/** A standard normal draw (Box–Muller). */
const normal = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

/** The value at z-score `z` for an age from the table (−2SD / median / +2SD, scaled on each side). */
function valueAt(table: typeof WEIGHT_FOR_AGE, sex: '1' | '2', months: number, z: number): number {
  const lim = growthLimits(table[sex], months)!;
  const sd = z >= 0 ? (lim.plus2sd - lim.median) / 2 : (lim.median - lim.minus2sd) / 2;
  return lim.median + z * sd;
}

const base = (id: string, doctorId: string | null, orgId: string | null, at: number) => ({
  id,
  creator_user_id: doctorId,
  creator_time: at,
  last_modify_user_id: null,
  last_modify_time: null,
  organize_id: orgId,
  flow_state: 0,
});

/** The rows of the demo (pure and deterministic for `at`). */
export function demoChild(residents: ResidentRow[], at: number) {
  const r = mulberry32(20260318);
  const today = dayOf(at);
  const newResidents: Record<string, unknown>[] = [];
  const byFamily = new Map<string, ResidentRow[]>();
  for (const p of residents) if (p.familyId) (byFamily.get(p.familyId) ?? byFamily.set(p.familyId, []).get(p.familyId)!).push(p);
  const motherOf = (family: ResidentRow[], birth: number) =>
    family.find(
      (m) =>
        m.sex === '2' &&
        (m.relationToHead === '0' || m.relationToHead === '1') &&
        m.birthDate !== null &&
        ageOn(m.birthDate, birth) >= 18 &&
        ageOn(m.birthDate, birth) <= 45,
    ) ?? null;

  // Newborns of the year: ~1 in 60 families with a woman of 20–38 today, born over the last 300 days (a few in the last 10).
  const mothersNow = residents.filter(
    (m) =>
      m.sex === '2' &&
      m.archiveState !== 2 &&
      (m.relationToHead === '0' || m.relationToHead === '1') &&
      m.birthDate !== null &&
      ageOn(m.birthDate, at) >= 20 &&
      ageOn(m.birthDate, at) <= 38 &&
      !m.deathDate &&
      !m.moveOutDate,
  );
  const newborns: { row: ResidentRow; mother: ResidentRow }[] = [];
  mothersNow.forEach((m, i) => {
    if (r() > 0.09) return;
    const recent = newborns.length % 4 === 0;
    // A whole day: birth dates are UTC midnights, as the ID number's date.
    const birth = today - Math.floor(recent ? 1 + r() * 9 : 12 + r() * 288) * DAY_MS;
    const sex = r() < 0.52 ? '1' : '2';
    const head = byFamily.get(m.familyId!)?.find((x) => x.relationToHead === '0') ?? m;
    const area = String(m.idNumber ?? '369901').slice(0, 6);
    const row = {
      ...m,
      id: childSeedId('resident', `${m.id}:${i}`),
      creator_time: Math.min(at - 3_600_000, birth + 3 * DAY_MS),
      last_modify_user_id: null,
      last_modify_time: null,
      fullName: `${String(head.fullName).slice(0, 1)}${GIVEN[Math.floor(r() * GIVEN.length)]}`,
      idNumber: makeIdNumber(area, birth, 900 + (sex === '1' ? 1 : 0) + 2 * Math.floor(r() * 45)),
      sex,
      birthDate: birth,
      workUnit: null,
      contactName: m.fullName,
      contactPhone: m.phone ?? null,
      education: null,
      occupation: 'W',
      maritalStatus: '10',
      heightCm: 50,
      // A son or daughter of the head: the mother is the head or the spouse.
      relationToHead: sex === '1' ? '2' : '3',
      archiveState: 1,
      cancelReason: null,
      deathDate: null,
      moveOutDate: null,
      auditLevel: 1,
      lastActivityAt: Math.min(at, birth + 5 * DAY_MS),
    } as ResidentRow;
    newResidents.push(row);
    newborns.push({ row, mother: m });
  });

  const children = residents
    .filter((p) => p.archiveState !== 2 && p.birthDate !== null && p.birthDate > at - SEVEN_YEARS && p.birthDate <= at && !p.deathDate)
    .map((p) => ({ row: p, mother: null as ResidentRow | null }))
    .concat(newborns);
  const records: Record<string, unknown>[] = [];
  const plans: Record<string, unknown>[] = [];
  const newbornVisits: Record<string, unknown>[] = [];
  const checkups: Record<string, unknown>[] = [];
  const timeline: Record<string, unknown>[] = [];
  const history: Record<string, unknown>[] = [];

  for (const { row: p, mother: given } of children) {
    // About 5 % of the older children have no record yet (the new-record picker, the management rate's gap).
    if (!given && r() < 0.05) continue;
    const birth = dayOf(p.birthDate!);
    const sex = (p.sex === '2' ? '2' : '1') as '1' | '2';
    const family = p.familyId ? (byFamily.get(p.familyId) ?? []) : [];
    const mother = given ?? (p.relationToHead === '2' || p.relationToHead === '3' ? motherOf(family, birth) : null);
    const id = childSeedId('record', p.id);
    const orgId = p.manageOrgId;
    const doctorId = p.doctorId;
    const preterm = r() < 0.06;
    const gestationalWeeks = preterm ? 33 + Math.floor(r() * 4) : 37 + Math.floor(r() * 5);
    const zW = Math.max(-2.8, Math.min(2.8, normal(r) * 0.9 - (preterm ? 0.8 : 0)));
    const zL = Math.max(-2.8, Math.min(2.8, zW * 0.6 + normal(r) * 0.6));
    const birthWeightG = Math.round(valueAt(WEIGHT_FOR_AGE, sex, 0, zW) * 1000 - (preterm ? 500 : 0));
    const birthLengthCm = Math.round(valueAt(LENGTH_FOR_AGE, sex, 0, zL) * 10) / 10;
    const dischargeDate = birth + (2 + Math.floor(r() * 4)) * DAY_MS;
    const lost = !given && r() < 0.03;
    const lostFrom = lost ? birth + Math.floor(r() * (today - birth)) : Infinity;
    const weakBirth = weakReasons({ birthWeightG, gestationalWeeks }).map((x) => WEAK_REASON_NAME[x]);
    const weakReason = new Set(weakBirth);
    let referral = 0;
    let last: { at: number; w: GrowthBand | null; l: GrowthBand | null } | null = null;
    const schedule = childSchedule(birth, dischargeDate);
    const filled = new Map<number, { id: string; at: number }>();
    const created = Math.min(at - 3_600_000, dischargeDate);
    for (const pl of schedule) {
      if (pl.kind === 'hb' || pl.windowStart > today) continue;
      const open = pl.windowEnd >= today;
      // Done: most past checks (fewer as children grow), a third of the open ones so far.
      const pDone = open ? 0.35 : pl.kind === 'newborn' ? 0.9 : pl.seq >= 10 ? 0.72 : 0.86;
      if (r() > pDone) continue;
      const latest = Math.min(pl.windowEnd, today - DAY_MS);
      if (latest < pl.windowStart) continue;
      // A few are made late, after the window (they still count as done, not in time).
      const late = !open && r() < 0.05;
      const visitDate = dayOf(
        late
          ? Math.min(today - DAY_MS, pl.windowEnd + (3 + Math.floor(r() * 20)) * DAY_MS)
          : pl.windowStart + Math.floor(r() * ((latest - pl.windowStart) / DAY_MS + 1)) * DAY_MS,
      );
      if (visitDate >= lostFrom || visitDate > today) continue;
      const vid = childSeedId(pl.kind, `${p.id}:${pl.seq}`);
      const enteredAt = Math.min(at - 3_600_000, visitDate + 9 * 3_600_000);
      filled.set(pl.seq, { id: vid, at: visitDate });
      if (pl.kind === 'newborn') {
        newbornVisits.push({
          ...base(vid, doctorId, orgId, enteredAt),
          residentId: p.id,
          childRecordId: id,
          visitDate,
          weightKg: Math.round(((birthWeightG + ((visitDate - birth) / DAY_MS) * 25) / 1000) * 100) / 100,
          temperature: Math.round((36.5 + r() * 0.6) * 10) / 10,
          pulse: 120 + Math.floor(r() * 30),
          respiration: 35 + Math.floor(r() * 15),
          feeding: r() < 0.6 ? '1' : r() < 0.7 ? '2' : '3',
          feedsPerDay: 8 + Math.floor(r() * 5),
          vomiting: '0',
          jaundice: r() < 0.3 ? '1' : '0',
          umbilical: r() < 0.6 ? '1' : '2',
          fontanelle: '1',
          skin: '1',
          heartLung: '1',
          abdomen: '1',
          limbs: '1',
          referral: 0,
          referralReason: null,
          nextVisitDate: schedule[1]!.planDate,
          doctorId,
          manageOrgId: orgId,
          note: '新生儿一般情况良好，指导母乳喂养',
        });
        timeline.push({
          id: `${vid}-t`,
          resident_id: p.id,
          kind: CHILD_NEWBORN_MODEL,
          title: '新生儿家庭访视',
          ref_model: CHILD_NEWBORN_MODEL,
          ref_id: vid,
          at: visitDate,
          org_id: orgId,
        });
        continue;
      }
      const months = ageInMonthsExact(birth, visitDate);
      const weightKg = Math.round(valueAt(WEIGHT_FOR_AGE, sex, months, zW + normal(r) * 0.25) * 100) / 100;
      const lengthCm = Math.round(valueAt(LENGTH_FOR_AGE, sex, months, zL + normal(r) * 0.2) * 10) / 10;
      const wBand = growthBand('weight', sex, months, weightKg);
      const lBand = growthBand('length', sex, months, lengthCm);
      // Haemoglobin at the checks in an Hb window (6 or 8, 18, 30 months).
      const hbPlan = schedule.find((h) => h.kind === 'hb' && visitDate >= h.windowStart && visitDate <= h.windowEnd && !filled.has(h.seq));
      const haemoglobin = hbPlan ? Math.round(123 + normal(r) * 7 - (zW < -1.5 ? 8 : 0)) : null;
      if (hbPlan) filled.set(hbPlan.seq, { id: vid, at: visitDate });
      const reasons = weakReasons(
        { birthWeightG, gestationalWeeks },
        { weightBand: wBand, lengthBand: lBand, haemoglobin, ageMonths: ageInMonths(birth, visitDate) },
      ).map((x) => WEAK_REASON_NAME[x]);
      for (const x of reasons) weakReason.add(x);
      const refer = reasons.length > 0 && r() < 0.25;
      if (refer && visitDate > today - 365 * DAY_MS) referral = 1;
      const next = schedule.find((x) => x.kind === 'check' && x.seq > pl.seq);
      checkups.push({
        ...base(vid, doctorId, orgId, enteredAt),
        residentId: p.id,
        childRecordId: id,
        visitDate,
        stage: (pl as ChildPlan).code,
        weightKg,
        weightBand: wBand,
        lengthCm,
        lengthBand: lBand,
        headCm: null,
        ageMonths: ageInMonths(birth, visitDate),
        skin: '1',
        fontanelleClosed: months >= 18 ? '1' : '2',
        eyes: '1',
        ears: '1',
        hearing: '1',
        teeth: Math.max(0, Math.min(20, Math.round((months - 6) * 0.9))),
        heartLung: '1',
        abdomen: '1',
        haemoglobin,
        development: r() < 0.97 ? '1' : '2',
        outdoorHours: Math.round((1 + r() * 2) * 10) / 10,
        vitaminD: months < 24 ? 400 : null,
        illness: r() < 0.15 ? '上呼吸道感染' : null,
        weak: reasons.length ? 1 : 0,
        weakReason: reasons.length ? reasons.join('、') : null,
        referral: refer ? 1 : 0,
        referralReason: refer ? '生长发育评价异常，转上级医院儿保科' : null,
        nextVisitDate: next?.planDate ?? null,
        doctorId,
        manageOrgId: orgId,
        note: reasons.length ? '体弱儿专案管理，加强营养与随访' : '生长发育正常',
      });
      timeline.push({
        id: `${vid}-t`,
        resident_id: p.id,
        kind: CHILD_CHECKUP_MODEL,
        title: `儿童健康检查：体重 ${weightKg} kg 身长 ${lengthCm} cm`,
        ref_model: CHILD_CHECKUP_MODEL,
        ref_id: vid,
        at: visitDate,
        org_id: orgId,
      });
      if (!last || visitDate >= last.at) last = { at: visitDate, w: wBand, l: lBand };
    }
    for (const pl of schedule) {
      const f = filled.get(pl.seq);
      plans.push({
        id: childSeedId('plan', `${p.id}:${pl.seq}`),
        programme: 'child',
        resident_id: p.id,
        enrolment_id: id,
        kind: pl.kind,
        seq: pl.seq,
        plan_date: pl.planDate,
        window_start: pl.windowStart,
        window_end: pl.windowEnd,
        visit_id: f?.id ?? null,
        visited_at: f?.at ?? null,
        doctor_id: doctorId,
        org_id: orgId,
        created_at: created,
      });
    }
    const weak = weakReason.size ? 1 : 0;
    records.push({
      id,
      resident_id: p.id,
      mother_resident_id: mother?.id ?? null,
      mother_pregnancy_id: null,
      birth_date: birth,
      birth_weight_g: birthWeightG,
      birth_length_cm: birthLengthCm,
      gestational_weeks: gestationalWeeks,
      discharge_date: dischargeDate,
      weak,
      weak_reason: weak ? [...weakReason].join('、') : null,
      referral,
      lost: lost && lostFrom <= today ? 1 : 0,
      lost_reason: lost && lostFrom <= today ? '随父母外出务工，联系不上' : null,
      doctor_id: doctorId,
      org_id: orgId,
      last_check_at: last?.at ?? null,
      last_weight_band: last?.w ?? null,
      last_length_band: last?.l ?? null,
      created_at: created,
      updated_at: null,
    });
    history.push({
      id: `${id}-h0`,
      entity: 'childRecord',
      entity_id: id,
      field: 'weak',
      old_value: null,
      new_value: String(weak),
      reason: weak ? [...weakReason].join('、') : null,
      user_id: doctorId,
      at: created,
    });
    timeline.push({
      id: `${id}-t`,
      resident_id: p.id,
      kind: 'childRecord',
      title: '建立儿童健康档案',
      ref_model: 'healthChildRecord',
      ref_id: id,
      at: created,
      org_id: orgId,
    });
  }
  return { newResidents, records, plans, newbornVisits, checkups, timeline, history };
}

/** Seeds the two models and the demo children once; returns how many child records were written. */
export async function seedChild(ctx: AppContext, at = Date.now()): Promise<number> {
  await seedChildModels(ctx);
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom('health_child_records').select('id').limit(1).executeTakeFirst()) return 0;
  const rows = await all(db, db.selectFrom(RESIDENT_TABLE).selectAll().orderBy('id'));
  if (!rows.length) return 0;
  const residents = rows.map((x) => ({
    ...x,
    id: String(x.id),
    sex: x.sex === null || x.sex === undefined ? null : String(x.sex),
    birthDate: x.birthDate === null || x.birthDate === undefined ? null : Number(x.birthDate),
    familyId: (x.familyId as string | null) ?? null,
    relationToHead: (x.relationToHead as string | null) ?? null,
    manageOrgId: (x.manageOrgId as string | null) ?? null,
    doctorId: (x.doctorId as string | null) ?? null,
    archiveState: Number(x.archiveState ?? 1),
    fullName: String(x.fullName ?? ''),
  })) as ResidentRow[];
  const d = demoChild(residents, at);
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, RESIDENT_TABLE, d.newResidents);
    await insertBatches(t, 'health_child_records', d.records);
    await insertBatches(t, 'health_plans', d.plans);
    await insertBatches(t, CHILD_NEWBORN_TABLE, d.newbornVisits);
    await insertBatches(t, CHILD_CHECKUP_TABLE, d.checkups);
    await insertBatches(t, 'health_timeline', d.timeline);
    await insertBatches(t, 'health_state_history', d.history);
  });
  return d.records.length;
}

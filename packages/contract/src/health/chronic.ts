/**
 * Hypertension and type 2 diabetes follow-up rules (issue 17, M3; national
 * standard §1.2 and §1.3). Pure, so the server applies them on save and the
 * visit form shows the same suggestion live while values are typed.
 */

export type ChronicProgramme = 'htn' | 'dm';
export const CHRONIC_PROGRAMMES: ChronicProgramme[] = ['htn', 'dm'];

/** 此次随访分类: 1 控制满意, 2 控制不满意, 3 不良反应, 4 并发症. */
export type VisitClassification = '1' | '2' | '3' | '4';
export const CLASSIFICATION = { controlled: '1', uncontrolled: '2', adverseReaction: '3', complication: '4' } as const;
export const CLASSIFICATIONS: VisitClassification[] = ['1', '2', '3', '4'];

/** referralFlag of a visit and an enrolment: 0 none, 1 需转诊, 2 紧急转诊. */
export type ReferralFlag = 0 | 1 | 2;

/** Enrolment outcome (转归): 0 管理中, 1 暂时失访, 2 终止管理. */
export type EnrolmentOutcome = 0 | 1 | 2;
export const OUTCOME_REASONS = ['death', 'movedOut', 'lost', 'refused', 'other'] as const;

export const DAY_MS = 86_400_000;

/** Thresholds, named so the tests and the screens quote the same numbers. */
export const THRESHOLDS = {
  htnSystolic: 140,
  htnSystolicElderly: 150,
  htnDiastolic: 90,
  elderlyAge: 65,
  dmFastingGlucose: 7.0,
  dangerSystolic: 180,
  dangerDiastolic: 110,
  dangerGlucoseHigh: 16.7,
  dangerGlucoseLow: 3.9,
  dangerHeartRate: 100,
  dangerTemperature: 39,
  lateEntryDays: 7,
  recheckDays: 14,
} as const;

export interface VisitValues {
  systolic?: number | null;
  diastolic?: number | null;
  heartRate?: number | null;
  glucose?: number | null;
  temperature?: number | null;
  /** A reported drug reaction (药物不良反应 有). */
  drugReaction?: boolean | number | string | null;
  /** A new or worse complication, as the doctor judges it. */
  complication?: boolean | number | string | null;
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};
const yes = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/** Full years of age on a date (both epoch ms, UTC calendar). */
export function ageOn(birthDate: number, date: number): number {
  const b = new Date(birthDate);
  const d = new Date(date);
  let age = d.getUTCFullYear() - b.getUTCFullYear();
  const beforeBirthday = d.getUTCMonth() < b.getUTCMonth() || (d.getUTCMonth() === b.getUTCMonth() && d.getUTCDate() < b.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** Whether the blood pressure / glucose is in target (null: a value the rule needs is missing). */
export function isControlled(programme: ChronicProgramme, v: VisitValues, ageYears: number | null): boolean | null {
  if (programme === 'htn') {
    const s = num(v.systolic);
    const d = num(v.diastolic);
    if (s === null || d === null) return null;
    const limit = ageYears !== null && ageYears >= THRESHOLDS.elderlyAge ? THRESHOLDS.htnSystolicElderly : THRESHOLDS.htnSystolic;
    return s < limit && d < THRESHOLDS.htnDiastolic;
  }
  const g = num(v.glucose);
  if (g === null) return null;
  return g < THRESHOLDS.dmFastingGlucose;
}

/**
 * The server's suggested classification: a new or worse complication → 并发症;
 * a drug reaction → 不良反应; otherwise 控制满意 or 控制不满意 by the thresholds.
 * Null when a value the rule needs (blood pressure, fasting glucose) is missing.
 */
export function suggestClassification(programme: ChronicProgramme, v: VisitValues, ageYears: number | null): VisitClassification | null {
  if (yes(v.complication)) return CLASSIFICATION.complication;
  if (yes(v.drugReaction)) return CLASSIFICATION.adverseReaction;
  const ok = isControlled(programme, v, ageYears);
  if (ok === null) return null;
  return ok ? CLASSIFICATION.controlled : CLASSIFICATION.uncontrolled;
}

export type DangerSign = 'systolic' | 'diastolic' | 'glucoseHigh' | 'glucoseLow' | 'heartRate' | 'temperature';

/** Danger values (紧急转诊 at once): BP for both programmes; glucose, heart rate and temperature for diabetes. */
export function dangerSigns(programme: ChronicProgramme, v: VisitValues): DangerSign[] {
  const out: DangerSign[] = [];
  const s = num(v.systolic);
  const d = num(v.diastolic);
  if (s !== null && s >= THRESHOLDS.dangerSystolic) out.push('systolic');
  if (d !== null && d >= THRESHOLDS.dangerDiastolic) out.push('diastolic');
  if (programme === 'dm') {
    const g = num(v.glucose);
    const hr = num(v.heartRate);
    const t = num(v.temperature);
    if (g !== null && g >= THRESHOLDS.dangerGlucoseHigh) out.push('glucoseHigh');
    if (g !== null && g <= THRESHOLDS.dangerGlucoseLow) out.push('glucoseLow');
    if (hr !== null && hr > THRESHOLDS.dangerHeartRate) out.push('heartRate');
    if (t !== null && t > THRESHOLDS.dangerTemperature) out.push('temperature');
  }
  return out;
}

/** BMI = kg / m², one decimal; null without a positive weight and height. */
export function computeBmi(weightKg: unknown, heightCm: unknown): number | null {
  const w = num(weightKg);
  const h = num(heightCm);
  if (w === null || h === null || w <= 0 || h <= 0) return null;
  const m = h / 100;
  return Math.round((w / (m * m)) * 10) / 10;
}

/** UTC midnight of the day holding this instant. */
export const startOfUtcDay = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** 延后录入: entered more than 7 calendar days after the visit date. */
export function isLateEntry(visitDate: number, enteredAt: number): boolean {
  return (startOfUtcDay(enteredAt) - startOfUtcDay(visitDate)) / DAY_MS > THRESHOLDS.lateEntryDays;
}

/**
 * What the rules conclude from one visit and the one before it (same enrolment):
 * - danger values → 紧急转诊 (2) at once;
 * - this and the previous visit both 控制不满意 → 需转诊 (1);
 * - a first 控制不满意 or a 不良反应 → a two-week recheck plan.
 */
export function visitOutcome(
  programme: ChronicProgramme,
  classification: VisitClassification | null,
  previousClassification: VisitClassification | null,
  v: VisitValues,
): { referralFlag: ReferralFlag; recheck: boolean; danger: DangerSign[]; consecutiveUncontrolled: boolean } {
  const danger = dangerSigns(programme, v);
  const uncontrolled = classification === CLASSIFICATION.uncontrolled;
  const consecutiveUncontrolled = uncontrolled && previousClassification === CLASSIFICATION.uncontrolled;
  const referralFlag: ReferralFlag = danger.length ? 2 : consecutiveUncontrolled ? 1 : 0;
  const recheck = (uncontrolled && !consecutiveUncontrolled) || classification === CLASSIFICATION.adverseReaction;
  return { referralFlag, recheck, danger, consecutiveUncontrolled };
}

// ---------------------------------------------------------------- validation

/** Plausible ranges for the measured values; a value outside is refused with the field named. */
export const VISIT_RANGES: Record<string, [number, number]> = {
  systolic: [50, 300],
  diastolic: [20, 200],
  heartRate: [20, 250],
  glucose: [0.5, 50],
  temperature: [30, 45],
  weightKg: [2, 400],
};

/** The first field outside its range, or null. */
export function visitRangeError(v: Record<string, unknown>): { field: string; min: number; max: number } | null {
  for (const [field, [min, max]] of Object.entries(VISIT_RANGES)) {
    const raw = v[field];
    if (raw === null || raw === undefined || raw === '') continue;
    const n = num(raw);
    if (n === null || n < min || n > max) return { field, min, max };
  }
  return null;
}

import { describe, expect, it } from 'vitest';
import {
  ageOn,
  computeBmi,
  dangerSigns,
  DAY_MS,
  isControlled,
  isLateEntry,
  suggestClassification,
  visitOutcome,
  visitRangeError,
} from './chronic.ts';
import {
  DEFAULT_PLAN_SETTINGS,
  inWindow,
  planSettingsSchema,
  planState,
  planWindow,
  recheckPlan,
  regularPlan,
  regularPlansUntil,
} from './plans.ts';

const d = (s: string) => Date.parse(`${s}T00:00:00Z`);

describe('hypertension classification', () => {
  const cases: [number, number, number, string][] = [
    // systolic, diastolic, age, expected
    [139, 89, 40, '1'],
    [140, 89, 40, '2'],
    [139, 90, 40, '2'],
    [139.9, 89.9, 64, '1'],
    [140, 80, 64, '2'],
    [149, 89, 65, '1'],
    [150, 89, 65, '2'],
    [149, 90, 65, '2'],
    [145, 85, 80, '1'],
    [165, 95, 50, '2'],
  ];
  it.each(cases)('%s/%s at %s → %s', (s, dia, age, want) => {
    expect(suggestClassification('htn', { systolic: s, diastolic: dia }, age)).toBe(want);
  });
  it('65 counts on the visit date (birthday that day, the day before)', () => {
    const birth = d('1961-03-10');
    expect(ageOn(birth, d('2026-03-10'))).toBe(65);
    expect(ageOn(birth, d('2026-03-09'))).toBe(64);
    expect(suggestClassification('htn', { systolic: 145, diastolic: 80 }, ageOn(birth, d('2026-03-10')))).toBe('1');
    expect(suggestClassification('htn', { systolic: 145, diastolic: 80 }, ageOn(birth, d('2026-03-09')))).toBe('2');
  });
  it('leap-day birthdays', () => {
    expect(ageOn(d('1960-02-29'), d('2025-02-28'))).toBe(64);
    expect(ageOn(d('1960-02-29'), d('2025-03-01'))).toBe(65);
  });
  it('unknown age uses the under-65 threshold; missing BP gives no suggestion', () => {
    expect(suggestClassification('htn', { systolic: 145, diastolic: 80 }, null)).toBe('2');
    expect(suggestClassification('htn', { systolic: 145 }, 40)).toBeNull();
    expect(suggestClassification('htn', { systolic: '' as never, diastolic: 80 }, 40)).toBeNull();
    expect(isControlled('htn', { systolic: 'abc' as never, diastolic: 80 }, 40)).toBeNull();
  });
  it('strings from a form count as numbers', () => {
    expect(suggestClassification('htn', { systolic: '139' as never, diastolic: '89' as never }, 40)).toBe('1');
  });
});

describe('diabetes classification', () => {
  it.each([
    [6.9, '1'],
    [6.99, '1'],
    [7.0, '2'],
    [7.1, '2'],
    [3.0, '1'],
  ])('FPG %s → %s', (g, want) => {
    expect(suggestClassification('dm', { glucose: g, systolic: 200, diastolic: 120 }, 70)).toBe(want);
  });
  it('missing glucose gives no suggestion', () => {
    expect(suggestClassification('dm', { systolic: 120, diastolic: 80 }, 50)).toBeNull();
  });
});

describe('drug reaction and complication', () => {
  it('a complication wins, then a drug reaction, whatever the values', () => {
    expect(suggestClassification('htn', { systolic: 120, diastolic: 70, complication: 1, drugReaction: 1 }, 50)).toBe('4');
    expect(suggestClassification('htn', { systolic: 120, diastolic: 70, drugReaction: '1' }, 50)).toBe('3');
    expect(suggestClassification('dm', { glucose: 9, drugReaction: true }, 50)).toBe('3');
    expect(suggestClassification('dm', { glucose: 5, complication: true }, 50)).toBe('4');
    expect(suggestClassification('htn', { systolic: 120, diastolic: 70, drugReaction: 0, complication: '0' }, 50)).toBe('1');
  });
});

describe('danger values', () => {
  it('blood pressure for both programmes', () => {
    expect(dangerSigns('htn', { systolic: 179, diastolic: 109 })).toEqual([]);
    expect(dangerSigns('htn', { systolic: 180, diastolic: 109 })).toEqual(['systolic']);
    expect(dangerSigns('htn', { systolic: 179, diastolic: 110 })).toEqual(['diastolic']);
    expect(dangerSigns('dm', { systolic: 180, diastolic: 110 })).toEqual(['systolic', 'diastolic']);
  });
  it('glucose, heart rate and temperature for diabetes only', () => {
    expect(dangerSigns('dm', { glucose: 16.6 })).toEqual([]);
    expect(dangerSigns('dm', { glucose: 16.7 })).toEqual(['glucoseHigh']);
    expect(dangerSigns('dm', { glucose: 3.9 })).toEqual(['glucoseLow']);
    expect(dangerSigns('dm', { glucose: 4.0 })).toEqual([]);
    expect(dangerSigns('dm', { heartRate: 100 })).toEqual([]);
    expect(dangerSigns('dm', { heartRate: 101 })).toEqual(['heartRate']);
    expect(dangerSigns('dm', { temperature: 39 })).toEqual([]);
    expect(dangerSigns('dm', { temperature: 39.1 })).toEqual(['temperature']);
    expect(dangerSigns('htn', { glucose: 20, heartRate: 120, temperature: 40 })).toEqual([]);
  });
});

describe('visit outcome', () => {
  it('danger → 紧急转诊 at once', () => {
    expect(visitOutcome('htn', '2', null, { systolic: 185, diastolic: 95 }).referralFlag).toBe(2);
  });
  it('first uncontrolled → recheck, no referral', () => {
    expect(visitOutcome('htn', '2', '1', { systolic: 165, diastolic: 95 })).toMatchObject({ referralFlag: 0, recheck: true });
    expect(visitOutcome('htn', '2', null, { systolic: 165, diastolic: 95 })).toMatchObject({ referralFlag: 0, recheck: true });
  });
  it('second consecutive uncontrolled → 需转诊', () => {
    expect(visitOutcome('htn', '2', '2', { systolic: 165, diastolic: 95 })).toMatchObject({
      referralFlag: 1,
      recheck: false,
      consecutiveUncontrolled: true,
    });
  });
  it('adverse reaction → recheck; controlled → nothing', () => {
    expect(visitOutcome('dm', '3', '2', { glucose: 6 })).toMatchObject({ referralFlag: 0, recheck: true });
    expect(visitOutcome('dm', '1', '2', { glucose: 6 })).toMatchObject({ referralFlag: 0, recheck: false });
  });
  it('danger outranks consecutive', () => {
    expect(visitOutcome('dm', '2', '2', { glucose: 17 }).referralFlag).toBe(2);
  });
});

describe('BMI', () => {
  it('one decimal', () => {
    expect(computeBmi(70, 170)).toBe(24.2);
    expect(computeBmi('80', '175')).toBe(26.1);
    expect(computeBmi(72.25, 170)).toBe(25);
  });
  it('null without weight or height', () => {
    expect(computeBmi(null, 170)).toBeNull();
    expect(computeBmi(70, 0)).toBeNull();
    expect(computeBmi(-1, 170)).toBeNull();
    expect(computeBmi('x', 170)).toBeNull();
  });
});

describe('late entry', () => {
  it('more than 7 calendar days', () => {
    const v = d('2026-01-01');
    expect(isLateEntry(v, d('2026-01-08') + 23 * 3600_000)).toBe(false);
    expect(isLateEntry(v, d('2026-01-09'))).toBe(true);
    expect(isLateEntry(v, v)).toBe(false);
  });
});

describe('ranges', () => {
  it('names the first field out of range', () => {
    expect(visitRangeError({ systolic: 120, diastolic: 80 })).toBeNull();
    expect(visitRangeError({ systolic: 20 })).toEqual({ field: 'systolic', min: 50, max: 300 });
    expect(visitRangeError({ glucose: 'NaN' })).toMatchObject({ field: 'glucose' });
    expect(visitRangeError({ weightKg: 1e9 })).toMatchObject({ field: 'weightKg' });
  });
});

describe('plans', () => {
  const s = DEFAULT_PLAN_SETTINGS;
  const enrolled = d('2025-01-01') + 5 * 3600_000;
  it('every 90 days from enrolment with ±30 days', () => {
    const p1 = regularPlan(enrolled, 1, s);
    expect(p1.planDate).toBe(d('2025-04-01'));
    expect(p1.windowStart).toBe(d('2025-03-02'));
    expect(p1.windowEnd).toBe(d('2025-05-02') - 1);
    expect(regularPlan(enrolled, 4, s).planDate).toBe(d('2025-01-01') + 360 * DAY_MS);
  });
  it('states from the clock at every boundary', () => {
    const p = planWindow(d('2025-04-01'), s);
    expect(planState(p, p.windowStart - 1)).toBe('upcoming');
    expect(planState(p, p.windowStart)).toBe('due');
    expect(planState(p, p.windowEnd)).toBe('due');
    expect(planState(p, p.windowEnd + 1)).toBe('overdue');
    expect(planState({ ...p, visitId: 'v1' }, p.windowEnd + 1)).toBe('visited');
    expect(planState({ ...p, visitId: 'v1' }, p.windowStart - 1)).toBe('visited');
  });
  it('a visit on the first and last day of the window fills it', () => {
    const p = planWindow(d('2025-04-01'), s);
    expect(inWindow(p, d('2025-03-02'))).toBe(true);
    expect(inWindow(p, d('2025-03-01'))).toBe(false);
    expect(inWindow(p, d('2025-05-01'))).toBe(true);
    expect(inWindow(p, d('2025-05-02'))).toBe(false);
  });
  it('rolls forward past a date', () => {
    const list = regularPlansUntil(enrolled, 0, d('2026-01-01'), s);
    expect(list.map((p) => p.n)).toEqual([1, 2, 3, 4, 5]);
    expect(list.at(-1)!.planDate).toBeGreaterThan(d('2026-01-01'));
    expect(regularPlansUntil(enrolled, 4, d('2026-01-01'), s).map((p) => p.n)).toEqual([5]);
  });
  it('recheck due within 14 days of the visit', () => {
    const r = recheckPlan(d('2026-03-01') + 10 * 3600_000);
    expect(r.planDate).toBe(d('2026-03-15'));
    expect(r.windowStart).toBe(d('2026-03-02'));
    expect(r.windowEnd).toBe(d('2026-03-16') - 1);
  });
  it('settings validation', () => {
    expect(planSettingsSchema.safeParse(s).success).toBe(true);
    expect(planSettingsSchema.safeParse({ ...s, windowBeforeDays: 45, windowAfterDays: 45 }).success).toBe(false);
    expect(planSettingsSchema.safeParse({ ...s, cycleDays: 0 }).success).toBe(false);
    expect(planSettingsSchema.safeParse({ ...s, cycleDays: 90.5 }).success).toBe(false);
    expect(planSettingsSchema.safeParse({ ...s, extra: 1 }).success).toBe(false);
    expect(planSettingsSchema.safeParse({ ...s, cycleDays: '90' }).success).toBe(false);
  });
});

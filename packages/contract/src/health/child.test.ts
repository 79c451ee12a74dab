import { describe, expect, it } from 'vitest';
import {
  addMonths,
  ageInMonths,
  CHILD_CHECKS,
  childCheckState,
  childRate,
  childSchedule,
  growthBand,
  growthLimits,
  stageFor,
  weakReasons,
} from './child.ts';
import { LENGTH_FOR_AGE, WEIGHT_FOR_AGE } from './child-growth-table.ts';

const d = (s: string) => Date.parse(`${s}T00:00:00Z`);
const endOf = (s: string) => d(s) + 86_400_000 - 1;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('child schedule from the date of birth', () => {
  const birth = d('2025-01-31');
  const plans = childSchedule(birth, d('2025-02-03'));
  const by = (code: string) => plans.find((p) => p.code === code)!;

  it('has the newborn visit, 12 checks and 3 haemoglobin tests', () => {
    expect(plans).toHaveLength(16);
    expect(plans.filter((p) => p.kind === 'check').map((p) => p.code)).toEqual([
      'd28',
      'm3',
      'm6',
      'm8',
      'm12',
      'm18',
      'm24',
      'm30',
      'm36',
      'y4',
      'y5',
      'y6',
    ]);
    expect(plans.map((p) => p.seq)).toEqual(CHILD_CHECKS.map((_, i) => i));
  });
  it('newborn visit: from the discharge day to 7 days after it', () => {
    expect(ymd(by('newborn').windowStart)).toBe('2025-02-03');
    expect(by('newborn').windowEnd).toBe(endOf('2025-02-10'));
    // Without a discharge date the birth day counts.
    expect(childSchedule(birth)[0]!.windowEnd).toBe(endOf('2025-02-07'));
  });
  it('满月: day 28 to day 30', () => {
    expect(ymd(by('d28').windowStart)).toBe('2025-02-28');
    expect(by('d28').windowEnd).toBe(endOf('2025-03-02'));
  });
  it('month checks clamp the 31st to the month end and close before age + window', () => {
    expect(ymd(by('m3').windowStart)).toBe('2025-04-30');
    expect(by('m3').windowEnd).toBe(endOf('2025-05-30'));
    expect(ymd(by('m18').windowStart)).toBe('2026-07-31');
    expect(by('m18').windowEnd).toBe(endOf('2026-09-29'));
    expect(ymd(by('y6').windowStart)).toBe('2031-01-31');
    expect(by('y6').windowEnd).toBe(endOf('2031-04-29'));
  });
  it('haemoglobin at 6–8 months, 18 and 30 months', () => {
    expect(ymd(by('hb1').windowStart)).toBe('2025-07-31');
    expect(by('hb1').windowEnd).toBe(endOf('2025-10-30'));
    expect(by('hb2').windowStart).toBe(by('m18').windowStart);
    expect(by('hb3').windowEnd).toBe(by('m30').windowEnd);
  });
  it('addMonths on a leap day', () => {
    expect(ymd(addMonths(d('2024-02-29'), 12))).toBe('2025-02-28');
    expect(ymd(addMonths(d('2024-02-29'), 48))).toBe('2028-02-29');
  });
});

describe('check states at the window boundaries', () => {
  const p = { windowStart: d('2026-03-01'), windowEnd: endOf('2026-03-31') };
  it('未到 / 应查 / 逾期 / 已查 / 失访', () => {
    expect(childCheckState(p, d('2026-03-01') - 1)).toBe('upcoming');
    expect(childCheckState(p, d('2026-03-01'))).toBe('due');
    expect(childCheckState(p, endOf('2026-03-31'))).toBe('due');
    expect(childCheckState(p, endOf('2026-03-31') + 1)).toBe('overdue');
    expect(childCheckState({ ...p, visitId: 'v' }, d('2026-05-01'))).toBe('done');
    expect(childCheckState(p, d('2026-05-01'), true)).toBe('lost');
    expect(childCheckState({ ...p, visitId: 'v' }, d('2026-05-01'), true)).toBe('done');
  });
});

describe('age and stage', () => {
  it('whole months', () => {
    expect(ageInMonths(d('2025-01-31'), d('2025-02-27'))).toBe(0);
    expect(ageInMonths(d('2025-01-31'), d('2025-02-28'))).toBe(1);
    expect(ageInMonths(d('2025-01-15'), d('2026-01-14'))).toBe(11);
    expect(ageInMonths(d('2025-01-15'), d('2026-01-15'))).toBe(12);
  });
  it('stage of a visit date', () => {
    const b = d('2025-01-15');
    expect(stageFor(b, d('2025-04-15'))).toBe('m3');
    expect(stageFor(b, d('2025-05-14'))).toBe('m3');
    expect(stageFor(b, d('2025-05-20'))).toBe('m3'); // late, after the window: still the last stage reached
    expect(stageFor(b, d('2025-07-15'))).toBe('m6');
    expect(stageFor(b, d('2025-02-01'))).toBeNull();
  });
});

describe('growth bands on table values', () => {
  it('boys weight at 12 months: 8.06 / 12.54 are 中, just outside are 下 / 上', () => {
    expect(growthBand('weight', '1', 12, 8.06)).toBe('mid');
    expect(growthBand('weight', '1', 12, 8.05)).toBe('down');
    expect(growthBand('weight', '1', 12, 12.54)).toBe('mid');
    expect(growthBand('weight', '1', 12, 12.55)).toBe('up');
    expect(growthBand('weight', '1', 12, 10.05)).toBe('mid');
  });
  it('girls length at 24 months and at birth', () => {
    expect(growthBand('length', '2', 24, 80.5)).toBe('mid');
    expect(growthBand('length', '2', 24, 80.4)).toBe('down');
    expect(growthBand('length', '2', 24, 94.4)).toBe('up');
    expect(growthBand('length', '2', 0, 53.2)).toBe('mid');
    expect(growthBand('length', '2', 0, 53.3)).toBe('up');
  });
  it('every tabulated row: −2SD and +2SD are 中', () => {
    for (const [table, measure] of [
      [WEIGHT_FOR_AGE, 'weight'],
      [LENGTH_FOR_AGE, 'length'],
    ] as const)
      for (const sex of ['1', '2'] as const)
        for (const [m, lo, med, hi] of table[sex]) {
          expect(growthBand(measure, sex, m, lo)).toBe('mid');
          expect(growthBand(measure, sex, m, hi)).toBe('mid');
          expect(growthBand(measure, sex, m, med)).toBe('mid');
          expect(lo).toBeLessThan(med);
          expect(med).toBeLessThan(hi);
        }
  });
  it('interpolates between tabulated ages', () => {
    // boys weight 3 → 6 months: −2SD 5.29 → 6.70; at 4.5 months 6.00 (rounded)
    expect(growthLimits(WEIGHT_FOR_AGE['1'], 4.5)!.minus2sd).toBe(6);
  });
  it('no band without sex, value or an age in range', () => {
    expect(growthBand('weight', null, 12, 10)).toBeNull();
    expect(growthBand('weight', '1', 12, '')).toBeNull();
    expect(growthBand('weight', '1', -1, 10)).toBeNull();
    expect(growthBand('weight', '1', 84, 20)).toBeNull();
    expect(growthBand('weight', '1', 80, 20)).toBe('mid');
  });
});

describe('体弱儿 criteria', () => {
  it('birth facts and check values', () => {
    expect(weakReasons({ birthWeightG: 2499, gestationalWeeks: 36 })).toEqual(['lowBirthWeight', 'preterm']);
    expect(weakReasons({ birthWeightG: 2500, gestationalWeeks: 37 })).toEqual([]);
    expect(weakReasons({}, { weightBand: 'down', lengthBand: 'down', haemoglobin: 109, ageMonths: 8 })).toEqual([
      'underweight',
      'stunted',
      'anaemia',
    ]);
    expect(weakReasons({}, { haemoglobin: 110, ageMonths: 8 })).toEqual([]);
  });
  it('rate', () => {
    expect(childRate(2, 3)).toBe(0.6667);
    expect(childRate(0, 0)).toBe(0);
  });
});

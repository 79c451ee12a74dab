import { describe, expect, it } from 'vitest';
import { DAY_MS } from './chronic.ts';
import { DEFAULT_PSY_SETTINGS, psyDaysFor, psyKpiOf, psyNextPlan, psySettingsSchema, riskLevelOf, suggestPsyClass } from './psy.ts';

describe('suggestPsyClass', () => {
  it('不稳定 at risk 3–5, no insight or a severe drug reaction', () => {
    for (const r of [3, 4, 5]) expect(suggestPsyClass({ riskLevel: r, insight: '1' })).toBe('1');
    expect(suggestPsyClass({ riskLevel: 0, insight: '3' })).toBe('1');
    expect(suggestPsyClass({ riskLevel: 0, insight: '1', drugReaction: '2' })).toBe('1');
    expect(suggestPsyClass({ riskLevel: null, insight: '3' })).toBe('1');
  });
  it('基本稳定 at risk 1–2 or incomplete insight; boundary 2 vs 3', () => {
    expect(suggestPsyClass({ riskLevel: 1, insight: '1' })).toBe('2');
    expect(suggestPsyClass({ riskLevel: 2, insight: '1' })).toBe('2');
    expect(suggestPsyClass({ riskLevel: '3', insight: '1' })).toBe('1');
    expect(suggestPsyClass({ riskLevel: 0, insight: '2' })).toBe('2');
    expect(suggestPsyClass({ riskLevel: 0, insight: '1', drugReaction: '1' })).toBe('3');
  });
  it('稳定 at risk 0 with full insight; 未访到 when not reached; null when a value is missing', () => {
    expect(suggestPsyClass({ riskLevel: 0, insight: '1' })).toBe('3');
    expect(suggestPsyClass({ reached: 0, riskLevel: 5 })).toBe('0');
    expect(suggestPsyClass({ riskLevel: 0 })).toBeNull();
    expect(suggestPsyClass({ insight: '1' })).toBeNull();
    expect(riskLevelOf(6)).toBeNull();
    expect(riskLevelOf('x')).toBeNull();
  });
});

describe('next plan and settings', () => {
  it('2 weeks / 2 months / 3 months from the visit day, window from the visit day to the end of the due day', () => {
    const v = Date.UTC(2030, 2, 1, 15);
    const d = Date.UTC(2030, 2, 1);
    const p = psyNextPlan(v, psyDaysFor('1', DEFAULT_PSY_SETTINGS));
    expect(p).toEqual({ planDate: d + 14 * DAY_MS, windowStart: d, windowEnd: d + 15 * DAY_MS - 1 });
    expect(psyDaysFor('2', DEFAULT_PSY_SETTINGS)).toBe(60);
    expect(psyDaysFor('3', DEFAULT_PSY_SETTINGS)).toBe(90);
    expect(psyDaysFor('0', DEFAULT_PSY_SETTINGS)).toBe(14);
  });
  it('validates the settings', () => {
    expect(psySettingsSchema.safeParse(DEFAULT_PSY_SETTINGS).success).toBe(true);
    expect(psySettingsSchema.safeParse({ ...DEFAULT_PSY_SETTINGS, unstableDays: 0 }).success).toBe(false);
    expect(psySettingsSchema.safeParse({ ...DEFAULT_PSY_SETTINGS, basicDays: 10 }).success).toBe(false);
    expect(psySettingsSchema.safeParse({ ...DEFAULT_PSY_SETTINGS, extra: 1 }).success).toBe(false);
  });
});

describe('psyKpiOf', () => {
  it('counts standard management and stability by hand', () => {
    const k = psyKpiOf([
      { visits: 4, lastClass: '3' },
      { visits: 5, lastClass: '1' },
      { visits: 1, lastClass: '3' },
      { visits: 0, lastClass: null },
    ]);
    expect(k).toEqual({ managed: 4, standard: 2, standardRate: 50, followed: 3, stable: 2, stableRate: 66.7 });
  });
});

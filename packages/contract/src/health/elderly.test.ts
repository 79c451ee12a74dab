import { describe, expect, it } from 'vitest';
import {
  elderlyBirthBound,
  elderlyEligibleIn,
  isElderlyEligible,
  quarterBounds,
  selfCareBand,
  selfCareItemScore,
  selfCareTotal,
} from './elderly.ts';

/** Elderly 65+ rules (issue 18, M8): eligibility at the birthday boundaries, item scores, every band edge. */
const d = (s: string) => Date.parse(`${s}T00:00:00Z`);

describe('eligibility: 65 or older at some point during the calendar year', () => {
  it('born on 31 December 65 years earlier is eligible all year; born on 1 January 64 years earlier is not', () => {
    expect(elderlyEligibleIn(d('1961-12-31'), 2026)).toBe(true);
    expect(elderlyEligibleIn(d('1961-01-01'), 2026)).toBe(true);
    expect(elderlyEligibleIn(d('1962-01-01'), 2026)).toBe(false);
    expect(elderlyEligibleIn(d('1930-06-15'), 2026)).toBe(true);
  });
  it('the clock decides the year: on 1 January the next cohort comes in', () => {
    expect(isElderlyEligible(d('1961-12-31'), Date.parse('2025-12-31T23:59:59Z'))).toBe(false);
    expect(isElderlyEligible(d('1961-12-31'), Date.parse('2026-01-01T00:00:00Z'))).toBe(true);
  });
  it('a local midnight east or west of UTC names the same day', () => {
    // 1962-01-01 00:00 in Beijing is 1961-12-31 16:00 UTC: still born in 1962.
    expect(elderlyEligibleIn(d('1962-01-01') - 8 * 3_600_000, 2026)).toBe(false);
    // 1961-12-31 00:00 in New York is 05:00 UTC: born in 1961.
    expect(elderlyEligibleIn(d('1961-12-31') + 5 * 3_600_000, 2026)).toBe(true);
  });
  it('leap-day birthdays and unknown dates', () => {
    expect(elderlyEligibleIn(d('1960-02-29'), 2025)).toBe(true);
    expect(elderlyEligibleIn(d('1960-02-29'), 2024)).toBe(false);
    expect(elderlyEligibleIn(null, 2026)).toBe(false);
    expect(elderlyEligibleIn(Number.NaN, 2026)).toBe(false);
  });
  it('the SQL bound agrees with the function at the edges', () => {
    const b = elderlyBirthBound(2026);
    for (const t of [d('1961-12-31'), d('1962-01-01'), d('1962-01-01') - 8 * 3_600_000, d('1961-12-31') + 5 * 3_600_000])
      expect(t < b).toBe(elderlyEligibleIn(t, 2026));
  });
});

describe('self-care assessment', () => {
  const all = (meal: string, grooming: string, dressing: string, toilet: string, activity: string) => ({
    scMeal: meal,
    scGrooming: grooming,
    scDressing: dressing,
    scToilet: toilet,
    scActivity: activity,
  });
  it('item scores of the national form', () => {
    expect([1, 2, 3, 4].map((l) => selfCareItemScore('meal', String(l)))).toEqual([0, 0, 3, 5]);
    expect([1, 2, 3, 4].map((l) => selfCareItemScore('grooming', String(l)))).toEqual([0, 1, 3, 7]);
    expect([1, 2, 3, 4].map((l) => selfCareItemScore('dressing', String(l)))).toEqual([0, 0, 3, 5]);
    expect([1, 2, 3, 4].map((l) => selfCareItemScore('toilet', String(l)))).toEqual([0, 1, 5, 10]);
    expect([1, 2, 3, 4].map((l) => selfCareItemScore('activity', String(l)))).toEqual([0, 1, 5, 10]);
    expect(selfCareItemScore('meal', '5')).toBeNull();
    expect(selfCareItemScore('meal', undefined)).toBeNull();
  });
  it('total of the five items; none without all five', () => {
    expect(selfCareTotal(all('1', '1', '1', '1', '1'))).toBe(0);
    expect(selfCareTotal(all('4', '4', '4', '4', '4'))).toBe(37);
    expect(selfCareTotal(all('1', '2', '1', '2', '2'))).toBe(3);
    expect(selfCareTotal(all('1', '2', '1', '2', '3'))).toBe(7);
    expect(selfCareTotal({ scMeal: '1' })).toBeNull();
  });
  it('every band edge: 0–3, 4–8, 9–18, 19+', () => {
    const cases: [number, string | null][] = [
      [0, '1'],
      [3, '1'],
      [4, '2'],
      [8, '2'],
      [9, '3'],
      [18, '3'],
      [19, '4'],
      [37, '4'],
      [-1, null],
    ];
    for (const [total, band] of cases) expect(selfCareBand(total), String(total)).toBe(band);
    expect(selfCareBand(null)).toBeNull();
  });
});

describe('quarter of the by-unit follow-up counts', () => {
  it('holds the date, [from, to)', () => {
    expect(quarterBounds(Date.UTC(2026, 10, 28, 16))).toEqual({ from: Date.UTC(2026, 9, 1), to: Date.UTC(2027, 0, 1) });
    expect(quarterBounds(Date.UTC(2026, 0, 1))).toEqual({ from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 3, 1) });
  });
});

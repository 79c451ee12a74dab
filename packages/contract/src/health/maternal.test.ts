import { describe, expect, it } from 'vitest';
import {
  antenatalPlans,
  antenatalStageOn,
  antenatalWindow,
  canTransition,
  check42Window,
  expectedDelivery,
  gestationalAge,
  isEarlyRegistration,
  isHighRisk,
  postpartumDay,
  postpartumWindow,
  riskLevelFromScore,
} from './maternal.ts';

const D = 86_400_000;
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const LMP = day(2030, 1, 1);

describe('maternal rules', () => {
  it('EDD is LMP + 280 days, whatever the hour of the LMP', () => {
    expect(expectedDelivery(LMP)).toBe(day(2030, 10, 8));
    expect(expectedDelivery(LMP + 15 * 3_600_000)).toBe(day(2030, 10, 8));
    expect(expectedDelivery(day(2028, 2, 29))).toBe(day(2028, 12, 5));
  });

  it('gestational age in weeks and days from whole days', () => {
    expect(gestationalAge(LMP, LMP)).toEqual({ days: 0, weeks: 0, rest: 0 });
    expect(gestationalAge(LMP, LMP + 77 * D + 23 * 3_600_000)).toEqual({ days: 77, weeks: 11, rest: 0 });
    expect(gestationalAge(LMP, LMP + 90 * D)).toEqual({ days: 90, weeks: 12, rest: 6 });
    expect(gestationalAge(LMP, LMP + 91 * D)).toEqual({ days: 91, weeks: 13, rest: 0 });
    expect(gestationalAge(LMP, LMP - D).days).toBe(-1);
  });

  it('each antenatal window from its first week day 0 to its last week day 6', () => {
    const cases: [Parameters<typeof antenatalWindow>[1], number, number][] = [
      ['matFirst', 0, 12],
      ['mat16', 16, 20],
      ['mat21', 21, 24],
      ['mat28', 28, 36],
      ['mat37', 37, 40],
    ];
    for (const [kind, from, to] of cases) {
      const w = antenatalWindow(LMP, kind);
      expect(w.windowStart).toBe(LMP + from * 7 * D);
      expect(w.windowEnd).toBe(LMP + (to * 7 + 7) * D - 1);
      expect(antenatalStageOn(LMP, LMP + from * 7 * D)).toBe(kind);
      expect(antenatalStageOn(LMP, LMP + (to * 7 + 6) * D)).toBe(kind);
    }
    // Between windows: 13–15 w, 25–27 w, 41 w.
    expect(antenatalStageOn(LMP, LMP + 91 * D)).toBeNull();
    expect(antenatalStageOn(LMP, LMP + (16 * 7 - 1) * D)).toBeNull();
    expect(antenatalStageOn(LMP, LMP + 25 * 7 * D)).toBeNull();
    expect(antenatalStageOn(LMP, LMP + (28 * 7 - 1) * D)).toBeNull();
    expect(antenatalStageOn(LMP, LMP + 41 * 7 * D)).toBeNull();
    expect(antenatalPlans(LMP).map((p) => p.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('postpartum visit within 7 days of discharge, 42-day check from day 42 to day 56', () => {
    const discharge = day(2030, 10, 11);
    const p = postpartumWindow(discharge + 5 * 3_600_000);
    expect(p.windowStart).toBe(discharge);
    expect(p.windowEnd).toBe(discharge + 8 * D - 1);
    const delivery = day(2030, 10, 8);
    const c = check42Window(delivery);
    expect(c.windowStart).toBe(delivery + 42 * D);
    expect(c.windowEnd).toBe(delivery + 57 * D - 1);
    expect(postpartumDay(delivery, delivery + 42 * D)).toBe(42);
  });

  it('early registration before 13 weeks; risk levels; transitions', () => {
    expect(isEarlyRegistration(LMP, LMP + 90 * D)).toBe(true);
    expect(isEarlyRegistration(LMP, LMP + 91 * D)).toBe(false);
    expect([0, 4, 5, 9, 10, 19, 20].map(riskLevelFromScore)).toEqual(['green', 'green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
    expect(['green', 'yellow', 'orange', 'red', 'purple', null].map(isHighRisk)).toEqual([false, false, true, true, true, false]);
    expect(canTransition('registered', 'antenatal')).toBe(true);
    expect(canTransition('antenatal', 'delivered')).toBe(true);
    expect(canTransition('delivered', 'antenatal')).toBe(false);
    expect(canTransition('check42', 'closed')).toBe(true);
    expect(canTransition('closed', 'antenatal')).toBe(false);
    expect(canTransition('movedOut', 'closed')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  adherenceRate,
  DEFAULT_TB_SETTINGS,
  firstVisitInTime,
  hoursToFirstVisitDeadline,
  tbCourse,
  tbDosesDue,
  tbPhaseAt,
  tbPlans,
  tbSettingsSchema,
  visitCompletionRate,
} from '../index.ts';

const DAY = 86_400_000;
const H = 3_600_000;
const M = 60_000;
const start = Date.UTC(2026, 2, 1);

describe('tuberculosis rules (§1.5, M5)', () => {
  it('the 72-hour first visit: 71:59 in time, 72:00 in time, 72:01 late; hours left or overdue', () => {
    const n = Date.UTC(2026, 2, 1, 9, 30);
    expect(firstVisitInTime(n, n + 71 * H + 59 * M)).toBe(true);
    expect(firstVisitInTime(n, n + 72 * H)).toBe(true);
    expect(firstVisitInTime(n, n + 72 * H + M)).toBe(false);
    expect(hoursToFirstVisitDeadline(n, n + 30 * H)).toBe(42);
    expect(hoursToFirstVisitDeadline(n, n + 80 * H)).toBe(-8);
    expect(hoursToFirstVisitDeadline(n, n + 71 * H + 59 * M)).toBe(0);
    expect(hoursToFirstVisitDeadline(n, n + 72 * H + M)).toBe(-0);
    expect(hoursToFirstVisitDeadline(n, n + 70 * H + 30 * M)).toBe(1.5);
  });

  it('course by type and phase', () => {
    expect(tbCourse(start, '1', '1', DEFAULT_TB_SETTINGS)).toEqual({ start, intensiveEnd: start + 60 * DAY, courseEnd: start + 180 * DAY });
    expect(tbCourse(start, '2', '1', DEFAULT_TB_SETTINGS)).toEqual({ start, intensiveEnd: start + 60 * DAY, courseEnd: start + 240 * DAY });
    expect(tbCourse(start, '1', '2', DEFAULT_TB_SETTINGS)).toEqual({ start, intensiveEnd: start, courseEnd: start + 120 * DAY });
    const c = tbCourse(start, '1', '1', DEFAULT_TB_SETTINGS);
    expect(tbPhaseAt(c, start + 59 * DAY)).toBe('1');
    expect(tbPhaseAt(c, start + 60 * DAY)).toBe('2');
  });

  it('plans every 10 days in the intensive phase, every 30 in the continuation phase, windows ±3 days', () => {
    const plans = tbPlans(tbCourse(start, '1', '1', DEFAULT_TB_SETTINGS), DEFAULT_TB_SETTINGS);
    expect(plans.map((p) => (p.planDate - start) / DAY)).toEqual([10, 20, 30, 40, 50, 60, 90, 120, 150, 180]);
    expect(plans.map((p) => p.kind)).toEqual([
      'tbInt',
      'tbInt',
      'tbInt',
      'tbInt',
      'tbInt',
      'tbInt',
      'tbCont',
      'tbCont',
      'tbCont',
      'tbCont',
    ]);
    expect(plans[0]!.windowStart).toBe(start + 7 * DAY);
    expect(plans[0]!.windowEnd).toBe(start + 14 * DAY - 1);
    expect(plans.map((p) => p.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Rebooking after day 45 keeps the numbering.
    expect(tbPlans(tbCourse(start, '1', '1', DEFAULT_TB_SETTINGS), DEFAULT_TB_SETTINGS, start + 45 * DAY).map((p) => p.seq)).toEqual([
      5, 6, 7, 8, 9, 10,
    ]);
    // The intensive phase ended early on day 15 (a switch): continuation from day 15.
    expect(
      tbPlans({ start, intensiveEnd: start + 15 * DAY, courseEnd: start + 180 * DAY }, DEFAULT_TB_SETTINGS).map(
        (p) => (p.planDate - start) / DAY,
      ),
    ).toEqual([10, 45, 75, 105, 135, 165]);
    // Changed settings: weekly, then every 28 days.
    const s = { ...DEFAULT_TB_SETTINGS, intensiveIntervalDays: 7, continuationIntervalDays: 28, windowDays: 2 };
    expect(tbPlans(tbCourse(start, '1', '2', s), s).map((p) => (p.planDate - start) / DAY)).toEqual([28, 56, 84, 112]);
  });

  it('settings are validated', () => {
    expect(tbSettingsSchema.safeParse(DEFAULT_TB_SETTINGS).success).toBe(true);
    expect(tbSettingsSchema.safeParse({ ...DEFAULT_TB_SETTINGS, windowDays: 5 }).success).toBe(false);
    expect(tbSettingsSchema.safeParse({ ...DEFAULT_TB_SETTINGS, intensiveDaysNew: 200 }).success).toBe(false);
    expect(tbSettingsSchema.safeParse({ ...DEFAULT_TB_SETTINGS, extra: 1 }).success).toBe(false);
  });

  it('closure rates against hand values', () => {
    // 180 days daily, 12 doses missed: 168 / 180 = 93.3 %.
    expect(tbDosesDue(start, start + 180 * DAY, '1')).toBe(180);
    expect(adherenceRate(168, 180)).toBe(93.3);
    // Intermittent: 3 a week over 70 days = 30 doses.
    expect(tbDosesDue(start, start + 70 * DAY, '2')).toBe(30);
    // 9 of 10 planned visits: 90 %; 2 of 3: 66.7 %.
    expect(visitCompletionRate(9, 10)).toBe(90);
    expect(visitCompletionRate(2, 3)).toBe(66.7);
    expect(visitCompletionRate(0, 0)).toBeNull();
    expect(adherenceRate(12, 10)).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';
import { dayPeriod, formatCount, levelRows, signInSeries } from './homeStats.ts';

const DAY = 86_400_000;
const start = Date.UTC(2026, 10, 8);
const days = Array.from({ length: 14 }, (_, i) => ({ day: start + i * DAY, success: i, failure: i % 3 === 0 ? 1 : 0 }));

describe('home statistics', () => {
  it('names the part of the day', () => {
    expect(dayPeriod(8)).toBe('morning');
    expect(dayPeriod(12)).toBe('noon');
    expect(dayPeriod(15)).toBe('afternoon');
    expect(dayPeriod(22)).toBe('evening');
    expect(dayPeriod(3)).toBe('evening');
  });

  it('labels the 14 sign-in days in the UI language, by their UTC calendar day', () => {
    const en = signInSeries(days, 'en-US');
    expect(en.labels).toHaveLength(14);
    expect(en.labels[0]).toBe('Nov 8');
    expect(en.labels[13]).toBe('Nov 21');
    expect(en.titles[0]).toContain('2026');
    expect(en.titles[0]).toContain('Sun');
    const zh = signInSeries(days, 'zh-CN');
    expect(zh.labels[0]).toBe('11月8日');
    const tw = signInSeries(days, 'zh-TW');
    expect(tw.labels[13]).toBe('11月21日');
  });

  it('keeps success and failure apart and totals both', () => {
    const s = signInSeries([...days].reverse(), 'en-US');
    expect(s.success).toEqual(days.map((d) => d.success));
    expect(s.failure).toEqual(days.map((d) => d.failure));
    expect(s.total).toBe(91 + 5);
  });

  it('orders the levels of care and ignores bad figures', () => {
    expect(levelRows({ village: 5, county: 18, township: 7 }, (l) => l.toUpperCase())).toEqual([
      { level: 'county', name: 'COUNTY', value: 18 },
      { level: 'township', name: 'TOWNSHIP', value: 7 },
      { level: 'village', name: 'VILLAGE', value: 5 },
    ]);
    expect(levelRows({ county: -3, township: Number.NaN }, String).map((r) => r.value)).toEqual([0, 0, 0]);
  });

  it('groups thousands', () => {
    expect(formatCount(12345, 'en-US')).toBe('12,345');
    expect(formatCount(Number.NaN, 'en-US')).toBe('—');
  });
});

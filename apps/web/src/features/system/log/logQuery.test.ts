import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { rangeToTimes } from './logQuery.ts';

describe('log date range', () => {
  it('covers whole days', () => {
    const r = rangeToTimes([dayjs('2026-03-01T10:00:00'), dayjs('2026-03-02T08:00:00')]);
    expect(r.startTime).toBe(dayjs('2026-03-01T00:00:00').valueOf());
    expect(r.endTime).toBe(dayjs('2026-03-02T23:59:59.999').valueOf());
  });
  it('leaves open ends open', () => {
    expect(rangeToTimes(null)).toEqual({ startTime: undefined, endTime: undefined });
    expect(rangeToTimes([dayjs('2026-03-01'), null]).endTime).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { BILL_DATE_FORMATS } from '@medalliance/contract';
import { billExample, formatBillDate, serialText } from './billNumber.ts';

// 2026-03-05 07:08:09.045 in Shanghai (UTC+8).
const AT = Date.UTC(2026, 2, 4, 23, 8, 9, 45);
const TZ = 'Asia/Shanghai';

describe('bill number example', () => {
  it('formats every date format', () => {
    const got = Object.fromEntries(BILL_DATE_FORMATS.map((f) => [f, formatBillDate(f, AT, TZ)]));
    expect(got).toEqual({
      YYYY: '2026',
      YYYYMM: '202603',
      YYYYMMDD: '20260305',
      YYYYMMDDHH: '2026030507',
      YYYYMMDDHHmm: '202603050708',
      YYYYMMDDHHmmss: '20260305070809',
      YYYYMMDDHHmmssSSS: '20260305070809045',
      no: '',
    });
  });
  it('uses the time zone for the date (a UTC evening is the next day in Shanghai)', () => {
    expect(formatBillDate('YYYYMMDD', AT, 'UTC')).toBe('20260304');
    expect(formatBillDate('YYYYMMDD', AT, TZ)).toBe('20260305');
  });
  it('pads the serial from the start number', () => {
    expect(serialText({ digit: 4, startNumber: 1 })).toBe('0001');
    expect(serialText({ digit: 4, startNumber: 1 }, 3)).toBe('0003');
    expect(serialText({ digit: 3, startNumber: 100 }, 2)).toBe('101');
    expect(serialText({ digit: 2, startNumber: 0 })).toBe('00');
  });
  it('grows past its digits rather than wrapping', () => {
    expect(serialText({ digit: 2, startNumber: 99 }, 2)).toBe('100');
  });
  it('joins prefix, date, serial and suffix', () => {
    expect(billExample({ prefix: 'ZZ', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1, suffix: '' }, AT, 1, TZ)).toBe('ZZ202603050001');
    expect(billExample({ prefix: 'HZ', dateFormat: 'no', digit: 6, startNumber: 500, suffix: '-A' }, AT, 1, TZ)).toBe('HZ000500-A');
    expect(billExample({ prefix: null, dateFormat: 'YYYY', digit: 3, startNumber: 1, suffix: null }, AT, 12, TZ)).toBe('2026012');
  });
  it('keeps odd input within the rule bounds', () => {
    expect(serialText({ digit: 0, startNumber: -5 })).toBe('0');
    expect(serialText({ digit: 40, startNumber: 1 })).toBe('000000000001');
  });
});

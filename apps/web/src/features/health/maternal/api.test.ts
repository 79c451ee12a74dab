import { describe, expect, it } from 'vitest';
import { fmtDate, visitTypeOf } from './api.ts';

describe('maternal screen helpers', () => {
  it('picks the form a plan or a record calls for', () => {
    expect(visitTypeOf('matFirst')).toBe('first');
    expect(visitTypeOf('mat28')).toBe('antenatal');
    expect(visitTypeOf('matPost')).toBe('postpartum');
    expect(visitTypeOf('mat42')).toBe('check42');
    expect(visitTypeOf(undefined, { firstVisitAt: null })).toBe('first');
    expect(visitTypeOf(undefined, { firstVisitAt: 1 })).toBe('antenatal');
    expect(visitTypeOf(undefined, { firstVisitAt: 1, deliveryDate: 2 })).toBe('postpartum');
    expect(visitTypeOf(undefined, { deliveryDate: 2, postpartumAt: 3 })).toBe('check42');
    expect(fmtDate(Date.UTC(2030, 0, 5))).toBe('2030-01-05');
    expect(fmtDate(null)).toBe('');
  });
});

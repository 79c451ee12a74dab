import { describe, expect, it } from 'vitest';
import { rangeBounds, rangeValue, toNumber } from './numberRange.ts';

describe('number range', () => {
  it('emits [] when both bounds are empty', () => {
    expect(rangeValue(null, null)).toEqual([]);
    expect(rangeValue(undefined, '')).toEqual([]);
    expect(rangeValue(Number.NaN, null)).toEqual([]);
  });
  it('emits [min, max] otherwise, with null for an empty bound', () => {
    expect(rangeValue(1, 5)).toEqual([1, 5]);
    expect(rangeValue(3, null)).toEqual([3, null]);
    expect(rangeValue(null, 7)).toEqual([null, 7]);
  });
  it('counts 0 as a value', () => {
    expect(rangeValue(0, null)).toEqual([0, null]);
    expect(rangeValue(null, 0)).toEqual([null, 0]);
    expect(rangeValue(0, 0)).toEqual([0, 0]);
  });
  it('reads numeric strings and refuses junk', () => {
    expect(toNumber('12.5')).toBe(12.5);
    expect(toNumber('abc')).toBeNull();
    expect(toNumber(Infinity)).toBeNull();
  });
  it('reads stored values', () => {
    expect(rangeBounds([0, 9])).toEqual([0, 9]);
    expect(rangeBounds([])).toEqual([null, null]);
    expect(rangeBounds('1,2')).toEqual([null, null]);
    expect(rangeBounds([null, '4'])).toEqual([null, 4]);
  });
});

import { describe, expect, it } from 'vitest';
import { addChoice, canPick, DEFAULT_ADDRESS_DEPTH, isLeafAt, joinNames, removeChoice, toValue, valuePaths } from './addressRules.ts';

const a = { ids: ['p1', 'c1', 'd1'], names: ['东江省', '云山市', '青山县'] };
const b = { ids: ['p1', 'c1', 'd2'], names: ['东江省', '云山市', '云山区'] };

describe('address picker rules', () => {
  it('defaults to depth 2 (province, city, district)', () => {
    expect(DEFAULT_ADDRESS_DEPTH).toBe(2);
  });
  it('draws nodes at the chosen depth as leaves, and server leaves too', () => {
    expect(isLeafAt(0, 2)).toBe(false);
    expect(isLeafAt(1, 2)).toBe(false);
    expect(isLeafAt(2, 2)).toBe(true);
    expect(isLeafAt(3, 2)).toBe(true);
    expect(isLeafAt(1, 2, true)).toBe(true);
    expect(isLeafAt(0, 0)).toBe(true);
  });
  it('picks only a node exactly at the chosen depth', () => {
    expect(canPick(2, 2)).toBe(true);
    expect(canPick(1, 2)).toBe(false);
    expect(canPick(3, 2)).toBe(false);
    expect(canPick(0, 0)).toBe(true);
    expect(canPick(4, 4)).toBe(true);
  });
  it('replaces in single mode and appends without duplicates in multiple mode', () => {
    expect(addChoice([a], b, false)).toEqual([b]);
    expect(addChoice([a], b, true)).toEqual([a, b]);
    expect(addChoice([a, b], { ...a, names: [...a.names] }, true)).toEqual([a, b]);
    expect(removeChoice([a, b], 0)).toEqual([b]);
  });
  it('joins the name path with /', () => {
    expect(joinNames(a.names)).toBe('东江省/云山市/青山县');
    expect(joinNames([])).toBe('');
  });
  it('reads and writes values for both modes', () => {
    expect(valuePaths(['p1', 'c1'], false)).toEqual([['p1', 'c1']]);
    expect(valuePaths([['p1'], ['p2', 'c2'], []], true)).toEqual([['p1'], ['p2', 'c2']]);
    expect(valuePaths('p1', false)).toEqual([]);
    expect(valuePaths([['p1']], false)).toEqual([]);
    expect(valuePaths(undefined, true)).toEqual([]);
    expect(toValue([a, b], true)).toEqual([a.ids, b.ids]);
    expect(toValue([a], false)).toEqual(a.ids);
    expect(toValue([], false)).toEqual([]);
  });
});

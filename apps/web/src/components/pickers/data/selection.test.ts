import { describe, expect, it } from 'vitest';
import { confirmValue, hasChoice, labelOf, normalizeValue, recordsFor, removeKey, rowKey, toggleKey } from './selection.ts';

describe('picker selection', () => {
  it('confirms only with a choice', () => {
    expect(hasChoice('')).toBe(false);
    expect(hasChoice(null)).toBe(false);
    expect(hasChoice(undefined)).toBe(false);
    expect(hasChoice([])).toBe(false);
    expect(hasChoice('0')).toBe(true);
    expect(hasChoice(0)).toBe(true);
    expect(hasChoice(['a'])).toBe(true);
  });
  it('keys rows by the value field', () => {
    expect(rowKey({ id: 7 }, 'id')).toBe('7');
    expect(rowKey({ CODE: 'A1' }, 'CODE')).toBe('A1');
    expect(rowKey({}, 'id')).toBe('');
    expect(rowKey(null, 'id')).toBe('');
  });
  it('toggles rows in multiple mode and replaces in single mode', () => {
    expect(toggleKey(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleKey(['a', 'b'], 'a', true)).toEqual(['b']);
    expect(toggleKey(['a'], 'b', false)).toEqual(['b']);
    expect(toggleKey(['a'], 'a', false)).toEqual(['a']);
  });
  it('resets a non-array value of a multiple picker and says so', () => {
    expect(normalizeValue('a', true)).toEqual({ keys: [], reset: true });
    expect(normalizeValue(['a', 2, null], true)).toEqual({ keys: ['a', '2'], reset: false });
    expect(normalizeValue(undefined, true)).toEqual({ keys: [], reset: false });
    expect(normalizeValue('a', false)).toEqual({ keys: ['a'], reset: false });
    expect(normalizeValue(5, false)).toEqual({ keys: ['5'], reset: false });
    expect(normalizeValue('', false)).toEqual({ keys: [], reset: false });
  });
  it('emits an empty value in single mode with no choice', () => {
    expect(confirmValue([], false)).toBe('');
    expect(confirmValue(['x'], false)).toBe('x');
    expect(confirmValue(['x', 'y'], true)).toEqual(['x', 'y']);
    expect(confirmValue([], true)).toEqual([]);
  });
  it('removes a tag and keeps the records it knows', () => {
    expect(removeKey(['a', 'b'], 'a')).toEqual(['b']);
    const known = new Map([['a', { id: 'a', fullName: 'A' }]]);
    expect(recordsFor(['a', 'zz'], known)).toEqual([{ id: 'a', fullName: 'A' }]);
  });
  it('labels by the label field, else the value', () => {
    expect(labelOf({ id: '1', fullName: '男' }, 'fullName', 'id')).toBe('男');
    expect(labelOf({ id: '1' }, 'fullName', 'id')).toBe('1');
    expect(labelOf(undefined, 'fullName', 'id')).toBe('');
  });
});

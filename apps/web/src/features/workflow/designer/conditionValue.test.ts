import { describe, expect, it } from 'vitest';
import { conditionText, conditionValue } from './conditionValue.ts';

describe('conditionValue', () => {
  it('stores numbers for numeric fields and text for others', () => {
    expect(conditionValue('1000', '>', 'amount')).toBe(1000);
    expect(conditionValue(' 12.5 ', '>=', 'inputNumber')).toBe(12.5);
    expect(conditionValue('1000', '=', 'input')).toBe('1000');
    expect(conditionValue('abc', '>', 'amount')).toBe('abc');
  });
  it('splits lists for in (both comma kinds) and drops values for empty checks', () => {
    expect(conditionValue('1, 2，3', 'in', 'inputNumber')).toEqual([1, 2, 3]);
    expect(conditionValue('a,,b', 'in', 'select')).toEqual(['a', 'b']);
    expect(conditionValue('x', 'empty', 'input')).toBeUndefined();
  });
  it('shows stored values back as text', () => {
    expect(conditionText([1, 2])).toBe('1,2');
    expect(conditionText(1000)).toBe('1000');
    expect(conditionText(undefined)).toBe('');
  });
});

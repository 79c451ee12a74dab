import { describe, expect, it } from 'vitest';
import { AMOUNT_TOO_LARGE, amountInCapitals } from './amount.ts';

describe('amountInCapitals', () => {
  it('writes integers with units, sections and the zero rules', () => {
    expect(amountInCapitals(1234.5)).toBe('壹仟贰佰叁拾肆元伍角');
    expect(amountInCapitals(100010)).toBe('壹拾万零壹拾元整');
    expect(amountInCapitals(10001000)).toBe('壹仟万零壹仟元整');
    expect(amountInCapitals(10100000)).toBe('壹仟零壹拾万元整');
    expect(amountInCapitals(100000000)).toBe('壹亿元整');
    expect(amountInCapitals(100000001)).toBe('壹亿零壹元整');
    expect(amountInCapitals('1005')).toBe('壹仟零伍元整');
  });

  it('writes jiao and fen, with a zero between yuan and fen', () => {
    expect(amountInCapitals(0.5)).toBe('伍角');
    expect(amountInCapitals(0.05)).toBe('伍分');
    expect(amountInCapitals(3.07)).toBe('叁元零柒分');
    expect(amountInCapitals(3.27)).toBe('叁元贰角柒分');
    expect(amountInCapitals(0)).toBe('零元整');
  });

  it('refuses more than 12 integer digits and answers empty for negative or non-numeric input', () => {
    expect(amountInCapitals(999999999999)).toBe('玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整');
    expect(amountInCapitals(1000000000000)).toBe(AMOUNT_TOO_LARGE);
    expect(amountInCapitals('12345678901234')).toBe(AMOUNT_TOO_LARGE);
    expect(amountInCapitals(-1)).toBe('');
    expect(amountInCapitals('abc')).toBe('');
    expect(amountInCapitals('1e3')).toBe('');
    expect(amountInCapitals('')).toBe('');
    expect(amountInCapitals(null)).toBe('');
    expect(amountInCapitals(Number.NaN)).toBe('');
  });
});

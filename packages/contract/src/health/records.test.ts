import { describe, expect, it } from 'vitest';
import { idCheckCharacter, isRegularPhone, makeIdNumber, parseIdNumber } from './id-number.ts';
import { maskIdNumber, maskName, maskPhone } from './mask.ts';

describe('GB 11643 ID numbers', () => {
  it('accepts the standard example, with its X check character', () => {
    expect(idCheckCharacter('11010519491231002')).toBe('X');
    const info = parseIdNumber('11010519491231002x');
    expect(info).toMatchObject({ valid: true, normalized: '11010519491231002X', sex: '2', birthDate: Date.UTC(1949, 11, 31) });
  });
  it('derives sex from the order code and refuses a wrong check digit, a bad date, a bad format', () => {
    const man = makeIdNumber('369901', Date.UTC(1960, 1, 29), 11);
    expect(parseIdNumber(man)).toMatchObject({ valid: true, sex: '1', birthDate: Date.UTC(1960, 1, 29) });
    const wrong = man.slice(0, 17) + (man[17] === '0' ? '1' : '0');
    expect(parseIdNumber(wrong).problem).toBe('checkDigit');
    expect(parseIdNumber('369901196102290011').problem).toBe('birthDate');
    expect(parseIdNumber('36990119610229001').problem).toBe('format');
    expect(parseIdNumber('<script>alert(1)</script>').problem).toBe('format');
    expect(parseIdNumber("1' OR '1'='1").problem).toBe('format');
  });
  it('tells regular phones from irregular ones', () => {
    expect(isRegularPhone('13812345678')).toBe(true);
    expect(isRegularPhone('0791-88123456')).toBe(true);
    expect(isRegularPhone('1380000')).toBe(false);
    expect(isRegularPhone('12345678901')).toBe(false);
    expect(isRegularPhone('138 0000 000')).toBe(false);
  });
});

describe('masking', () => {
  it('keeps ID 6 + 4, phone 3 + 4, the surname', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('欧阳修文')).toBe('欧阳**');
    expect(maskName('李')).toBe('李');
    expect(maskIdNumber(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { birthdayOf, birthdayParts, blankToNull, dayRange, formatBirthday, loginMessageKey } from './profileRules.ts';

describe('profile rules', () => {
  it('keeps a birthday as the same calendar date whatever the zone', () => {
    const stored = birthdayOf(1988, 2, 29);
    expect(stored).toBe(Date.UTC(1988, 1, 29));
    expect(birthdayParts(stored)).toEqual({ year: 1988, month: 2, day: 29 });
    expect(formatBirthday(stored)).toBe('1988-02-29');
    expect(formatBirthday(null)).toBeNull();
    expect(birthdayParts(Number.NaN)).toBeNull();
  });
  it('words known sign-in outcomes and leaves the rest alone', () => {
    expect(loginMessageKey('login.success')).toBe('log.msg.login.success');
    expect(loginMessageKey('sms.wrongCode')).toBe('log.msg.sms.wrongCode');
    expect(loginMessageKey('something.else')).toBeNull();
    expect(loginMessageKey(null)).toBeNull();
  });
  it('turns a day range into inclusive bounds of whole local days', () => {
    const { startTime, endTime } = dayRange(new Date(2026, 10, 1, 15, 30), new Date(2026, 10, 3, 9));
    expect(startTime).toBe(new Date(2026, 10, 1).getTime());
    expect(endTime).toBe(new Date(2026, 10, 4).getTime() - 1);
    expect(dayRange(null, null)).toEqual({});
  });
  it('sends blank optional texts as null', () => {
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(' a ')).toBe('a');
  });
});

/**
 * Resident identity numbers, GB 11643-1999: 6 digits of the address code,
 * 8 of the birth date (YYYYMMDD), 3 of the order code (odd for men, even for
 * women) and an ISO 7064 MOD 11-2 check character (0-9 or X).
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character of the first 17 digits. */
export function idCheckCharacter(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('idCheckCharacter needs 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

export type IdNumberProblem = 'format' | 'birthDate' | 'checkDigit';

export interface IdNumberInfo {
  valid: boolean;
  problem?: IdNumberProblem;
  /** The number as stored: trimmed, a lower-case x made upper-case. */
  normalized: string;
  /** '1' 男 / '2' 女 (dictionary 'gender'), when the format is right. */
  sex?: '1' | '2';
  /** Birth date as UTC midnight epoch ms, when the date is a real one. */
  birthDate?: number;
}

/** Checks an 18-character ID number and derives sex and birth date from it. */
export function parseIdNumber(input: string): IdNumberInfo {
  const normalized = String(input ?? '')
    .trim()
    .toUpperCase();
  if (!/^\d{17}[\dX]$/.test(normalized)) return { valid: false, problem: 'format', normalized };
  const y = Number(normalized.slice(6, 10));
  const m = Number(normalized.slice(10, 12));
  const d = Number(normalized.slice(12, 14));
  const birthDate = Date.UTC(y, m - 1, d);
  const date = new Date(birthDate);
  const sex = Number(normalized[16]) % 2 === 1 ? '1' : '2';
  if (y < 1900 || m < 1 || m > 12 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return { valid: false, problem: 'birthDate', normalized, sex };
  if (idCheckCharacter(normalized.slice(0, 17)) !== normalized[17])
    return { valid: false, problem: 'checkDigit', normalized, sex, birthDate };
  return { valid: true, normalized, sex, birthDate };
}

/** A valid ID number from an address code, a birth date (UTC ms) and a 3-digit order code (odd: man). */
export function makeIdNumber(area: string, birthDate: number, order: number): string {
  const d = new Date(birthDate);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  const first17 = `${area.slice(0, 6).padStart(6, '0')}${ymd}${String(order % 1000).padStart(3, '0')}`;
  return first17 + idCheckCharacter(first17);
}

/** Mainland mobile numbers: 11 digits starting 1[3-9]; a fixed line: optional 3–4 digit area code, 7–8 digits. */
export function isRegularPhone(value: string | null | undefined): boolean {
  if (!value) return false;
  const v = String(value).trim();
  return /^1[3-9]\d{9}$/.test(v) || /^0\d{2,3}-?\d{7,8}$/.test(v);
}

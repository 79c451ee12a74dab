/**
 * Masking of personal data in health lists and exports (issue 17, M12): what
 * a caller without the reveal right sees. Pure, so the server masks what it
 * sends and the web shows the same form.
 */

/** ID number: the first 6 and the last 4 characters kept ("110105********123X"). */
export function maskIdNumber(value: string | null | undefined): string {
  if (!value) return '';
  const v = String(value);
  if (v.length <= 10) return v.length <= 2 ? '*'.repeat(v.length) : `${v.slice(0, 1)}${'*'.repeat(v.length - 2)}${v.slice(-1)}`;
  return `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}`;
}

/** Phone: the first 3 and the last 4 digits kept ("138****1234"); short numbers keep only their last 2. */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  const v = String(value);
  if (v.length <= 7) return v.length <= 2 ? '*'.repeat(v.length) : `${'*'.repeat(v.length - 2)}${v.slice(-2)}`;
  return `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
}

/** Name: the surname (first character; the two characters of a common double surname) and one * per other character. */
export function maskName(value: string | null | undefined): string {
  if (!value) return '';
  const chars = [...String(value)];
  if (chars.length <= 1) return chars.join('');
  const surnameLength = chars.length > 2 && DOUBLE_SURNAMES.has(chars.slice(0, 2).join('')) ? 2 : 1;
  return chars.slice(0, surnameLength).join('') + '*'.repeat(chars.length - surnameLength);
}

const DOUBLE_SURNAMES = new Set([
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '令狐',
  '司徒',
  '夏侯',
  '长孙',
  '宇文',
]);

/** The masked fields of a health record, by field key. */
export const MASKED_FIELDS = { idNumber: maskIdNumber, phone: maskPhone, fullName: maskName } as const;
export type MaskedField = keyof typeof MASKED_FIELDS;

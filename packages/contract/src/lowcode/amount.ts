/**
 * An amount in Chinese capitals (spec §5.2), as written on Chinese invoices:
 * 1234.5 → 壹仟贰佰叁拾肆元伍角. More than 12 integer digits answers
 * AMOUNT_TOO_LARGE (the caller shows its own translated message); a negative
 * or non-numeric value answers ''.
 */

/** Answered for more than 12 integer digits; the UI shows its 'amount too large to calculate' message. */
export const AMOUNT_TOO_LARGE = 'amountTooLarge';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿'];

export function amountInCapitals(value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'string') return '';
  if (typeof value === 'string' && !/^\s*\d+(\.\d*)?\s*$|^\s*\.\d+\s*$/.test(value)) return '';
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return '';
  // Integer digits counted before rounding to cents, so 999999999999.999 stays within 12 digits.
  if (Math.trunc(n).toString().length > 12) return AMOUNT_TOO_LARGE;
  const [intPart, frac] = n.toFixed(2).split('.') as [string, string];
  if (intPart.length > 12) return AMOUNT_TOO_LARGE;

  let out = '';
  let zero = false;
  for (let i = 0; i < intPart.length; i++) {
    const d = intPart.charCodeAt(i) - 48;
    const pos = intPart.length - 1 - i;
    if (d === 0) {
      zero = true;
    } else {
      if (zero && out) out += DIGITS[0];
      zero = false;
      out += DIGITS[d]! + UNITS[pos % 4]!;
    }
    if (pos % 4 === 0 && pos > 0) {
      // A section of four digits that is all zeros takes no 万 / 亿.
      const section = intPart.slice(Math.max(0, i - 3), i + 1);
      if (/[1-9]/.test(section)) out += SECTIONS[pos / 4]!;
    }
  }
  if (out) out += '元';
  const jiao = frac.charCodeAt(0) - 48;
  const fen = frac.charCodeAt(1) - 48;
  if (jiao) out += DIGITS[jiao]! + '角';
  else if (fen && out) out += DIGITS[0];
  if (fen) out += DIGITS[fen]! + '分';
  if (!out) return '零元整';
  if (!jiao && !fen) out += '整';
  return out;
}

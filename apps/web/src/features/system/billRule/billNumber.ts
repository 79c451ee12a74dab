import type { BillDateFormat } from '@medalliance/contract';

/**
 * The number a bill rule issues (the server's rule, shown live in the form):
 * prefix, the date in the chosen format, the serial zero-padded to `digit`
 * digits (counting from the start number), suffix. Past its digits a serial
 * grows longer rather than wrapping.
 */

export interface BillParts {
  prefix?: string | null;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: number;
  suffix?: string | null;
}

/** The formatted date at an instant, in a time zone (the browser's when none is given). */
export function formatBillDate(format: BillDateFormat, at: Date | number, timeZone?: string): string {
  if (format === 'no') return '';
  const when = typeof at === 'number' ? new Date(at) : at;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(when)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const y = (parts.year ?? '').padStart(4, '0');
  const hh = parts.hour === '24' ? '00' : (parts.hour ?? '00');
  const ms = String(when.getTime() % 1000).padStart(3, '0');
  const full = `${y}${parts.month}${parts.day}${hh}${parts.minute}${parts.second}${ms}`;
  return full.slice(0, format.length);
}

export function serialText(parts: Pick<BillParts, 'digit' | 'startNumber'>, serial = 1): string {
  const n = Math.max(0, Math.trunc(Number(parts.startNumber) || 0)) + serial - 1;
  const digit = Math.min(12, Math.max(1, Math.trunc(Number(parts.digit) || 1)));
  return String(n).padStart(digit, '0');
}

/** The `serial`-th number of a date period (1 = the first). */
export function billExample(parts: BillParts, at: Date | number = Date.now(), serial = 1, timeZone?: string): string {
  return `${parts.prefix ?? ''}${formatBillDate(parts.dateFormat, at, timeZone)}${serialText(parts, serial)}${parts.suffix ?? ''}`;
}

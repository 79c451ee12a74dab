/**
 * Pure helpers of the profile page, unit tested: birthdays are calendar dates
 * stored as 00:00 UTC; sign-in log rows carry server message keys and sign-in
 * types that the page words in the user's language.
 */

/** 00:00 UTC of a calendar date (month 1-12). */
export function birthdayOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day);
}

/** The calendar date of a stored birthday, or null. */
export function birthdayParts(value: number | null | undefined): { year: number; month: number; day: number } | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const d = new Date(value);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function formatBirthday(value: number | null | undefined): string | null {
  const p = birthdayParts(value);
  return p ? `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}` : null;
}

/** Sign-in types the log knows; anything else is shown as it is. */
export const LOGIN_TYPES = ['password', 'sms', 'scan'] as const;

/** Server message keys of sign-in outcomes that the page translates (the rest are shown raw). */
export const LOGIN_MESSAGE_KEYS = [
  'login.success',
  'login.unknownUser',
  'login.wrongPassword',
  'login.wrongPasswordLast',
  'login.disabled',
  'login.locked',
  'login.lockedByAdmin',
  'login.captchaRequired',
  'login.captchaWrong',
  'sms.wrongCode',
  'sms.expired',
  'sms.tooManyAttempts',
] as const;

/** The i18n key of a log row's message, or null when the page has no wording for it. */
export function loginMessageKey(message: string | null | undefined): string | null {
  if (!message) return null;
  return (LOGIN_MESSAGE_KEYS as readonly string[]).includes(message) ? `log.msg.${message}` : null;
}

/** A date range picked in the page (local days) as the inclusive epoch-ms bounds the server filters on. */
export function dayRange(start: Date | null, end: Date | null): { startTime?: number; endTime?: number } {
  const range: { startTime?: number; endTime?: number } = {};
  if (start) range.startTime = new Date(start.getFullYear(), start.getMonth(), start.getDate()).getTime();
  if (end) range.endTime = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).getTime() - 1;
  return range;
}

/** Empty optional texts are sent as null so the server clears them. */
export function blankToNull(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return v ? v : null;
}

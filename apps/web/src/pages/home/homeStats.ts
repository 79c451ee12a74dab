/** Pure helpers of the home dashboard, unit tested. */

/** GET /api/dashboard/Overview: live aggregates of the alliance (nothing personal). */
export interface Overview {
  users: number;
  organizations: number;
  departments: number;
  menus: number;
  roles: number;
  online: number;
  staffByLevel: Record<CareLevel, number>;
  /** 14 days, oldest first; `day` is the UTC start of the day in epoch ms. */
  signIns: { day: number; success: number; failure: number }[];
}

export const CARE_LEVELS = ['county', 'township', 'village'] as const;
export type CareLevel = (typeof CARE_LEVELS)[number];

/** The stat cards, in the order shown. */
export const STAT_KEYS = ['users', 'organizations', 'departments', 'online', 'roles', 'menus'] as const;
export type StatKey = (typeof STAT_KEYS)[number];

/** Part of the day for the greeting. */
export function dayPeriod(hour: number): 'morning' | 'noon' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'noon';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

export interface SignInSeries {
  /** Short axis labels in the UI language ("11月21日", "Nov 21"). */
  labels: string[];
  /** Long labels for the tooltip, with the weekday. */
  titles: string[];
  success: number[];
  failure: number[];
  total: number;
}

/**
 * The sign-in chart's series. Days are UTC buckets on the server, so they are
 * named in UTC too: the label is the calendar day the figures belong to.
 */
export function signInSeries(days: Overview['signIns'], locale: string): SignInSeries {
  const short = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
  const sorted = [...days].sort((a, b) => a.day - b.day);
  return {
    labels: sorted.map((d) => short.format(d.day)),
    titles: sorted.map((d) => long.format(d.day)),
    success: sorted.map((d) => d.success),
    failure: sorted.map((d) => d.failure),
    total: sorted.reduce((n, d) => n + d.success + d.failure, 0),
  };
}

/** Staff per level of care as chart rows, in the fixed county → township → village order. */
export function levelRows(
  staff: Partial<Record<CareLevel, number>>,
  name: (level: CareLevel) => string,
): { level: CareLevel; name: string; value: number }[] {
  return CARE_LEVELS.map((level) => ({ level, name: name(level), value: Math.max(0, Number(staff[level]) || 0) }));
}

/** Whole numbers with the grouping of the UI language (12,345 / 12,345). */
export function formatCount(n: number, locale: string): string {
  return Number.isFinite(n) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n) : '—';
}

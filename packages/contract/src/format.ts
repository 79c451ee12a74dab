/** File sizes with the units of spec §9 (KB 1024 …), 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes >= 1073741824) return `${(bytes / 1073741824).toFixed(2)} GB`;
  if (bytes >= 1048576) return `${(bytes / 1048576).toFixed(2)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${bytes} B`;
}

/** Thousands separators, abbreviated at thousand, million and billion (spec §9). */
export function formatNumber(n: number, abbreviate = false): string {
  if (!Number.isFinite(n)) return '';
  if (abbreviate) {
    const abs = Math.abs(n);
    if (abs >= 1e9) return `${(n / 1e9).toFixed(1).replace(/\.0$/, '')}B`;
    if (abs >= 1e6) return `${(n / 1e6).toFixed(1).replace(/\.0$/, '')}M`;
    if (abs >= 1e3) return `${(n / 1e3).toFixed(1).replace(/\.0$/, '')}K`;
  }
  return n.toLocaleString('en-US');
}

export type RelativeUnit = 'justNow' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months';

/**
 * Relative time, reading one of spec §9: under a minute 'just now', minutes to 59,
 * hours to 23, days to 6, weeks 1 to 3, months 1 to 3, then a date. Returns the
 * unit and count so each app words it in the user's language; null means "show the date".
 */
export function relativeTime(then: number, now = Date.now()): { unit: RelativeUnit; count: number } | null {
  const s = Math.max(0, Math.floor((now - then) / 1000));
  if (s < 60) return { unit: 'justNow', count: 0 };
  const min = Math.floor(s / 60);
  if (min < 60) return { unit: 'minutes', count: min };
  const h = Math.floor(min / 60);
  if (h < 24) return { unit: 'hours', count: h };
  const d = Math.floor(h / 24);
  if (d < 7) return { unit: 'days', count: d };
  if (d < 28) return { unit: 'weeks', count: Math.floor(d / 7) };
  const mo = Math.floor(d / 30);
  if (mo <= 3) return { unit: 'months', count: Math.max(1, mo) };
  return null;
}

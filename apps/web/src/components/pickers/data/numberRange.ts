/**
 * The number range input (spec §2.6, §4): emits [] when both bounds are
 * empty, otherwise [min, max] with null for an empty bound. 0 is a value.
 */
export type NumberRangeValue = [] | [number | null, number | null];

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));

export function toNumber(v: unknown): number | null {
  if (isEmpty(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

export function rangeValue(min: unknown, max: unknown): NumberRangeValue {
  const lo = toNumber(min);
  const hi = toNumber(max);
  return lo === null && hi === null ? [] : [lo, hi];
}

/** The two bounds of a stored value (anything not a two-item list reads as empty). */
export function rangeBounds(value: unknown): [number | null, number | null] {
  if (!Array.isArray(value) || value.length !== 2) return [null, null];
  return [toNumber(value[0]), toNumber(value[1])];
}

import type { SearchField } from '@medalliance/contract';
import { isEmptyValue } from '../renderer/values.ts';

/** The search bar's values: field → what the user entered for it. */
export type SearchValues = Record<string, unknown>;

/**
 * The list request's search object (server-contract §3.4, `{ field: value }`)
 * from the search bar, by each field's match type: equal and contains take
 * one value (contains trimmed text), range a [min, max] pair with null for an
 * open end, `in` a list. Empty entries are left out, so they filter nothing.
 */
export function buildQueryJson(search: readonly SearchField[], values: SearchValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { field, match } of search) {
    const v = values[field];
    if (isEmptyValue(v)) continue;
    switch (match) {
      case 'contains':
        out[field] = String(v).trim();
        break;
      case 'range': {
        if (!Array.isArray(v) || v.length !== 2) break;
        const [lo, hi] = v.map((x: unknown) => (x === undefined || x === '' ? null : x));
        if (lo !== null || hi !== null) out[field] = [lo, hi];
        break;
      }
      case 'in':
        out[field] = Array.isArray(v) ? v : [v];
        break;
      default:
        out[field] = Array.isArray(v) ? v[0] : typeof v === 'string' ? v.trim() : v;
    }
  }
  return out;
}

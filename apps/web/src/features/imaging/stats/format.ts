/** A rate (0..1) as a percentage with one decimal; null as a dash. */
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

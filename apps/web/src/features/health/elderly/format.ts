/** A stored date (UTC midnight) as YYYY-MM-DD. */
export const fmtDate = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '' : new Date(ms).toISOString().slice(0, 10);

/** Tag colours of the self-care bands (可自理 … 不能自理). */
export const BAND_COLOR: Record<string, string> = { '1': 'green', '2': 'gold', '3': 'orange', '4': 'red' };

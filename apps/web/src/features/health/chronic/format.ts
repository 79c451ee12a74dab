/** A stored date (UTC midnight) as YYYY-MM-DD. */
export const fmtDate = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '' : new Date(ms).toISOString().slice(0, 10);

/** An instant as YYYY-MM-DD HH:mm in the viewer's zone. */
export function fmtTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

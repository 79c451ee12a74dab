/** Dates of the health screens: birth dates are UTC midnights (shown as such), times in the user's zone. */
export const day = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : new Date(ms).toISOString().slice(0, 10));
export const time = (ms: number | null | undefined) => {
  if (ms === null || ms === undefined) return '—';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

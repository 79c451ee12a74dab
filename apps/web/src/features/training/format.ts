/** Display helpers of the training screens. */
export const fmtDate = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleDateString() : '—');
export const fmtTime = (ms: number | null | undefined) =>
  ms
    ? new Date(ms).toLocaleString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    : '—';
/** mm:ss (or h:mm:ss) of a number of seconds. */
export function fmtSeconds(s: number): string {
  const v = Math.max(0, Math.round(s));
  const h = Math.floor(v / 3600);
  const m = Math.floor((v % 3600) / 60);
  const sec = String(v % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
export const fmtSize = (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

export const STATUS_COLOR: Record<string, string> = {
  draft: 'default',
  pending: 'gold',
  published: 'green',
  approved: 'green',
  rejected: 'red',
  closed: 'default',
  cancelled: 'default',
  open: 'blue',
  adopted: 'green',
  live: 'magenta',
  ended: 'default',
};

/** Display helpers of the examination screens. */
export const fmtTime = (ms: number | null | undefined) =>
  ms
    ? new Date(ms).toLocaleString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    : '—';
export const fmtDate = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleDateString() : '—');

/** mm:ss (or h:mm:ss) of a remaining time. */
export function fmtCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

export const SIGNUP_COLOR: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red', withdrawn: 'default' };
export const ATTEMPT_COLOR: Record<string, string> = { in_progress: 'blue', submitted: 'orange', marked: 'green' };
export const PAPER_COLOR: Record<string, string> = { draft: 'default', published: 'blue', closed: 'default' };
export const TYPE_COLOR: Record<string, string> = { single: 'blue', multiple: 'purple', judge: 'cyan', short: 'orange' };

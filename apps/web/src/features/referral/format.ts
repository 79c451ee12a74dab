import type { TFunction } from 'i18next';

/** Display helpers of the referral screens. */
export const fmtDate = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleDateString() : '—');
export const fmtTime = (ms: number | null | undefined) =>
  ms
    ? new Date(ms).toLocaleString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    : '—';

/** A waiting time as "N h" or "D d H h". */
export function fmtWaiting(t: TFunction, ms: number | null): string {
  if (ms === null) return '—';
  const hours = Math.floor(ms / 3_600_000);
  return hours < 48 ? t('hours', { n: hours }) : t('days', { d: Math.floor(hours / 24), h: hours % 24 });
}

/** The status key: 同意接收 with the patient arrived shows as 已到诊. */
export const statusKey = (status: string, arrived: boolean) => (status === '2' && arrived ? '2a' : status);

export const STATUS_COLOR: Record<string, string> = {
  '0': 'gold',
  '3': 'default',
  '7': 'blue',
  '2': 'cyan',
  '2a': 'geekblue',
  '4': 'green',
  '5': 'red',
  '8': 'red',
  '6': 'default',
  '9': 'default',
  '10': 'default',
  '11': 'volcano',
};
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

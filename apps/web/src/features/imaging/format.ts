import type { TFunction } from 'i18next';

/** Display helpers of the study screens. */
export const fmtDate = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleDateString() : '—');
export const fmtTime = (ms: number | null | undefined) =>
  ms
    ? new Date(ms).toLocaleString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    : '—';

/** A duration as "D d H h", "H h M m" or "M m". */
export function fmtDuration(t: TFunction, ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d) return t('dur.dhm', { d, h });
  if (h) return t('dur.hm', { h, m });
  return t('dur.m', { m });
}

export const STATUS_COLOR: Record<string, string> = {
  registered: 'default',
  uploaded: 'gold',
  qc_returned: 'volcano',
  qc_passed: 'cyan',
  triaged: 'blue',
  reading: 'processing',
  preliminary: 'geekblue',
  auditing: 'purple',
  audited: 'lime',
  audit_returned: 'orange',
  released: 'green',
  revised: 'success',
  cancelled: 'default',
};

export const PRIORITY_COLOR = ['default', 'orange', 'red'] as const;

/** Fen as yuan with two decimals. */
export const fmtMoney = (fen: number | null | undefined) => (fen === null || fen === undefined ? '—' : `¥${(fen / 100).toFixed(2)}`);

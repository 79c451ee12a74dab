export { time, day } from '../health/records/format.ts';

/** An amount in fen as yuan with two decimals (charges are stored in fen so sums stay exact). */
export const fen = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `¥${(v / 100).toFixed(2)}`);

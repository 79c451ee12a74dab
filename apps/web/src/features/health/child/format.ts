import type { TFunction } from 'i18next';
import { WEAK_REASON_NAME } from '@medalliance/contract';

/** A stored date (UTC midnight) as YYYY-MM-DD. */
export const fmtDate = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '' : new Date(ms).toISOString().slice(0, 10);

const REASON_KEY = new Map(Object.entries(WEAK_REASON_NAME).map(([k, v]) => [v, k]));

/** The server's 体弱儿 reason text (names joined by 、) in the viewer's language; free text stays as typed. */
export const weakText = (t: TFunction, s: string | null | undefined): string =>
  (s ?? '')
    .split('、')
    .filter(Boolean)
    .map((x) => (REASON_KEY.has(x) ? t(`wr.${REASON_KEY.get(x)}`) : x))
    .join(t('listSep'));

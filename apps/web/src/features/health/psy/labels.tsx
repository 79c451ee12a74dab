import { Tag } from 'antd';
import type { TFunction } from 'i18next';

/** Small shared renderings of the programme's codes. */
const CLASS_COLOR: Record<string, string> = { '1': 'red', '2': 'orange', '3': 'green', '0': 'default' };
const STATE_COLOR: Record<string, string> = { due: 'blue', overdue: 'red', visited: 'green', upcoming: 'default' };

export const classTag = (t: TFunction, c: string | null | undefined, testId?: string) =>
  c ? (
    <Tag color={CLASS_COLOR[c]} data-testid={testId}>
      {t(`class.${c}`)}
    </Tag>
  ) : (
    '—'
  );

export const stateTag = (t: TFunction, s: string | null | undefined) => (s ? <Tag color={STATE_COLOR[s]}>{t(`state.${s}`)}</Tag> : '—');

export const riskTag = (t: TFunction, r: number | string | null | undefined) =>
  r === null || r === undefined || r === '' ? (
    '—'
  ) : (
    <Tag color={Number(r) >= 3 ? 'red' : Number(r) >= 1 ? 'orange' : 'green'}>{t('riskN', { n: r })}</Tag>
  );

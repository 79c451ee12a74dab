import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { childSchedule } from '@medalliance/contract';
import { MaskedText } from '../shared/MaskedText.tsx';
import type { ChildRow } from './api.ts';
import { BAND_COLOR } from './CheckDialog.tsx';
import { fmtDate, weakText } from './format.ts';

/** Columns shared by the child screens: the child (masked), age, mother, unit. */
export function personColumns(t: TFunction): ColumnsType<ChildRow> {
  const months = (r: ChildRow) => {
    if (r.ageMonths !== undefined) return r.ageMonths;
    if (r.birthDate === null) return null;
    const b = new Date(r.birthDate);
    const n = new Date();
    let m = (n.getUTCFullYear() - b.getUTCFullYear()) * 12 + n.getUTCMonth() - b.getUTCMonth();
    if (n.getUTCDate() < b.getUTCDate()) m -= 1;
    return m;
  };
  return [
    { title: t('name'), key: 'name', render: (_, r) => <MaskedText value={r.fullName} testId="child-name" />, width: 100 },
    { title: t('idNumber'), key: 'id', render: (_, r) => <MaskedText value={r.idNumber} />, width: 180 },
    { title: t('sex'), key: 'sex', render: (_, r) => (r.sex ? t(`sex.${r.sex}`) : ''), width: 56 },
    { title: t('birthDate'), key: 'birth', render: (_, r) => fmtDate(r.birthDate), width: 110 },
    { title: t('age'), key: 'age', render: (_, r) => (months(r) === null ? '' : t('ageValue', { m: months(r) })), width: 80 },
  ];
}

export function recordColumns(t: TFunction): ColumnsType<ChildRow> {
  const band = (b: string | null | undefined) => (b ? <Tag color={BAND_COLOR[b]}>{t(`band.${b}`)}</Tag> : '—');
  return [
    { title: t('mother'), key: 'mother', render: (_, r) => (r.motherName ? <MaskedText value={r.motherName} /> : '—'), width: 90 },
    { title: t('lastCheck'), key: 'last', render: (_, r) => fmtDate(r.lastCheckAt) || '—', width: 110 },
    {
      title: t('growth'),
      key: 'growth',
      render: (_, r) => (
        <>
          {band(r.lastWeightBand)} {band(r.lastLengthBand)}
        </>
      ),
      width: 150,
    },
    {
      title: t('weak'),
      key: 'weak',
      render: (_, r) => (
        <>
          {r.weak ? <Tag color="orange">{weakText(t, r.weakReason) || t('weak')}</Tag> : null}
          {r.referral ? <Tag color="red">{t('referral')}</Tag> : null}
          {r.lost ? <Tag>{t('lost')}</Tag> : null}
          {!r.weak && !r.referral && !r.lost ? '—' : null}
        </>
      ),
      width: 170,
    },
    { title: t('org'), dataIndex: 'orgName', key: 'org', ellipsis: true, width: 140 },
  ];
}

/** The schedule code of a plan row (newborn, m12, hb2, ...): the plan of its kind with its plan date. */
export function planCode(r: ChildRow): string | undefined {
  if (r.birthDate === null || r.planDate === undefined) return undefined;
  if (r.planKind === 'newborn') return 'newborn';
  return childSchedule(r.birthDate).find((p) => p.kind === r.planKind && p.planDate === r.planDate)?.code;
}

export function planColumns(t: TFunction): ColumnsType<ChildRow> {
  const color: Record<string, string> = { due: 'blue', overdue: 'red', visited: 'green', upcoming: 'default' };
  return [
    {
      title: t('check'),
      key: 'kind',
      render: (_, r) => (planCode(r) ? t(`code.${planCode(r)}`) : t(`kind.${r.planKind}`)),
      width: 150,
    },
    { title: t('window'), key: 'window', render: (_, r) => `${fmtDate(r.windowStart)} ~ ${fmtDate(r.windowEnd)}`, width: 200 },
    {
      title: t('state'),
      key: 'state',
      render: (_, r) => <Tag color={color[r.planState ?? '']}>{t(`state.${r.planState === 'visited' ? 'done' : r.planState}`)}</Tag>,
      width: 70,
    },
    { title: t('org'), dataIndex: 'orgName', key: 'org', ellipsis: true, width: 140 },
  ];
}

import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { MaskedText } from '../shared/MaskedText.tsx';
import { fmtDate, PLAN_COLOR, RISK_COLOR, STATE_COLOR, type MatRow } from './api.ts';

/** Column sets of the maternal lists (records, worklists, drill-down), each translated. */
export function personColumns(t: TFunction): ColumnsType<MatRow> {
  return [
    { title: t('name'), key: 'name', width: 100, render: (_, r) => <MaskedText value={r.fullName} testId="mat-name" /> },
    { title: t('idNumber'), key: 'id', width: 180, render: (_, r) => <MaskedText value={r.idNumber} /> },
    { title: t('age'), dataIndex: 'age', key: 'age', width: 60, align: 'right' },
  ];
}

export function pregnancyColumns(t: TFunction): ColumnsType<MatRow> {
  return [
    { title: t('lmp'), key: 'lmp', width: 105, render: (_, r) => fmtDate(r.lmp) },
    { title: t('edd'), key: 'edd', width: 105, render: (_, r) => fmtDate(r.edd) },
    { title: t('gestation'), key: 'g', width: 80, render: (_, r) => (r.gestation ? t('gestationFmt', { g: r.gestation }) : '—') },
    { title: t('gp'), key: 'gp', width: 70, render: (_, r) => (r.gravidity ? `G${r.gravidity}P${r.parity ?? 0}` : '') },
    riskColumn(t),
    stateColumn(t),
  ];
}

export const riskColumn = (t: TFunction): ColumnsType<MatRow>[number] => ({
  title: t('risk'),
  key: 'risk',
  width: 80,
  render: (_, r) => (r.riskLevel ? <Tag color={RISK_COLOR[r.riskLevel]}>{t(`risk.${r.riskLevel}`)}</Tag> : ''),
});

export const stateColumn = (t: TFunction): ColumnsType<MatRow>[number] => ({
  title: t('state'),
  key: 'state',
  width: 100,
  render: (_, r) => (r.state ? <Tag color={STATE_COLOR[r.state]}>{t(`state.${r.state}`)}</Tag> : ''),
});

export function planColumns(t: TFunction): ColumnsType<MatRow> {
  return [
    { title: t('planKind'), key: 'kind', width: 200, render: (_, r) => t(`kind.${r.planKind}`) },
    { title: t('window'), key: 'window', width: 200, render: (_, r) => `${fmtDate(r.windowStart)} ~ ${fmtDate(r.windowEnd)}` },
    {
      title: t('planState'),
      key: 'ps',
      width: 70,
      render: (_, r) => <Tag color={PLAN_COLOR[r.planState ?? '']}>{t(`plan.${r.planState}`)}</Tag>,
    },
  ];
}

export const unitColumns = (t: TFunction): ColumnsType<MatRow> => [
  { title: t('org'), dataIndex: 'orgName', key: 'org', width: 170, ellipsis: true },
  { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor', width: 90 },
];

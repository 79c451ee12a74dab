import { useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TbCaseRow } from '@medalliance/contract';
import { MaskedText } from '../shared/MaskedText.tsx';
import { fmtDate, fmtTime } from '../chronic/format.ts';
import type { TbForm, Page } from './api.ts';
import { NS } from './messages.ts';
import { TbReveal, type Revealed } from './TbReveal.tsx';

export type TbTab = 'first72' | 'due' | 'missed' | 'closing' | 'patients';
const STATE_COLOR = ['orange', 'blue', 'default'];

interface Props {
  tab: TbTab;
  data: Page<TbCaseRow> | undefined;
  loading: boolean;
  page: { currentPage: number; pageSize: number };
  onPage: (p: { currentPage: number; pageSize: number }) => void;
  /** Without: read-only (the by-unit drill-down). */
  onForm?: (form: TbForm, row: TbCaseRow) => void;
  onDetail?: (row: TbCaseRow) => void;
}

/** Cases of a worklist or the patient list: masked unless revealed, the state and the columns of the list. */
export function TbTable({ tab, data, loading, page, onPage, onForm, onDetail }: Props) {
  const { t } = useTranslation(NS);
  const [revealed, setRevealed] = useState<Record<string, Revealed>>({});
  const rv = (r: TbCaseRow) => revealed[r.caseId];
  // Phone and patient type where they are needed (calling before the first visit); the rest fits one screen.
  const cols: ColumnsType<TbCaseRow> = [
    {
      title: t('name'),
      key: 'name',
      width: 90,
      render: (_, r) => <MaskedText value={r.fullName} revealed={rv(r)?.fullName} testId="tb-name" />,
    },
    { title: t('idNumber'), key: 'id', width: 175, render: (_, r) => <MaskedText value={r.idNumber} revealed={rv(r)?.idNumber} /> },
    ...(tab === 'first72'
      ? ([
          { title: t('phone'), key: 'phone', width: 120, render: (_, r) => <MaskedText value={r.phone} revealed={rv(r)?.phone} /> },
        ] as ColumnsType<TbCaseRow>)
      : []),
    { title: t('org'), dataIndex: 'orgName', key: 'org', ellipsis: true, width: 120 },
    { title: t('notifiedAt'), key: 'notifiedAt', width: 140, render: (_, r) => fmtTime(r.notifiedAt) },
    ...(tab === 'first72'
      ? ([{ title: t('patientType'), key: 'type', width: 70, render: (_, r) => t(`type.${r.patientType}`) }] as ColumnsType<TbCaseRow>)
      : []),
  ];
  if (tab === 'first72')
    cols.push({
      title: t('deadline'),
      key: 'deadline',
      width: 230,
      render: (_, r) => (
        <Space size={4}>
          <Tag color={r.overdue ? 'red' : (r.hoursLeft ?? 0) < 24 ? 'orange' : 'blue'} data-testid={`tb-hours-${r.caseId}`}>
            {r.overdue ? t('hoursOver', { hours: Math.abs(r.hoursLeft ?? 0) }) : t('hoursLeft', { hours: r.hoursLeft })}
          </Tag>
          <span>{fmtTime(r.deadline)}</span>
        </Space>
      ),
    });
  else {
    cols.push({
      title: t('state'),
      key: 'state',
      width: 150,
      render: (_, r) => (
        <Tag color={STATE_COLOR[r.state]} data-testid={`tb-state-${r.caseId}`}>
          {t(`state.${r.state}`)}
          {r.state === 2 && r.closeReason ? ` · ${t(`reason.${r.closeReason}`)}` : ''}
        </Tag>
      ),
    });
    cols.push({ title: t('phase'), key: 'phase', width: 100, render: (_, r) => (r.state === 1 ? t(`phase.${r.phase}`) : '—') });
  }
  if (tab === 'due')
    cols.push({
      title: t('planDate'),
      key: 'plan',
      width: 220,
      render: (_, r) => `${fmtDate(r.planDate)}（${t('windowEnd')} ${fmtDate(r.windowEnd)}）`,
    });
  if (tab === 'missed')
    cols.push({
      title: t('missedDoses'),
      key: 'missed',
      width: 100,
      align: 'right',
      render: (_, r) => <Tag color="red">{t('missedTimes', { n: r.missedDoses ?? 0 })}</Tag>,
    });
  if (tab === 'closing' || tab === 'patients')
    cols.push({ title: t('courseEnd'), key: 'courseEnd', width: 110, render: (_, r) => fmtDate(r.courseEnd) });
  if (tab === 'patients')
    cols.push({
      title: t('adherence'),
      key: 'adh',
      width: 100,
      align: 'right',
      render: (_, r) => (r.adherenceRate === null ? '—' : `${r.adherenceRate}%`),
    });
  cols.push({
    title: t('actions'),
    key: 'actions',
    fixed: 'right',
    width: 210,
    render: (_, r) => (
      <Space size={0} wrap>
        {onForm && r.state === 0 && (
          <Button type="link" size="small" onClick={() => onForm('first', r)} data-testid={`tb-first-${r.caseId}`}>
            {t('firstVisit')}
          </Button>
        )}
        {onForm && r.state === 1 && (
          <Button type="link" size="small" onClick={() => onForm('visit', r)} data-testid={`tb-visit-${r.caseId}`}>
            {t('followUp')}
          </Button>
        )}
        {onForm && r.state === 1 && (
          <Button type="link" size="small" onClick={() => onForm('closure', r)} data-testid={`tb-closure-${r.caseId}`}>
            {t('closure')}
          </Button>
        )}
        {onDetail && (
          <Button type="link" size="small" onClick={() => onDetail(r)} data-testid={`tb-detail-${r.caseId}`}>
            {t('detail')}
          </Button>
        )}
        {!rv(r) && <TbReveal caseId={r.caseId} onRevealed={(v) => setRevealed((m) => ({ ...m, [r.caseId]: v }))} />}
      </Space>
    ),
  });
  return (
    <div data-testid="tb-table">
      <Table<TbCaseRow>
        rowKey={(r) => r.planId ?? r.caseId}
        size="small"
        loading={loading}
        columns={cols}
        dataSource={data?.list ?? []}
        scroll={{ x: 1180 }}
        locale={{ emptyText: t('noData') }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => <span data-testid="tb-total">{t('total', { total })}</span>,
          onChange: (currentPage, pageSize) => onPage({ currentPage, pageSize }),
        }}
      />
    </div>
  );
}

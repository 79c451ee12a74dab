import type { ReactNode } from 'react';
import { Button, Table, Tag, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { ImagingStudyRow } from '@medalliance/contract';
import { MaskedText } from '../health/shared/MaskedText.tsx';
import type { Page } from './api.ts';
import { Countdown } from './Countdown.tsx';
import { fmtTime, PRIORITY_COLOR, STATUS_COLOR } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-testid="img-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: number }) {
  const { t } = useTranslation(NS);
  return <Tag color={PRIORITY_COLOR[priority] ?? 'default'}>{t(`priority.${priority}`)}</Tag>;
}

export function PositiveTag({ positive }: { positive: boolean | null }) {
  const { t } = useTranslation(NS);
  if (positive === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Tag color={positive ? 'red' : 'green'}>{t(`positive.${positive}`)}</Tag>;
}

export type StudySort = { sort?: string; order?: 'asc' | 'desc' };
const SORTABLE: Record<string, string> = {
  applyNo: 'applyNo',
  priority: 'priority',
  stageDueAt: 'stageDueAt',
  registeredAt: 'registeredAt',
  releasedAt: 'releasedAt',
  status: 'status',
};

/**
 * The study list of every screen: number (opens the detail), priority,
 * patient (masked), unit and doctor, item and body part, state, reader, the
 * SLA countdown; sorted and paged on the server. `extra` adds the screen's
 * own action column; `show` picks the optional columns a screen needs.
 */
export function StudyTable({
  data,
  loading,
  since,
  page,
  onPage,
  onSort,
  onOpen,
  extra,
  show = { remaining: true },
  testId,
}: {
  data: Page<ImagingStudyRow> | undefined;
  loading: boolean;
  /** When the answer arrived (the countdowns run from there). */
  since: number;
  page: { currentPage: number; pageSize: number };
  onPage: (currentPage: number, pageSize: number) => void;
  onSort?: (s: StudySort) => void;
  onOpen: (row: ImagingStudyRow) => void;
  extra?: (row: ImagingStudyRow) => ReactNode;
  show?: { remaining?: boolean; released?: boolean; positive?: boolean; auditor?: boolean };
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const columns: ColumnsType<ImagingStudyRow> = [
    {
      title: t('col.applyNo'),
      dataIndex: 'applyNo',
      key: 'applyNo',
      width: 160,
      fixed: 'left',
      sorter: !!onSort,
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => onOpen(r)} data-testid={`img-open-${r.id}`} style={{ padding: 0 }}>
          {v}
        </Button>
      ),
    },
    {
      title: t('col.priority'),
      dataIndex: 'priority',
      key: 'priority',
      width: 84,
      sorter: !!onSort,
      render: (v: number) => <PriorityTag priority={v} />,
    },
    ...(show.remaining
      ? [
          {
            title: t('col.remaining'),
            dataIndex: 'remainingMs',
            key: 'stageDueAt',
            width: 130,
            sorter: !!onSort,
            render: (v: number | null, r: ImagingStudyRow) => (
              <Countdown remainingMs={v} since={since} dueAt={r.stageDueAt} breached={r.breached} />
            ),
          },
        ]
      : []),
    { title: t('col.patient'), dataIndex: 'fullName', width: 90, render: (v: string) => <MaskedText value={v} /> },
    { title: t('col.idNumber'), dataIndex: 'idNumber', width: 170, render: (v: string) => <MaskedText value={v} /> },
    {
      title: t('col.org'),
      dataIndex: 'applyOrgName',
      width: 170,
      ellipsis: true,
      render: (v: string | null, r) => (
        <span>
          {v ?? '—'}
          {r.applyDoctorName ? <Typography.Text type="secondary"> · {r.applyDoctorName}</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: t('col.item'),
      dataIndex: 'itemName',
      width: 170,
      ellipsis: true,
      render: (v: string | null, r) => [v, r.bodyPartName].filter(Boolean).join(' / ') || '—',
    },
    { title: t('col.diagnosis'), dataIndex: 'clinicalDiagnosis', width: 160, ellipsis: true },
    {
      title: t('col.status'),
      dataIndex: 'status',
      key: 'status',
      width: 110,
      sorter: !!onSort,
      render: (v: string) => <StatusTag status={v} />,
    },
    { title: t('col.reader'), dataIndex: 'readerName', width: 90, render: (v: string | null) => v ?? '—' },
    ...(show.auditor ? [{ title: t('col.auditor'), dataIndex: 'auditorName', width: 90, render: (v: string | null) => v ?? '—' }] : []),
    ...(show.positive
      ? [{ title: t('col.positive'), dataIndex: 'positive', width: 80, render: (v: boolean | null) => <PositiveTag positive={v} /> }]
      : []),
    { title: t('col.images'), dataIndex: 'imageCount', width: 64, align: 'right' as const },
    {
      title: t('col.registeredAt'),
      dataIndex: 'registeredAt',
      key: 'registeredAt',
      width: 140,
      sorter: !!onSort,
      render: (v: number) => fmtTime(v),
    },
    ...(show.released
      ? [
          {
            title: t('col.releasedAt'),
            dataIndex: 'releasedAt',
            key: 'releasedAt',
            width: 140,
            sorter: !!onSort,
            render: (v: number | null) => fmtTime(v),
          },
        ]
      : []),
    ...(extra
      ? [{ title: t('col.op'), key: 'op', width: 260, fixed: 'right' as const, render: (_: unknown, r: ImagingStudyRow) => extra(r) }]
      : []),
  ];
  return (
    <Table<ImagingStudyRow>
      rowKey="id"
      size="small"
      data-testid={testId}
      loading={loading}
      columns={columns}
      dataSource={data?.list ?? []}
      rowClassName={(r) => (r.breached ? 'img-row-breached' : '')}
      scroll={{ x: 1500 }}
      locale={{ emptyText: t('empty') }}
      onChange={(_p, _f, sorter) => {
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ImagingStudyRow> | undefined;
        const key = s?.columnKey ? SORTABLE[String(s.columnKey)] : undefined;
        onSort?.(s?.order && key ? { sort: key, order: s.order === 'ascend' ? 'asc' : 'desc' } : {});
      }}
      pagination={{
        current: page.currentPage,
        pageSize: page.pageSize,
        total: data?.pagination.total ?? 0,
        showSizeChanger: true,
        showTotal: (n) => <span data-testid={`${testId}-total`}>{t('total', { n })}</span>,
        onChange: onPage,
      }}
    />
  );
}

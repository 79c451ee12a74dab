import type { ReactNode } from 'react';
import { Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ReferralRow } from '@medalliance/contract';
import { MaskedText } from '../health/shared/MaskedText.tsx';
import { fmtTime, fmtWaiting, statusKey, STATUS_COLOR } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';

/** A status tag from the real dictionary (同意接收 + arrival shows 已到诊). */
export function StatusTag({ status, arrived }: { status: string; arrived: boolean }) {
  const { t } = useTranslation(NS);
  const key = statusKey(status, arrived);
  return (
    <Tag color={STATUS_COLOR[key] ?? 'default'} data-testid="referral-status">
      {t(`status.${key}`)}
    </Tag>
  );
}

/**
 * The referral list of every screen: number, direction, patient (masked),
 * units, diagnosis, state, waiting time with the overdue mark; paged on the
 * server. `extra` adds the screen's own action column.
 */
export function ReferralTable({
  data,
  loading,
  page,
  onPage,
  onOpen,
  extra,
  showWaiting = true,
  testId = 'referral-table',
}: {
  data: { list: ReferralRow[]; pagination: { currentPage: number; pageSize: number; total: number } } | undefined;
  loading: boolean;
  page: { currentPage: number; pageSize: number };
  onPage: (currentPage: number, pageSize: number) => void;
  onOpen: (row: ReferralRow) => void;
  extra?: (row: ReferralRow) => ReactNode;
  showWaiting?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  const columns: ColumnsType<ReferralRow> = [
    {
      title: t('col.no'),
      dataIndex: 'referralNo',
      width: 170,
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => onOpen(r)} data-testid={`referral-open-${r.id}`} style={{ padding: 0 }}>
          {v}
        </Button>
      ),
    },
    {
      title: t('col.direction'),
      dataIndex: 'direction',
      width: 84,
      render: (v: string) => <Tag color={v === '1' ? 'purple' : 'cyan'}>{t(`dir.${v}`)}</Tag>,
    },
    { title: t('col.patient'), dataIndex: 'fullName', width: 100, render: (v: string) => <MaskedText value={v} /> },
    { title: t('col.from'), dataIndex: 'fromUnitName', width: 170, ellipsis: true },
    {
      title: t('col.to'),
      dataIndex: 'toUnitName',
      width: 200,
      ellipsis: true,
      render: (v: string, r) => (
        <span>
          {v}
          {r.toDeptName ? <Typography.Text type="secondary"> · {r.toDeptName}</Typography.Text> : null}
        </span>
      ),
    },
    { title: t('col.diagnosis'), dataIndex: 'diagnosis', width: 180, ellipsis: true },
    {
      title: t('col.urgency'),
      dataIndex: 'urgency',
      width: 80,
      render: (v: string) => <Tag color={v === '3' ? 'red' : v === '2' ? 'orange' : 'default'}>{t(`urgency.${v}`)}</Tag>,
    },
    { title: t('col.status'), dataIndex: 'status', width: 160, render: (v: string, r) => <StatusTag status={v} arrived={r.arrived} /> },
    ...(showWaiting
      ? [
          {
            title: t('col.waiting'),
            dataIndex: 'waitingMs',
            width: 170,
            render: (v: number | null, r: ReferralRow) => (
              <Space size={4} style={{ whiteSpace: 'nowrap' }}>
                <span>{fmtWaiting(t, v)}</span>
                {r.breached ? (
                  <Tooltip title={t('breached')}>
                    <Tag color="red" data-testid="referral-breached">
                      {t('breached')}
                    </Tag>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
    { title: t('col.created'), dataIndex: 'createdAt', width: 150, render: (v: number) => fmtTime(v) },
    ...(extra ? [{ title: t('col.op'), key: 'op', width: 200, render: (_: unknown, r: ReferralRow) => extra(r) }] : []),
  ];
  return (
    <Table<ReferralRow>
      rowKey="id"
      size="small"
      data-testid={testId}
      loading={loading}
      columns={columns}
      dataSource={data?.list ?? []}
      rowClassName={(r) => (r.breached ? 'referral-row-breached' : '')}
      scroll={{ x: 1600 }}
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

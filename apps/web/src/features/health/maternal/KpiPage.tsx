import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MatKpiRow } from '@medalliance/contract';
import { fmtDate, matApi, type MatRow } from './api.ts';
import { personColumns, riskColumn, stateColumn, unitColumns } from './columns.tsx';
import { NS } from './messages.ts';
import './messages.ts';

interface Drill {
  orgId: string;
  orgName: string;
  metric: 'early' | 'postpartum';
  part: 'num' | 'gap' | 'den';
}

const pct = (v: number | null) => (v === null ? '—' : `${v}%`);

/** 孕产妇档案（机构） (menu parturient_case_org): 早孕建册率 and 产后访视率 by unit over a period, each figure drilling down to its women. */
export default function KpiPage() {
  const { t } = useTranslation(NS);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [drill, setDrill] = useState<Drill | null>(null);
  const period = range
    ? {
        from: Date.UTC(range[0].year(), range[0].month(), range[0].date()),
        to: Date.UTC(range[1].year(), range[1].month(), range[1].date()) + 86_399_999,
      }
    : {};
  const q = useQuery({
    queryKey: ['healthMaternal', 'kpi', period],
    queryFn: async () => (await matApi.kpi(period)).data,
    placeholderData: keepPreviousData,
  });
  const link = (r: MatKpiRow, metric: Drill['metric'], part: Drill['part'], n: number) =>
    r.orgId && n ? (
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => setDrill({ orgId: r.orgId, orgName: r.orgName, metric, part })}
        data-testid={`mat-kpi-${metric}-${part}-${r.orgId}`}
      >
        {n}
      </Button>
    ) : (
      n
    );
  const columns: ColumnsType<MatKpiRow> = [
    { title: t('org'), key: 'org', render: (_, r) => (r.orgId ? r.orgName : <b>{t('totalRow')}</b>) },
    { title: t('registeredCol'), key: 'reg', align: 'right', render: (_, r) => link(r, 'early', 'den', r.registered) },
    { title: t('earlyCol'), key: 'early', align: 'right', render: (_, r) => link(r, 'early', 'num', r.early) },
    { title: t('earlyRate'), key: 'er', align: 'right', render: (_, r) => <b>{pct(r.earlyRate)}</b> },
    { title: t('deliveredCol'), key: 'del', align: 'right', render: (_, r) => link(r, 'postpartum', 'den', r.delivered) },
    { title: t('postpartumCol'), key: 'pp', align: 'right', render: (_, r) => link(r, 'postpartum', 'num', r.postpartum) },
    { title: t('postpartumRate'), key: 'pr', align: 'right', render: (_, r) => <b>{pct(r.postpartumRate)}</b> },
  ];
  const rows = q.data ? [...q.data.rows, q.data.total] : [];
  return (
    <Card size="small" style={{ margin: 12 }} title={t('kpiTitle')} data-testid="mat-kpi">
      <Space style={{ marginBottom: 12 }}>
        {t('period')}
        <DatePicker.RangePicker
          value={range ?? (q.data ? [dayjs(q.data.period.from), dayjs(q.data.period.to)] : null)}
          onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)}
          allowClear
        />
      </Space>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('kpiNote')} />
      <Table<MatKpiRow>
        rowKey={(r) => r.orgId || 'total'}
        size="small"
        loading={q.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('noData') }}
        data-testid="mat-kpi-table"
      />
      {drill && <DrillModal drill={drill} period={period} onClose={() => setDrill(null)} />}
    </Card>
  );
}

function DrillModal({ drill, period, onClose }: { drill: Drill; period: { from?: number; to?: number }; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['healthMaternal', 'drill', drill, period, page],
    queryFn: async () => (await matApi.drill({ orgId: drill.orgId, metric: drill.metric, part: drill.part, ...period, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<MatRow> = [
    ...personColumns(t),
    ...(drill.metric === 'early'
      ? [
          { title: t('registeredAt'), key: 'ra', width: 105, render: (_: unknown, r: MatRow) => fmtDate(r.registeredAt) },
          {
            title: t('registeredGestation'),
            key: 'rg',
            width: 110,
            render: (_: unknown, r: MatRow) => t('gestationFmt', { g: r.registeredGestation }),
          },
        ]
      : [
          { title: t('deliveryDate'), key: 'dd', width: 105, render: (_: unknown, r: MatRow) => fmtDate(r.deliveryDate) },
          { title: t('postpartumAt'), key: 'pa', width: 110, render: (_: unknown, r: MatRow) => fmtDate(r.postpartumAt) || '—' },
        ]),
    riskColumn(t),
    stateColumn(t),
    ...unitColumns(t),
  ];
  return (
    <Modal
      open
      width={1100}
      footer={null}
      onCancel={onClose}
      title={t('drillTitle', { org: drill.orgName, metric: t(`metric.${drill.metric}`), part: t(`part.${drill.part}`) })}
    >
      <div data-testid="mat-kpi-drill">
        <Typography.Text type="secondary">
          {t('total', { total: q.data?.pagination.total ?? 0 })} · {t('maskedNote')}
        </Typography.Text>
        <Table<MatRow>
          rowKey="pregnancyId"
          size="small"
          style={{ marginTop: 8 }}
          loading={q.isFetching}
          columns={columns}
          dataSource={q.data?.list ?? []}
          scroll={{ x: 1000 }}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: q.data?.pagination.total ?? 0,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
        />
      </div>
    </Modal>
  );
}

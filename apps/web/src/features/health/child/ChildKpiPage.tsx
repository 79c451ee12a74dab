import { useState } from 'react';
import { Alert, Button, Card, InputNumber, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChildKpiRow } from '@medalliance/contract';
import { childApi, type DrillRow } from './api.ts';
import { fmtDate } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';

type Kpi = 'newbornVisit' | 'management';
type Part = 'numerator' | 'denominator' | 'missing';
interface Drill {
  rowId: string;
  name: string;
  kpi: Kpi;
  part: Part;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/**
 * Menu child_case_org (issue 18, M7): 新生儿访视率 and 儿童健康管理率 of the
 * year by unit (the caller's unit and the units below it), each figure opening
 * the children behind it (masked, audited).
 */
export default function ChildKpiPage() {
  const { t } = useTranslation(NS);
  const [year, setYear] = useState<number>(new Date().getUTCFullYear());
  const [drill, setDrill] = useState<Drill | null>(null);
  const kpi = useQuery({
    queryKey: ['healthChild', 'kpi', year],
    queryFn: async () => (await childApi.kpi({ year })).data,
    placeholderData: keepPreviousData,
  });
  const link = (r: ChildKpiRow, kpiName: Kpi, part: Part, value: number | string, testId?: string) => (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      onClick={() => setDrill({ rowId: r.orgId, name: r.orgName, kpi: kpiName, part })}
      data-testid={testId}
    >
      {value}
    </Button>
  );
  const isTotal = (r: ChildKpiRow) => r.orgId === kpi.data?.total.orgId && r === kpi.data?.total;
  const columns: ColumnsType<ChildKpiRow> = [
    { title: t('unit'), key: 'unit', render: (_, r) => (isTotal(r) ? <b>{t('totalRow')}</b> : r.orgName) },
    {
      title: t('newborns'),
      key: 'nb',
      align: 'right',
      render: (_, r) => (isTotal(r) ? r.newborns : link(r, 'newbornVisit', 'denominator', r.newborns)),
    },
    {
      title: t('newbornsVisited'),
      key: 'nbv',
      align: 'right',
      render: (_, r) => (isTotal(r) ? r.newbornsVisited : link(r, 'newbornVisit', 'numerator', r.newbornsVisited)),
    },
    {
      title: t('newbornVisitRate'),
      key: 'nbr',
      align: 'right',
      render: (_, r) =>
        isTotal(r) ? (
          <b data-testid="child-kpi-nb-total">{pct(r.newbornVisitRate)}</b>
        ) : (
          link(r, 'newbornVisit', 'missing', pct(r.newbornVisitRate))
        ),
    },
    {
      title: t('children'),
      key: 'ch',
      align: 'right',
      render: (_, r) => (isTotal(r) ? r.childCount : link(r, 'management', 'denominator', r.childCount)),
    },
    {
      title: t('childrenChecked'),
      key: 'chv',
      align: 'right',
      render: (_, r) => (isTotal(r) ? r.childrenChecked : link(r, 'management', 'numerator', r.childrenChecked)),
    },
    {
      title: t('managementRate'),
      key: 'chr',
      align: 'right',
      render: (_, r) =>
        isTotal(r) ? (
          <b data-testid="child-kpi-mg-total">{pct(r.managementRate)}</b>
        ) : (
          link(r, 'management', 'missing', pct(r.managementRate), `child-kpi-mg-${r.orgId}`)
        ),
    },
  ];
  const rows = kpi.data ? [...kpi.data.rows, kpi.data.total] : [];
  return (
    <Card
      size="small"
      style={{ margin: 12 }}
      data-testid="child-kpi"
      title={kpi.data ? t('kpiTitle', { year: kpi.data.period.year, end: fmtDate(kpi.data.period.end) }) : ''}
      extra={
        <Space>
          {t('year')}
          <InputNumber min={2000} max={2100} value={year} onChange={(v) => v && setYear(v)} />
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('kpiRule')} />
      <Table<ChildKpiRow>
        rowKey={(r) => (isTotal(r) ? 'total' : r.orgId)}
        size="small"
        loading={kpi.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
      />
      {drill && <DrillDialog drill={drill} year={year} onClose={() => setDrill(null)} />}
    </Card>
  );
}

function DrillDialog({ drill, year, onClose }: { drill: Drill; year: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['healthChild', 'drill', drill, year, page],
    queryFn: async () => (await childApi.drill({ year, rowId: drill.rowId, kpi: drill.kpi, part: drill.part, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<DrillRow> = [
    { title: t('name'), dataIndex: 'fullName', key: 'n' },
    { title: t('idNumber'), dataIndex: 'idNumber', key: 'i' },
    { title: t('sex'), key: 's', render: (_, r) => (r.sex ? t(`sex.${r.sex}`) : '') },
    { title: t('birthDate'), key: 'b', render: (_, r) => fmtDate(r.birthDate) },
    { title: t('age'), key: 'a', render: (_, r) => (r.ageMonths === null ? '' : t('ageValue', { m: r.ageMonths })) },
    ...(drill.kpi === 'newbornVisit'
      ? [
          { title: t('visitedAt'), key: 'v', render: (_: unknown, r: DrillRow) => fmtDate(r.visitedAt) || '—' },
          { title: t('dueBy'), key: 'd', render: (_: unknown, r: DrillRow) => fmtDate(r.dueBy) },
        ]
      : []),
    { title: t('org'), dataIndex: 'orgName', key: 'o' },
  ];
  return (
    <Modal
      open
      width={900}
      footer={null}
      onCancel={onClose}
      title={t('drillTitle', {
        name: drill.name,
        kpi: t(drill.kpi === 'newbornVisit' ? 'newbornVisitRate' : 'managementRate'),
        part: t(`part.${drill.part}`),
      })}
    >
      <div data-testid="child-kpi-drill">
        <Table<DrillRow>
          rowKey="residentId"
          size="small"
          loading={q.isFetching}
          columns={columns}
          dataSource={q.data?.list ?? []}
          locale={{ emptyText: t('noData') }}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: q.data?.pagination.total ?? 0,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
            showTotal: (total) => <Typography.Text type="secondary">{t('total', { total })}</Typography.Text>,
          }}
        />
      </div>
    </Modal>
  );
}

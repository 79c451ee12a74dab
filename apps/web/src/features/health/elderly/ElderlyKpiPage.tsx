import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Modal, Row, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ElderlyKpiRow } from '@medalliance/contract';
import { elderlyApi, type ElderlyRow } from './api.ts';
import { BAND_COLOR, fmtDate } from './format.ts';
import { NS } from './messages.ts';
import { OrgPicker } from './OrgPicker.tsx';
import '../kpi/kpi.css';
import './messages.ts';

type Metric = 'eligible' | 'checked' | 'unchecked';
interface Drill {
  rowId: string;
  name: string;
  metric: Metric;
}

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);

/**
 * 老年人健康管理率 by unit (issue 18, M8; menu old_people_manage_org): each
 * child unit of the chosen organisation with its subtree, eligible residents,
 * those checked in the year and the rate against the programme's target;
 * every count opens the residents behind it (masked, paged on the server).
 */
export default function ElderlyKpiPage() {
  const { t } = useTranslation(NS);
  const meta = useQuery({ queryKey: ['healthElderly', 'orgTree'], queryFn: async () => (await elderlyApi.orgTree()).data, retry: false });
  const [year, setYear] = useState<number | undefined>(undefined);
  const [orgId, setOrgId] = useState<string | undefined>(undefined);
  const [drill, setDrill] = useState<Drill | null>(null);
  const y = year ?? meta.data?.year;
  const table = useQuery({
    queryKey: ['healthElderly', 'kpi', y, orgId],
    queryFn: async () => (await elderlyApi.kpi({ year: y, orgId })).data,
    enabled: !!meta.data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = table.data;
  const rowName = (r: ElderlyKpiRow) => (r.own ? `${r.name}${t('own')}` : r.name);
  const figure = (metric: Metric, r: ElderlyKpiRow, value: number) => (
    <Button
      type="link"
      size="small"
      className="kpi-figure"
      disabled={!value}
      data-testid={`old-kpi-${metric}-${r.id}`}
      onClick={() => setDrill({ rowId: r.id, name: rowName(r), metric })}
    >
      {value}
    </Button>
  );
  const rateCell = (rate: number | null) =>
    data && rate !== null && rate < data.targetRate ? <Typography.Text type="danger">{pct(rate)}</Typography.Text> : pct(rate);
  const columns: ColumnsType<ElderlyKpiRow> = [
    { title: t('orgCol'), key: 'name', render: (_, r) => rowName(r), width: 220 },
    { title: t('eligible'), key: 'eligible', align: 'right', render: (_, r) => figure('eligible', r, r.eligible) },
    { title: t('checked'), key: 'checked', align: 'right', render: (_, r) => figure('checked', r, r.checked) },
    { title: t('unchecked'), key: 'unchecked', align: 'right', render: (_, r) => figure('unchecked', r, r.eligible - r.checked) },
    { title: t('rate'), key: 'rate', align: 'right', render: (_, r) => rateCell(r.rate) },
  ];

  if (meta.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (meta.isError || !meta.data)
    return (
      <Alert type="error" showIcon style={{ margin: 16 }} message={t('loadFailed')} description={(meta.error as Error | null)?.message} />
    );

  return (
    <div className="kpi-screen" data-testid="old-kpi">
      <div className="kpi-toolbar">
        <Space wrap size={[16, 8]}>
          <span>
            {t('year')}{' '}
            <Select
              value={y}
              style={{ width: 110 }}
              onChange={(v) => setYear(v)}
              options={meta.data.years.map((v) => ({ value: v, label: t('yearValue', { year: v }) }))}
              data-testid="old-kpi-year"
            />
          </span>
          <span>
            {t('orgCol')} <OrgPicker orgs={meta.data.orgs} value={orgId ?? data?.org.id} onChange={setOrgId} testId="old-kpi-org" />
          </span>
        </Space>
        <Button icon={<ReloadOutlined />} onClick={() => void table.refetch()}>
          {t('refresh')}
        </Button>
      </div>
      {table.isError && <Alert type="error" showIcon message={t('loadFailed')} description={(table.error as Error).message} />}
      <Typography.Text type="secondary" className="kpi-hint">
        {t('kpiHint')}
      </Typography.Text>
      <Row gutter={[12, 12]}>
        {[
          [t('eligible'), data?.total.eligible ?? 0],
          [t('checked'), data?.total.checked ?? 0],
          [t('rate'), pct(data?.total.rate ?? null)],
          [t('targetLabel'), data ? `${data.targetRate}%` : ''],
        ].map(([label, value], i) => (
          <Col xs={12} md={6} key={i}>
            <Card size="small" data-testid={`old-kpi-stat-${i}`}>
              <div className="kpi-stat-label">{label}</div>
              <div className="kpi-stat-value">{value}</div>
            </Card>
          </Col>
        ))}
      </Row>
      <Table<ElderlyKpiRow>
        rowKey="id"
        size="small"
        bordered
        loading={table.isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
        data-testid="old-kpi-table"
        summary={() =>
          data ? (
            <Table.Summary.Row className="kpi-total">
              <Table.Summary.Cell index={0}>{t('totalRow')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {data.total.eligible}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {data.total.checked}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {data.total.eligible - data.total.checked}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {rateCell(data.total.rate)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {drill && data && <ResidentsDrill drill={drill} year={data.year} orgId={data.org.id} onClose={() => setDrill(null)} />}
    </div>
  );
}

function ResidentsDrill({ drill, year, orgId, onClose }: { drill: Drill; year: number; orgId: string; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['healthElderly', 'kpiResidents', drill, year, orgId, page],
    queryFn: async () => (await elderlyApi.kpiResidents({ year, orgId, rowId: drill.rowId, metric: drill.metric, ...page })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const columns: ColumnsType<ElderlyRow> = [
    { title: t('name'), dataIndex: 'fullName', key: 'name', width: 90 },
    { title: t('idNumber'), dataIndex: 'idNumber', key: 'id', width: 180 },
    { title: t('age'), dataIndex: 'age', key: 'age', width: 60, align: 'right' },
    { title: t('org'), dataIndex: 'orgName', key: 'org' },
    { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor', width: 90 },
    { title: t('lastCheck'), key: 'last', width: 110, render: (_, r) => fmtDate(r.lastCheckDate) || '—' },
    {
      title: t('band'),
      key: 'band',
      width: 130,
      render: (_, r) => (r.selfCareBand ? <Tag color={BAND_COLOR[r.selfCareBand]}>{t(`band.${r.selfCareBand}`)}</Tag> : '—'),
    },
  ];
  return (
    <Modal
      open
      width={1000}
      footer={null}
      onCancel={onClose}
      title={t('drillTitle', { name: drill.name, metric: t(`metric.${drill.metric}`), year })}
      data-testid="old-kpi-drill"
    >
      <Typography.Text type="secondary">
        {t('drillTotal', { total: q.data?.pagination.total ?? 0 })} · {t('maskedNote')}
      </Typography.Text>
      <Table<ElderlyRow>
        rowKey="residentId"
        size="small"
        style={{ marginTop: 8 }}
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showSizeChanger: true,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
    </Modal>
  );
}

import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Segmented, Select, Space, Spin, Table, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatKpiRate, type KpiMetric, type KpiOrgNode, type KpiProgramme, type KpiRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import type { ChartSpec } from '../../../components/charts/chartOption.ts';
import { dateStamp, saveBlob } from '../../permission/shared/download.ts';
import { kpiApi } from './api.ts';
import { KpiDrillDown, type DrillTarget } from './KpiDrillDown.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import './kpi.css';

const EChart = lazy(() => import('../../../components/charts/EChart.tsx'));

interface Props {
  programmes: KpiProgramme[];
  focus: 'chronic' | 'area';
}

type TreeNode = { value: string; title: string; children?: TreeNode[] };
const toTree = (nodes: KpiOrgNode[]): TreeNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, ...(n.children?.length ? { children: toTree(n.children) } : {}) }));

/**
 * The health KPIs of one or both programmes for a year (issue 17): the
 * totals, charts and a table by organisation (each row with its subtree) or
 * by responsible doctor; every count opens the patients behind it; Excel
 * export for users with the health bulk-export grant.
 */
export function KpiScreen({ programmes, focus }: Props) {
  const { t } = useTranslation(NS);
  const meta = useQuery({ queryKey: ['healthKpi', 'meta'], queryFn: async () => (await kpiApi.meta()).data, retry: false });
  const [year, setYear] = useState<number | null>(null);
  const [orgId, setOrgId] = useState<string | undefined>(undefined);
  const [programme, setProgramme] = useState<KpiProgramme>(programmes[0]!);
  const [groupBy, setGroupBy] = useState<'org' | 'doctor'>('org');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const y = year ?? meta.data?.year ?? new Date().getFullYear();

  const table = useQuery({
    queryKey: ['healthKpi', 'table', programme, y, orgId, groupBy],
    queryFn: async () => (await kpiApi.table({ programme, year: y, orgId, groupBy })).data,
    enabled: !!meta.data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = table.data;
  const groupName = groupBy === 'org' ? t('orgCol') : t('doctorCol');
  const rowName = (r: KpiRow) =>
    groupBy === 'doctor' ? (r.key === '-' ? t('noDoctor') : r.name) : r.own ? `${r.name}${t('own')}` : r.name;

  const open = (metric: KpiMetric, row: KpiRow | null) => {
    if (!data) return;
    setDrill({
      programme,
      year: y,
      orgId: data.org.id ?? undefined,
      metric,
      rowOrgId: row && groupBy === 'org' ? row.key : undefined,
      doctorId: row && groupBy === 'doctor' ? row.key : undefined,
      name: row ? rowName(row) : data.org.name,
    });
  };
  const figure = (metric: KpiMetric, row: KpiRow | null, value: number) => (
    <Button
      type="link"
      size="small"
      className="kpi-figure"
      disabled={!value}
      data-testid={`kpi-${metric}-${row ? row.key : 'total'}`}
      onClick={() => open(metric, row)}
    >
      {value}
    </Button>
  );

  const columns: ColumnsType<KpiRow> = [
    { title: groupName, dataIndex: 'name', key: 'name', render: (_, r) => rowName(r), fixed: 'left', width: 200 },
    { title: t('managed'), key: 'managed', align: 'right', render: (_, r) => figure('managed', r, r.managed) },
    { title: t('standard'), key: 'standard', align: 'right', render: (_, r) => figure('standard', r, r.standard) },
    { title: t('standardRate'), key: 'standardRate', align: 'right', render: (_, r) => formatKpiRate(r.standardRate) },
    { title: t('controlled'), key: 'controlled', align: 'right', render: (_, r) => figure('controlled', r, r.controlled) },
    { title: t('controlRate'), key: 'controlRate', align: 'right', render: (_, r) => formatKpiRate(r.controlRate) },
    { title: t('archives'), key: 'archives', align: 'right', render: (_, r) => figure('archives', r, r.archives) },
    { title: t('archivesUsed'), key: 'archivesUsed', align: 'right', render: (_, r) => figure('archivesUsed', r, r.archivesUsed) },
    { title: t('archiveRate'), key: 'archiveRate', align: 'right', render: (_, r) => formatKpiRate(r.archiveRate) },
  ];

  const chartRows = useMemo(
    () =>
      (data?.rows ?? []).map((r) => ({
        name: rowName(r),
        managed: r.managed,
        standardRate: r.standardRate === null ? 0 : Math.round(r.standardRate * 1000) / 10,
        controlRate: r.controlRate === null ? 0 : Math.round(r.controlRate * 1000) / 10,
        archiveRate: r.archiveRate === null ? 0 : Math.round(r.archiveRate * 1000) / 10,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, t],
  );
  const rateSpec = useMemo<ChartSpec>(
    () => ({
      kind: 'bar',
      category: 'name',
      series: [
        { field: 'standardRate', name: `${t('standardRate')} %` },
        { field: 'controlRate', name: `${t('controlRate')} %` },
        { field: 'archiveRate', name: `${t('archiveRate')} %` },
      ],
    }),
    [t],
  );
  const countSpec = useMemo<ChartSpec>(() => ({ kind: 'bar', category: 'name', series: [{ field: 'managed', name: t('managed') }] }), [t]);

  const doExport = async () => {
    setExporting(true);
    try {
      const res = await kpiApi.exportXlsx({ year: y, orgId: data?.org.id ?? orgId, programmes });
      saveBlob(res.data, `${t('fileName')}_${y}_${dateStamp()}.xlsx`);
      toast.success(t('exported'));
    } finally {
      setExporting(false);
    }
  };

  if (meta.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (meta.isError || !meta.data)
    return (
      <Alert
        type="error"
        showIcon
        style={{ margin: 16 }}
        message={t('loadFailed')}
        description={(meta.error as Error | null)?.message}
        action={<Button onClick={() => void meta.refetch()}>{t('retry')}</Button>}
      />
    );

  const total = data?.total;
  const stat = (label: string, value: string | number, metric: KpiMetric | null, testId: string) => (
    <Col xs={12} md={6}>
      <Card size="small" className="kpi-stat" data-testid={testId}>
        <div className="kpi-stat-label">{label}</div>
        <div className="kpi-stat-value">
          {metric && typeof value === 'number' ? (
            <a onClick={() => open(metric, null)} data-testid={`${testId}-open`}>
              {value}
            </a>
          ) : (
            value
          )}
        </div>
      </Card>
    </Col>
  );

  return (
    <div className="kpi-screen" data-testid="health-kpi">
      <div className="kpi-toolbar">
        <Space wrap size={[16, 8]}>
          <span>
            {t('year')}{' '}
            <Select
              value={y}
              style={{ width: 110 }}
              onChange={(v) => setYear(v)}
              options={meta.data.years.map((v) => ({ value: v, label: t('yearValue', { year: v }) }))}
              data-testid="kpi-year"
            />
          </span>
          <span>
            {t('org')}{' '}
            <TreeSelect
              value={orgId ?? data?.org.id}
              style={{ width: 240 }}
              treeDefaultExpandAll
              treeData={toTree(meta.data.orgs)}
              onChange={(v: string | null) => setOrgId(v ?? undefined)}
              data-testid="kpi-org"
            />
          </span>
          {programmes.length > 1 && (
            <Segmented
              value={programme}
              onChange={(v) => setProgramme(v as KpiProgramme)}
              options={programmes.map((p) => ({ value: p, label: t(p) }))}
              data-testid="kpi-programme"
            />
          )}
          <Segmented
            value={groupBy}
            onChange={(v) => setGroupBy(v as 'org' | 'doctor')}
            options={[
              { value: 'org', label: t('byOrg') },
              { value: 'doctor', label: t('byDoctor') },
            ]}
            data-testid="kpi-group"
          />
        </Space>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void table.refetch()} data-testid="kpi-refresh">
            {t('refresh')}
          </Button>
          {meta.data.canExport && (
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void doExport()} data-testid="kpi-export">
              {t('export')}
            </Button>
          )}
        </Space>
      </div>
      {table.isError && <Alert type="error" showIcon message={t('loadFailed')} description={(table.error as Error).message} />}
      <Typography.Text type="secondary" className="kpi-hint">
        {t('hint')}
        {data ? ` ${t('periodTo', { date: new Date(data.to - 1).toISOString().slice(0, 10) })}` : ''}
      </Typography.Text>
      <Row gutter={[12, 12]}>
        {focus === 'area' ? (
          <>
            {stat(t('archives'), total?.archives ?? 0, 'archives', 'kpi-total-archives')}
            {stat(t('archiveRate'), formatKpiRate(total?.archiveRate ?? null), null, 'kpi-total-archiveRate')}
            {stat(`${t(programme)} · ${t('managed')}`, total?.managed ?? 0, 'managed', 'kpi-total-managed')}
            {stat(`${t(programme)} · ${t('controlRate')}`, formatKpiRate(total?.controlRate ?? null), null, 'kpi-total-controlRate')}
          </>
        ) : (
          <>
            {stat(`${t(programme)} · ${t('managed')}`, total?.managed ?? 0, 'managed', 'kpi-total-managed')}
            {stat(t('standardRate'), formatKpiRate(total?.standardRate ?? null), null, 'kpi-total-standardRate')}
            {stat(t('controlRate'), formatKpiRate(total?.controlRate ?? null), null, 'kpi-total-controlRate')}
            {stat(t('archiveRate'), formatKpiRate(total?.archiveRate ?? null), null, 'kpi-total-archiveRate')}
          </>
        )}
      </Row>
      {data && data.rows.length > 0 && (
        <Row gutter={12}>
          <Col xs={24} lg={14}>
            <Card size="small" title={t('chartRates', { group: groupName })} data-testid="kpi-chart-rates">
              <Suspense fallback={<Spin />}>
                <EChart spec={rateSpec} rows={chartRows} height={260} label={t('chartRates', { group: groupName })} />
              </Suspense>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" title={t('chartCounts', { group: groupName })} data-testid="kpi-chart-counts">
              <Suspense fallback={<Spin />}>
                <EChart spec={countSpec} rows={chartRows} height={260} label={t('chartCounts', { group: groupName })} />
              </Suspense>
            </Card>
          </Col>
        </Row>
      )}
      <Table<KpiRow>
        rowKey="key"
        size="small"
        bordered
        loading={table.isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
        data-testid="kpi-table"
        summary={() =>
          total ? (
            <Table.Summary.Row className="kpi-total">
              <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {figure('managed', null, total.managed)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {figure('standard', null, total.standard)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {formatKpiRate(total.standardRate)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {figure('controlled', null, total.controlled)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {formatKpiRate(total.controlRate)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {figure('archives', null, total.archives)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {figure('archivesUsed', null, total.archivesUsed)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">
                {formatKpiRate(total.archiveRate)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {drill && <KpiDrillDown target={drill} onClose={() => setDrill(null)} />}
    </div>
  );
}

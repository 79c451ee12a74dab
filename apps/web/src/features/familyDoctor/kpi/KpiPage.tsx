import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Segmented, Space, Spin, Statistic, Table, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FD_KPI_GROUPS, type FdKpiDimension, type FdKpiDrill, type FdKpiGroup, type FdKpiRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import type { ChartSpec } from '../../../components/charts/chartOption.ts';
import { dateStamp, saveBlob } from '../../permission/shared/download.ts';
import { fdApi, fmtTime, pct, yuan } from '../teams/api.ts';
import { NS as TEAMS } from '../teams/messages.ts';
import { DrillDrawer, type DrillTarget } from './DrillDrawer.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import '../teams/messages.ts';
import '../teams/teams.css';

// ECharts loads only with this screen (as the referral statistics).
const EChart = lazy(() => import('../../../components/charts/EChart.tsx'));
const percent = (v: number | null) => (v === null ? 0 : Math.round(v * 1000) / 10);

/**
 * 签约履约统计 (fd_statis): 签约率 overall and per key population, 履约率
 * and package revenue by unit, team or doctor in the caller's scope; charts,
 * a table whose figures open the residents / tasks / contracts behind them,
 * and the Excel workbook.
 */
export default function KpiPage() {
  const { t } = useTranslation(NS);
  const { t: tg } = useTranslation(TEAMS);
  const [by, setBy] = useState<FdKpiDimension>('unit');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const q = useQuery({ queryKey: ['fdKpi', by], queryFn: async () => (await fdApi.kpi(by)).data, placeholderData: keepPreviousData });
  const k = q.data;
  const open = (r: FdKpiRow, metric: FdKpiDrill, label: string, group?: FdKpiGroup) =>
    r.key !== 'total' && setDrill({ by, key: r.key, name: r.name, metric, group, label });
  const link = (r: FdKpiRow, value: number, metric: FdKpiDrill, label: string, group?: FdKpiGroup, testid?: string) =>
    r.key === 'total' || value === 0 ? (
      <span data-testid={testid}>{value}</span>
    ) : (
      <Button type="link" size="small" className="fd-link" onClick={() => open(r, metric, label, group)} data-testid={testid}>
        {value}
      </Button>
    );
  const exportXlsx = async () => {
    setExporting(true);
    try {
      saveBlob((await fdApi.exportKpi(by)).data, `${t('keepRate')}-${dateStamp()}.xlsx`);
      toast.success(t('exported'));
    } finally {
      setExporting(false);
    }
  };

  const rateSpec: ChartSpec = {
    kind: 'bar',
    category: 'name',
    series: [
      { field: 'sign', name: t('signRate') },
      { field: 'keep', name: t('keepRate') },
    ],
  };
  const groupSpec: ChartSpec = { kind: 'bar', category: 'group', series: [{ field: 'rate', name: t('signRate') }] };
  const revenueSpec: ChartSpec = { kind: 'pie', category: 'name', series: [{ field: 'yuan', name: t('revenue') }] };
  const firstCol = t(`col.${by}`);

  return (
    <Card className="fd-screen" data-testid="fd-kpi-page">
      <Space className="fd-toolbar" wrap>
        <Segmented
          value={by}
          onChange={(v) => setBy(v as FdKpiDimension)}
          options={(['unit', 'team', 'doctor'] as const).map((d) => ({ value: d, label: t(`by.${d}`) }))}
          data-testid="fd-kpi-by"
        />
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportXlsx()} data-testid="fd-kpi-export">
          {t('export')}
        </Button>
        {k && <Typography.Text type="secondary">{t('asOf', { at: fmtTime(k.at) })}</Typography.Text>}
      </Space>
      {!k ? (
        <Spin />
      ) : !k.rows.length ? (
        <Empty description={t('empty')} />
      ) : (
        <>
          <Row gutter={12} className="fd-kpi-cards" style={{ marginBottom: 12 }}>
            {(
              [
                ['signRate', pct(k.total.signRate), `${k.total.contracted} / ${k.total.residents}`, 'fd-kpi-sign'],
                ['keepRate', pct(k.total.keepRate), `${k.total.done} / ${k.total.due}`, 'fd-kpi-keep'],
                ['contracts', k.total.contracts, '', 'fd-kpi-contracts'],
                ['revenue', yuan(k.total.revenue), '', 'fd-kpi-revenue'],
              ] as const
            ).map(([key, value, sub, testid]) => (
              <Col key={key} xs={12} md={6}>
                <Card size="small">
                  <Statistic title={t(key)} value={value} data-testid={testid} />
                  {sub && <Typography.Text type="secondary">{sub}</Typography.Text>}
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={12} style={{ marginBottom: 12 }}>
            <Col xs={24} lg={10}>
              <Card size="small" title={t('chart.rates')} data-testid="fd-kpi-chart-rates">
                <Suspense fallback={<Spin />}>
                  <EChart
                    spec={rateSpec}
                    rows={k.rows.slice(0, 12).map((r) => ({ name: r.name, sign: percent(r.signRate), keep: percent(r.keepRate) }))}
                    height={260}
                    label={t('chart.rates')}
                  />
                </Suspense>
              </Card>
            </Col>
            <Col xs={24} lg={7}>
              <Card size="small" title={t('chart.groups')}>
                <Suspense fallback={<Spin />}>
                  <EChart
                    spec={groupSpec}
                    rows={FD_KPI_GROUPS.map((g) => ({ group: tg(`group.${g}`), rate: percent(k.total.groups[g].rate) }))}
                    height={260}
                    label={t('chart.groups')}
                  />
                </Suspense>
              </Card>
            </Col>
            <Col xs={24} lg={7}>
              <Card size="small" title={t('chart.revenue')}>
                <Suspense fallback={<Spin />}>
                  <EChart
                    spec={revenueSpec}
                    rows={k.packages.map((p) => ({ name: p.name, yuan: p.revenue / 100 }))}
                    height={260}
                    label={t('chart.revenue')}
                  />
                </Suspense>
              </Card>
            </Col>
          </Row>
          <Alert type="info" showIcon style={{ marginBottom: 8 }} title={`${t('definition')} ${t('drill.hint')}`} />
          <Table<FdKpiRow>
            rowKey="key"
            size="small"
            bordered
            data-testid="fd-kpi-table"
            dataSource={[...k.rows, { ...k.total, name: t('total') }]}
            pagination={false}
            scroll={{ x: 1400 }}
            columns={[
              { title: firstCol, dataIndex: 'name', fixed: 'left', width: 200 },
              {
                title: t('signRate'),
                children: [
                  { title: t('residents'), dataIndex: 'residents', width: 90 },
                  {
                    title: t('contracted'),
                    dataIndex: 'contracted',
                    width: 100,
                    render: (v: number, r) => link(r, v, 'signed', t('contracted'), undefined, `fd-kpi-contracted-${r.key}`),
                  },
                  {
                    title: t('unsigned'),
                    key: 'unsigned',
                    width: 110,
                    render: (_, r) => link(r, Math.max(0, r.residents - r.contracted), 'unsigned', t('unsigned')),
                  },
                  { title: t('signRate'), dataIndex: 'signRate', width: 80, render: pct },
                ],
              },
              {
                title: t('keyGroups'),
                children: FD_KPI_GROUPS.map((g) => ({
                  title: tg(`group.${g}`),
                  key: `g${g}`,
                  width: 110,
                  render: (_: unknown, r: FdKpiRow) => (
                    <span>
                      {link(r, r.groups[g].contracted, 'signed', `${tg(`group.${g}`)} · ${t('contracted')}`, g)}/{r.groups[g].residents}{' '}
                      <Typography.Text type="secondary">{pct(r.groups[g].rate)}</Typography.Text>
                    </span>
                  ),
                })),
              },
              {
                title: t('keepRate'),
                children: [
                  { title: t('due'), dataIndex: 'due', width: 80, render: (v: number, r) => link(r, v, 'due', t('due')) },
                  { title: t('done'), dataIndex: 'done', width: 80, render: (v: number, r) => link(r, v, 'done', t('done')) },
                  { title: t('undone'), key: 'undone', width: 80, render: (_, r) => link(r, r.due - r.done, 'undone', t('undone')) },
                  {
                    title: t('keepRate'),
                    dataIndex: 'keepRate',
                    width: 80,
                    render: (v: number | null, r) => <span data-testid={`fd-kpi-keep-${r.key}`}>{pct(v)}</span>,
                  },
                ],
              },
              { title: t('contracts'), dataIndex: 'contracts', width: 80, render: (v: number, r) => link(r, v, 'revenue', t('revenue')) },
              { title: t('revenue'), dataIndex: 'revenue', width: 120, render: yuan },
            ]}
          />
        </>
      )}
      <DrillDrawer target={drill} onClose={() => setDrill(null)} />
    </Card>
  );
}

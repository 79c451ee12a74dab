import { lazy, Suspense, useMemo } from 'react';
import { Card, Col, Empty, Row, Spin, Statistic, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImgFeeStats } from '@medalliance/contract';
import type { ChartSpec } from '../../../components/charts/chartOption.ts';
import { fmtMoney } from '../format.ts';
import { statsApi, type StatsFilter } from './api.ts';
import type { Drill } from './DrillDrawer.tsx';
import { NS } from './messages.ts';
import './messages.ts';

const EChart = lazy(() => import('../../../components/charts/EChart.tsx'));

export type FeeKind = 'diagFee' | 'applyFee';

/**
 * Fees of released studies by applying unit and month (a pivot: units down,
 * months across, totals on both), the monthly trend as a chart; each amount
 * drills down to its studies.
 */
export function FeePanel({ filter, kinds, onDrill }: { filter: StatsFilter; kinds: FeeKind[]; onDrill: (d: Drill) => void }) {
  const { t } = useTranslation(NS);
  const q = useQuery({
    queryKey: ['imgStats', 'fees', filter],
    queryFn: async () => (await statsApi.fees(filter)).data,
    placeholderData: keepPreviousData,
  });
  const s = q.data;
  const months = useMemo(() => (s ? s.months.map((m) => m.month) : []), [s]);
  if (!s) return <Spin data-testid="img-stats-loading" />;
  if (!s.fees.length) return <Empty description={t('emptyPeriod')} data-testid="img-stats-empty" />;
  const spec: ChartSpec = { kind: 'bar', category: 'month', series: kinds.map((k) => ({ field: k, name: t(k) })) };
  const chartRows = s.months.map((m) => ({ month: m.month, diagFee: m.diagFee / 100, applyFee: m.applyFee / 100 }));
  const cell = (unitId: string | undefined, month: string | undefined, title: string, fen: number, n: number) =>
    n ? (
      <Typography.Link onClick={() => onDrill({ measure: 'released', unitId, month, title })}>{fmtMoney(fen)}</Typography.Link>
    ) : (
      <span className="img-stats-zero">—</span>
    );
  type Row = {
    unitId: string;
    unitName: string;
    cells: Record<string, { diagFee: number; applyFee: number; released: number }>;
  } & ImgFeeStats['units'][number];
  const rows: Row[] = s.units.map((u) => ({
    ...u,
    cells: Object.fromEntries(s.fees.filter((f) => f.unitId === u.unitId).map((f) => [f.month, f])),
  }));
  return (
    <div data-testid="img-fee-panel">
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('released')} value={s.totals.released} />
          </Card>
        </Col>
        {kinds.map((k) => (
          <Col key={k} xs={12} md={6}>
            <Card size="small">
              <Statistic title={t(k)} value={fmtMoney(s.totals[k])} data-testid={`img-total-${k}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('byMonth')} style={{ marginBottom: 12 }}>
        <Suspense fallback={<Spin />}>
          <EChart spec={spec} rows={chartRows} height={220} label={t('byMonth')} />
        </Suspense>
      </Card>
      {kinds.map((k) => (
        <Card key={k} size="small" title={t(`${k}ByUnit`)} style={{ marginBottom: 12 }}>
          <Table<Row>
            size="small"
            rowKey="unitId"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            data-testid={`img-fee-table-${k}`}
            columns={[
              { title: t('unit'), dataIndex: 'unitName', fixed: 'left', width: 200 },
              ...months.map((m) => ({
                title: m,
                key: m,
                align: 'right' as const,
                render: (_: unknown, r: Row) =>
                  cell(r.unitId, m, `${r.unitName} · ${m} · ${t(k)}`, r.cells[m]?.[k] ?? 0, r.cells[m]?.released ?? 0),
              })),
              {
                title: t('total'),
                key: 'total',
                align: 'right' as const,
                render: (_: unknown, r: Row) => <b>{cell(r.unitId, undefined, `${r.unitName} · ${t(k)}`, r[k], r.released)}</b>,
              },
            ]}
            summary={() => (
              <Table.Summary.Row className="img-stats-total-row">
                <Table.Summary.Cell index={0}>
                  <b>{t('total')}</b>
                </Table.Summary.Cell>
                {s.months.map((m, i) => (
                  <Table.Summary.Cell key={m.month} index={i + 1} align="right">
                    {cell(undefined, m.month, `${m.month} · ${t(k)}`, m[k], m.released)}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={months.length + 1} align="right">
                  <b>{cell(undefined, undefined, t(k), s.totals[k], s.totals.released)}</b>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </Card>
      ))}
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Card, Col, Empty, Row, Spin, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImgStats, ImgStatsUnitRow } from '@medalliance/contract';
import type { ChartSpec } from '../../../components/charts/chartOption.ts';
import type { Drill } from './DrillDrawer.tsx';
import { pct } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';

const EChart = lazy(() => import('../../../components/charts/EChart.tsx'));

/**
 * Reports of the period: volume, SLA breaches, turnaround, positive and
 * audit-change rates (totals and per unit), mean time per stage, the
 * image-quality grades. Counts drill down to their studies.
 */
export function OverviewPanel({ s, onDrill }: { s: ImgStats | undefined; onDrill: (d: Drill) => void }) {
  const { t } = useTranslation(NS);
  if (!s) return <Spin data-testid="img-stats-loading" />;
  if (!s.totals.registered && !s.totals.released) return <Empty description={t('emptyPeriod')} data-testid="img-stats-empty" />;
  const link = (n: number, d: Omit<Drill, 'title'>, title: string) =>
    n ? <Typography.Link onClick={() => onDrill({ ...d, title })}>{n}</Typography.Link> : <span className="img-stats-zero">0</span>;
  const T = s.totals;
  const cards: [string, React.ReactNode, Omit<Drill, 'title'> | null][] = [
    ['registered', T.registered, { measure: 'registered' }],
    ['released', T.released, { measure: 'released' }],
    ['breached', T.breached, { measure: 'breached' }],
    ['turnaround', T.turnaroundHours ?? '—', null],
    ['positiveRate', pct(T.positiveRate), { measure: 'positive' }],
    ['disagreeRate', pct(T.disagreeRate), { measure: 'disagree' }],
  ];
  const stageSpec: ChartSpec = { kind: 'bar', category: 'name', series: [{ field: 'avgHours', name: t('avgHours') }] };
  const gradeSpec: ChartSpec = { kind: 'pie', category: 'name', series: [{ field: 'count', name: t('count') }] };
  const unitCol = (k: 'registered' | 'released' | 'breached' | 'positive' | 'disagree', measure: Drill['measure']) => ({
    title: t(k),
    dataIndex: k,
    width: 90,
    align: 'right' as const,
    render: (v: number, r: ImgStatsUnitRow) => link(v, { measure, unitId: r.unitId }, `${r.unitName} · ${t(k)}`),
  });
  return (
    <div data-testid="img-overview-panel">
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {cards.map(([k, v, d]) => (
          <Col key={k} xs={12} md={8} xl={4}>
            <Card size="small" hoverable={!!d} onClick={d ? () => onDrill({ ...d, title: t(k) }) : undefined} data-testid={`img-card-${k}`}>
              <Statistic title={t(k)} value={v as string | number} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('byUnit')} style={{ marginBottom: 12 }}>
        <Table<ImgStatsUnitRow>
          size="small"
          rowKey="unitId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={s.units}
          data-testid="img-unit-table"
          columns={[
            { title: t('unit'), dataIndex: 'unitName', width: 200 },
            unitCol('registered', 'registered'),
            unitCol('breached', 'breached'),
            unitCol('released', 'released'),
            { title: t('turnaround'), dataIndex: 'turnaroundHours', width: 120, align: 'right', render: (v: number | null) => v ?? '—' },
            unitCol('positive', 'positive'),
            { title: t('positiveRate'), dataIndex: 'positiveRate', width: 90, align: 'right', render: (v: number | null) => pct(v) },
            unitCol('disagree', 'disagree'),
            { title: t('disagreeRate'), dataIndex: 'disagreeRate', width: 110, align: 'right', render: (v: number | null) => pct(v) },
          ]}
          summary={() => (
            <Table.Summary.Row className="img-stats-total-row">
              <Table.Summary.Cell index={0}>
                <b>{t('total')}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {link(T.registered, { measure: 'registered' }, t('registered'))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {link(T.breached, { measure: 'breached' }, t('breached'))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {link(T.released, { measure: 'released' }, t('released'))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {T.turnaroundHours ?? '—'}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {link(T.positive, { measure: 'positive' }, t('positive'))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {pct(T.positiveRate)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {link(T.disagree, { measure: 'disagree' }, t('disagree'))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">
                {pct(T.disagreeRate)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>
      <Row gutter={12}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('stages')}>
            <Suspense fallback={<Spin />}>
              <EChart
                spec={stageSpec}
                rows={s.stages.map((x) => ({ name: t(`stageShort.${x.stage}`), avgHours: x.avgHours ?? 0 }))}
                height={240}
                label={t('stages')}
              />
            </Suspense>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('grades')}>
            {s.grades.length ? (
              <>
                <Suspense fallback={<Spin />}>
                  <EChart
                    spec={gradeSpec}
                    rows={s.grades.map((g) => ({ name: t(`grade.${g.grade}`), count: g.count }))}
                    height={200}
                    label={t('grades')}
                  />
                </Suspense>
                <div className="img-stats-grades">
                  {s.grades.map((g) => (
                    <span key={g.grade}>
                      {t(`grade.${g.grade}`)}:{' '}
                      {link(g.count, { measure: 'grade', key: g.grade }, `${t('grades')} · ${t(`grade.${g.grade}`)}`)}
                    </span>
                  ))}
                </div>
              </>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noReviews')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Card, Col, Empty, Row, Segmented, Select, Space, Spin, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXAM_SCORE_BANDS, EXAM_STATS_BY, type ExamStatsBy } from '@medalliance/contract';
import type { ChartSpec } from '../../../components/charts/chartOption.ts';
import { examsApi } from './api.ts';
import { NS } from './messages.ts';

const EChart = lazy(() => import('../../../components/charts/EChart.tsx'));

/**
 * 统计: marked attempts per paper, course, unit or person — attempts, average
 * score and percentage, passes and pass rate, and the score distribution
 * (by percentage of each paper's total) as a chart of the bands.
 */
export function StatsTab() {
  const { t } = useTranslation(NS);
  const [by, setBy] = useState<ExamStatsBy>('paper');
  const [paperId, setPaperId] = useState('');
  const papers = useQuery({
    queryKey: ['trainingExams', 'papers-all'],
    queryFn: async () => (await examsApi.papers({ currentPage: 1, pageSize: 200 })).data.list,
  });
  const q = useQuery({
    queryKey: ['trainingExams', 'stats', by, paperId],
    queryFn: async () => (await examsApi.stats(by, paperId)).data.list,
    placeholderData: keepPreviousData,
  });
  const rows = q.data ?? [];
  const bandRows = EXAM_SCORE_BANDS.map((b) => ({ band: t(`band.${b}`), count: rows.reduce((s, r) => s + r.bands[b], 0) }));
  const spec: ChartSpec = { kind: 'bar', category: 'band', series: [{ field: 'count', name: t('stats.attempts') }] };
  const pct = (v: number | null) => (v === null ? '—' : `${v}%`);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented<ExamStatsBy>
          value={by}
          onChange={setBy}
          options={EXAM_STATS_BY.map((b) => ({ value: b, label: t(`stats.by.${b}`) }))}
          data-testid="exam-stats-by"
        />
        <Select
          style={{ width: 320 }}
          value={paperId}
          onChange={setPaperId}
          options={[{ value: '', label: t('stats.allPapers') }, ...(papers.data ?? []).map((p) => ({ value: p.id, label: p.title }))]}
        />
      </Space>
      <Row gutter={12}>
        <Col xs={24} xl={16}>
          <Table
            rowKey="key"
            size="small"
            data-testid="exam-stats-table"
            loading={q.isFetching}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: <Empty description={t('stats.empty')} /> }}
            scroll={{ x: 1100 }}
            columns={[
              { title: t(`stats.by.${by}`), dataIndex: 'name', width: 220, ellipsis: true },
              { title: t('stats.attempts'), dataIndex: 'attempts', width: 80, sorter: (a, b) => a.attempts - b.attempts },
              { title: t('stats.average'), dataIndex: 'average', width: 90, sorter: (a, b) => (a.average ?? 0) - (b.average ?? 0) },
              {
                title: t('stats.averagePct'),
                dataIndex: 'averagePct',
                width: 100,
                render: pct,
                sorter: (a, b) => (a.averagePct ?? 0) - (b.averagePct ?? 0),
              },
              { title: t('stats.passed'), dataIndex: 'passed', width: 80 },
              {
                title: t('stats.passRate'),
                dataIndex: 'passRate',
                width: 90,
                render: pct,
                sorter: (a, b) => (a.passRate ?? 0) - (b.passRate ?? 0),
              },
              ...EXAM_SCORE_BANDS.map((b) => ({
                title: t(`band.${b}`),
                key: b,
                width: 72,
                render: (_: unknown, r: (typeof rows)[number]) => r.bands[b],
              })),
            ]}
          />
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('stats.distribution')}>
            {rows.length ? (
              <Suspense fallback={<Spin />}>
                <EChart spec={spec} rows={bandRows} height={260} label={t('stats.distribution')} />
              </Suspense>
            ) : (
              <Empty description={t('stats.empty')} />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Row, Space, Spin, Statistic, Table } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReferralStatsRow } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import type { ChartSpec } from '../../components/charts/chartOption.ts';
import { dateStamp, saveBlob } from '../permission/shared/download.ts';
import { referralApi } from './api.ts';
import { pct } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';

const EChart = lazy(() => import('../../components/charts/EChart.tsx'));
const M = 'YYYY-MM';

/**
 * Referral statistics by unit and month: totals, up/down by month (chart),
 * reasons (chart), a table by unit and month (counts, answer time, arrival
 * rate), the up/down ratio per township, two-week follow-up compliance;
 * Excel export.
 */
export function StatsPanel() {
  const { t } = useTranslation(NS);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(5, 'month'), dayjs()]);
  const [exporting, setExporting] = useState(false);
  const from = range[0].format(M);
  const to = range[1].format(M);
  const q = useQuery({
    queryKey: ['referral', 'stats', from, to],
    queryFn: async () => (await referralApi.stats(from, to)).data,
    placeholderData: keepPreviousData,
  });
  const s = q.data;
  const monthSpec: ChartSpec = {
    kind: 'bar',
    category: 'month',
    series: [
      { field: 'up', name: t('stats.up') },
      { field: 'down', name: t('stats.down') },
    ],
  };
  const reasonRows = (s?.reasons ?? []).reduce<{ reason: string; count: number }[]>((acc, r) => {
    const name = t(`reason.${r.reasonCode}`);
    const e = acc.find((x) => x.reason === name);
    if (e) e.count += r.count;
    else acc.push({ reason: name, count: r.count });
    return acc;
  }, []);
  const reasonSpec: ChartSpec = { kind: 'pie', category: 'reason', series: [{ field: 'count', name: t('stats.count') }] };
  const exportXlsx = async () => {
    setExporting(true);
    try {
      saveBlob((await referralApi.exportStats(from, to)).data, `${t('stats.title')}-${dateStamp()}.xlsx`);
      toast.success(t('exported'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="referral-stats">
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{t('stats.range')}</span>
        <DatePicker.RangePicker
          picker="month"
          value={range}
          allowClear={false}
          onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportXlsx()} data-testid="referral-stats-export">
          {t('export')}
        </Button>
      </Space>
      {!s ? (
        <Spin />
      ) : !s.rows.length ? (
        <Empty description={t('stats.empty')} />
      ) : (
        <>
          <Row gutter={12} style={{ marginBottom: 12 }}>
            {(
              [
                ['stats.up', s.total.up],
                ['stats.down', s.total.down],
                ['stats.turnaround', s.total.turnaroundHours ?? '—'],
                ['stats.arrivalRate', pct(s.total.arrivalRate)],
              ] as const
            ).map(([k, v]) => (
              <Col key={k} xs={12} md={6}>
                <Card size="small">
                  <Statistic title={t(k)} value={v} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={12} style={{ marginBottom: 12 }}>
            <Col xs={24} lg={14}>
              <Card size="small" title={t('stats.byMonth')} data-testid="referral-chart-months">
                <Suspense fallback={<Spin />}>
                  <EChart spec={monthSpec} rows={s.months} height={240} label={t('stats.byMonth')} />
                </Suspense>
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card size="small" title={t('stats.reasons')} data-testid="referral-chart-reasons">
                <Suspense fallback={<Spin />}>
                  <EChart spec={reasonSpec} rows={reasonRows} height={240} label={t('stats.reasons')} />
                </Suspense>
              </Card>
            </Col>
          </Row>
          <Table<ReferralStatsRow>
            size="small"
            rowKey={(r) => `${r.unitId}-${r.month}`}
            data-testid="referral-stats-table"
            dataSource={s.rows}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('stats.unit'), dataIndex: 'unitName' },
              { title: t('stats.month'), dataIndex: 'month', width: 90 },
              { title: t('stats.up'), dataIndex: 'up', width: 70 },
              { title: t('stats.down'), dataIndex: 'down', width: 70 },
              { title: t('stats.answered'), dataIndex: 'answered', width: 80 },
              { title: t('stats.turnaround'), dataIndex: 'turnaroundHours', width: 150, render: (v: number | null) => v ?? '—' },
              { title: t('stats.accepted'), dataIndex: 'accepted', width: 90 },
              { title: t('stats.arrived'), dataIndex: 'arrivedCount', width: 80 },
              { title: t('stats.arrivalRate'), dataIndex: 'arrivalRate', width: 90, render: (v: number | null) => pct(v) },
            ]}
          />
          <Row gutter={12}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('stats.townships')}>
                <Table
                  size="small"
                  rowKey="unitId"
                  pagination={false}
                  dataSource={s.townships}
                  columns={[
                    { title: t('stats.unit'), dataIndex: 'unitName' },
                    { title: t('stats.up'), dataIndex: 'up' },
                    { title: t('stats.down'), dataIndex: 'down' },
                    { title: t('stats.ratio'), dataIndex: 'ratio', render: (v: number | null) => v ?? '—' },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('stats.followUp')}>
                <Table
                  size="small"
                  rowKey="unitId"
                  pagination={false}
                  dataSource={s.followUp}
                  columns={[
                    { title: t('stats.unit'), dataIndex: 'unitName' },
                    { title: t('stats.due'), dataIndex: 'due' },
                    { title: t('stats.inTime'), dataIndex: 'inTime' },
                    { title: t('stats.rate'), dataIndex: 'rate', render: (v: number | null) => pct(v) },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}

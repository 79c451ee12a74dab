import { lazy, Suspense } from 'react';
import { Card, Empty, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImgStats, ImgStatsDoctorRow } from '@medalliance/contract';
import type { ChartSpec } from '../../../components/charts/chartOption.ts';
import { fmtMoney } from '../format.ts';
import type { Drill } from './DrillDrawer.tsx';
import { NS } from './messages.ts';
import './messages.ts';

const EChart = lazy(() => import('../../../components/charts/EChart.tsx'));

/** Reports and audits per doctor over the released studies of the period; each count drills down. */
export function WorkloadPanel({ s, onDrill }: { s: ImgStats | undefined; onDrill: (d: Drill) => void }) {
  const { t } = useTranslation(NS);
  if (!s) return <Spin data-testid="img-stats-loading" />;
  if (!s.doctors.length) return <Empty description={t('emptyPeriod')} data-testid="img-stats-empty" />;
  const spec: ChartSpec = {
    kind: 'bar',
    category: 'realName',
    series: [
      { field: 'reports', name: t('reports') },
      { field: 'audits', name: t('audits') },
    ],
  };
  const sum = (k: 'reports' | 'audits' | 'positive' | 'diagFee') => s.doctors.reduce((a, d) => a + d[k], 0);
  const link = (n: number, d: Omit<Drill, 'title'>, title: string) =>
    n ? <Typography.Link onClick={() => onDrill({ ...d, title })}>{n}</Typography.Link> : <span className="img-stats-zero">0</span>;
  return (
    <div data-testid="img-workload-panel">
      <Card size="small" title={t('workloadChart')} style={{ marginBottom: 12 }}>
        <Suspense fallback={<Spin />}>
          <EChart spec={spec} rows={s.doctors as unknown as Record<string, unknown>[]} height={240} label={t('workloadChart')} />
        </Suspense>
      </Card>
      <Table<ImgStatsDoctorRow>
        size="small"
        rowKey="userId"
        pagination={false}
        dataSource={s.doctors}
        data-testid="img-workload-table"
        columns={[
          { title: t('doctor'), dataIndex: 'realName' },
          {
            title: t('reports'),
            dataIndex: 'reports',
            align: 'right',
            render: (v: number, r) => link(v, { measure: 'reader', key: r.userId }, `${r.realName} · ${t('reports')}`),
          },
          {
            title: t('audits'),
            dataIndex: 'audits',
            align: 'right',
            render: (v: number, r) => link(v, { measure: 'auditor', key: r.userId }, `${r.realName} · ${t('audits')}`),
          },
          { title: t('positive'), dataIndex: 'positive', align: 'right' },
          { title: t('diagFee'), dataIndex: 'diagFee', align: 'right', render: (v: number) => fmtMoney(v) },
        ]}
        summary={() => (
          <Table.Summary.Row className="img-stats-total-row">
            <Table.Summary.Cell index={0}>
              <b>{t('total')}</b>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <b data-testid="img-workload-reports">{sum('reports')}</b>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <b>{sum('audits')}</b>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <b>{sum('positive')}</b>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <b>{fmtMoney(sum('diagFee'))}</b>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </div>
  );
}

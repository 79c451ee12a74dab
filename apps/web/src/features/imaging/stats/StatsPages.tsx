import { useState, type ReactNode } from 'react';
import { Card, Empty, Spin, Tabs } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre } from '@medalliance/contract';
import { statsApi } from './api.ts';
import { DrillDrawer, type Drill } from './DrillDrawer.tsx';
import { FeePanel, type FeeKind } from './FeePanel.tsx';
import { OverviewPanel } from './OverviewPanel.tsx';
import { StatsToolbar, useStatsFilter } from './StatsToolbar.tsx';
import { WorkloadPanel } from './WorkloadPanel.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import './stats.css';

type Filter = ReturnType<typeof useStatsFilter>;

/** Frame of a statistics page: title, period / unit / export, the body, the drill-down drawer. */
function StatsFrame({
  title,
  testId,
  f,
  centres,
  children,
}: {
  title: string;
  testId: string;
  f: Filter;
  centres?: ImagingCentre[];
  children: (onDrill: (d: Drill) => void) => ReactNode;
}) {
  const [drill, setDrill] = useState<Drill | null>(null);
  return (
    <Card className="img-stats" data-testid={testId} title={title}>
      <StatsToolbar f={f} title={title} {...(centres ? { centres } : {})} />
      {children(setDrill)}
      <DrillDrawer filter={f.filter} drill={drill} onClose={() => setDrill(null)} />
    </Card>
  );
}

function useAllStats(f: Filter) {
  return useQuery({
    queryKey: ['imgStats', 'all', f.filter],
    queryFn: async () => (await statsApi.all(f.filter)).data,
    placeholderData: keepPreviousData,
  });
}

function FeePage({ kind, title, testId }: { kind: FeeKind; title: string; testId: string }) {
  const f = useStatsFilter('ultrasound');
  return (
    <StatsFrame title={title} testId={testId} f={f}>
      {(onDrill) => <FeePanel filter={f.filter} kinds={[kind]} onDrill={onDrill} />}
    </StatsFrame>
  );
}

/** 诊断费统计 (ultras_statis_diag_fee). */
export function UltrasoundDiagFee() {
  const { t } = useTranslation(NS);
  return <FeePage kind="diagFee" title={t('page.diagFee')} testId="img-stats-diag-fee" />;
}

/** 申请费统计 (ultras_statis_apply_fee). */
export function UltrasoundApplyFee() {
  const { t } = useTranslation(NS);
  return <FeePage kind="applyFee" title={t('page.applyFee')} testId="img-stats-apply-fee" />;
}

/** 诊断报告统计 (ultras_statis_diag_report). */
export function UltrasoundReports() {
  const { t } = useTranslation(NS);
  const f = useStatsFilter('ultrasound');
  const q = useAllStats(f);
  return (
    <StatsFrame title={t('page.reports')} testId="img-stats-reports" f={f}>
      {(onDrill) => <OverviewPanel s={q.data} onDrill={onDrill} />}
    </StatsFrame>
  );
}

/** 医生工作量 (ultras_statis_workload). */
export function UltrasoundWorkload() {
  const { t } = useTranslation(NS);
  const f = useStatsFilter('ultrasound');
  const q = useAllStats(f);
  return (
    <StatsFrame title={t('page.workload')} testId="img-stats-workload" f={f}>
      {(onDrill) => <WorkloadPanel s={q.data} onDrill={onDrill} />}
    </StatsFrame>
  );
}

/** 影像统计 (img_statistics): every measure, for the centres whose statistics the caller may open. */
export function ImagingStatistics() {
  const { t } = useTranslation(NS);
  const meta = useQuery({ queryKey: ['imgStats', 'meta'], queryFn: async () => (await statsApi.meta()).data });
  const centres = meta.data?.centres ?? [];
  if (meta.isLoading) return <Spin />;
  if (!centres.length) return <Empty description={t('noCentre')} />;
  return <ImagingStatisticsOf centres={centres} />;
}

function ImagingStatisticsOf({ centres }: { centres: ImagingCentre[] }) {
  const { t } = useTranslation(NS);
  const f = useStatsFilter(centres.includes('imaging') ? 'imaging' : centres[0]!);
  const q = useAllStats(f);
  const [tab, setTab] = useState('overview');
  return (
    <StatsFrame title={t('page.imaging')} testId="img-stats-all" f={f} centres={centres}>
      {(onDrill) => (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'overview', label: t('tab.overview'), children: <OverviewPanel s={q.data} onDrill={onDrill} /> },
            {
              key: 'fees',
              label: t('tab.fees'),
              children: tab === 'fees' ? <FeePanel filter={f.filter} kinds={['diagFee', 'applyFee']} onDrill={onDrill} /> : null,
            },
            { key: 'workload', label: t('tab.workload'), children: <WorkloadPanel s={q.data} onDrill={onDrill} /> },
          ]}
        />
      )}
    </StatsFrame>
  );
}

import { lazy, Suspense, useMemo } from 'react';
import { Spin } from 'antd';
import { formatReportValue, type ReportChart, type ReportRunResult } from '@medalliance/contract';
import type { ChartSpec } from '../../../components/charts/chartOption.ts';

const EChart = lazy(() => import('../../../components/charts/EChart.tsx'));

/** One chart of a report, drawn by the shared chart component from the rows the run answered for it. */
export function ReportChartView({ chart, index, result }: { chart: ReportChart; index: number; result: ReportRunResult }) {
  const def = result.definition;
  const rows = result.charts.find((c) => c.index === index)?.rows ?? [];
  const spec = useMemo<ChartSpec>(() => {
    const byField = new Map(def.columns.map((c) => [c.field, c]));
    const cat = byField.get(chart.category);
    return {
      kind: chart.kind,
      category: chart.category,
      series: chart.values.map((v) => ({ field: v, name: byField.get(v)?.title ?? v, asLine: chart.lines?.includes(v) })),
      categoryLabel: (v) => (cat ? formatReportValue(cat, v, result.labels) : String(v ?? '')),
    };
  }, [chart, def, result.labels]);
  return (
    <div className="report-chart" data-testid={`report-chart-${index}`}>
      {chart.title && <div className="report-chart-title">{chart.title}</div>}
      <Suspense fallback={<Spin />}>
        <EChart spec={spec} rows={rows} height={chart.position === 'top' ? 260 : 320} label={chart.title ?? chart.category} />
      </Suspense>
    </div>
  );
}

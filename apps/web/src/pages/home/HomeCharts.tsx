import { useMemo } from 'react';
import { useEChart as useChart, type EChartOption } from '../../components/charts/useEChart.ts';
import type { CareLevel, SignInSeries } from './homeStats.ts';

const FAILURE_COLOR = '#f56c6c';
const LEVEL_COLORS: Record<CareLevel, string> = { county: '', township: '#3aaf72', village: '#f2a93b' };

interface SignInChartProps {
  series: SignInSeries;
  successName: string;
  failureName: string;
  color: string;
  label: string;
}

/** Sign-ins of the last 14 days: successful and failed, stacked per day. */
export function SignInChart({ series, successName, failureName, color, label }: SignInChartProps) {
  const option = useMemo<EChartOption>(
    () => ({
      color: [color, FAILURE_COLOR],
      grid: { left: 8, right: 16, top: 36, bottom: 4, containLabel: true },
      legend: { top: 0, right: 0, itemWidth: 12, itemHeight: 12, icon: 'roundRect' },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        // The tooltip names the whole date (with the weekday), the axis only month and day.
        formatter: (params: { dataIndex: number; marker: string; seriesName: string; value: number }[]) => {
          const first = params[0];
          if (!first) return '';
          const lines = params.map((p) => `${p.marker}${p.seriesName}<b style="float:right;margin-left:16px">${p.value}</b>`);
          return [`<div style="margin-bottom:4px">${series.titles[first.dataIndex] ?? ''}</div>`, ...lines].join('<br/>');
        },
      },
      xAxis: {
        type: 'category',
        data: series.labels,
        axisTick: { show: false },
        axisLine: { lineStyle: { color: '#d9d9d9' } },
        axisLabel: { color: '#8c8c8c', hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        splitLine: { lineStyle: { type: 'dashed', color: '#f0f0f0' } },
        axisLabel: { color: '#8c8c8c' },
      },
      series: [
        {
          name: successName,
          type: 'bar',
          stack: 'signIns',
          data: series.success,
          barMaxWidth: 22,
          itemStyle: { borderRadius: [0, 0, 0, 0] },
        },
        {
          name: failureName,
          type: 'bar',
          stack: 'signIns',
          data: series.failure,
          barMaxWidth: 22,
          itemStyle: { borderRadius: [4, 4, 0, 0] },
        },
      ],
    }),
    [series, successName, failureName, color],
  );
  const ref = useChart(option);
  return <div ref={ref} className="ma-home-chart" style={{ height: 280 }} role="img" aria-label={label} />;
}

interface LevelChartProps {
  rows: { level: CareLevel; name: string; value: number }[];
  color: string;
  label: string;
  totalName: string;
}

/** Staff by level of care (county, township, village) as a doughnut with the total in the middle. */
export function LevelChart({ rows, color, label, totalName }: LevelChartProps) {
  const total = rows.reduce((n, r) => n + r.value, 0);
  const option = useMemo<EChartOption>(
    () => ({
      color: rows.map((r) => LEVEL_COLORS[r.level] || color),
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, left: 'center', itemWidth: 12, itemHeight: 12, icon: 'circle' },
      series: [
        {
          type: 'pie',
          radius: ['48%', '70%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: 4 },
          label: {
            show: true,
            position: 'center',
            formatter: () => `{n|${total}}\n{t|${totalName}}`,
            rich: { n: { fontSize: 26, fontWeight: 600, color: '#262626', lineHeight: 34 }, t: { fontSize: 12, color: '#8c8c8c' } },
          },
          emphasis: { scale: true, scaleSize: 4 },
          labelLine: { show: false },
          data: rows.map((r) => ({ name: r.name, value: r.value })),
        },
      ],
    }),
    [rows, color, total, totalName],
  );
  const ref = useChart(option);
  return <div ref={ref} className="ma-home-chart" style={{ height: 280 }} role="img" aria-label={label} />;
}

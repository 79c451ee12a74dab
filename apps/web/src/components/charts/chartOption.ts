import type { EChartOption } from './useEChart.ts';

/** The chart kinds reports and portal widgets offer. */
export type ChartKind = 'bar' | 'line' | 'pie' | 'stackedBar' | 'barLine';

export interface ChartSeriesSpec {
  /** Row key holding the value. */
  field: string;
  /** Legend name. */
  name: string;
  /** For barLine: which series are lines (the rest are bars). */
  asLine?: boolean;
}

export interface ChartSpec {
  kind: ChartKind;
  /** Row key of the category axis (or the pie's slice names). */
  category: string;
  series: ChartSeriesSpec[];
  /** Category values shown in place of raw values (dictionary names, say). */
  categoryLabel?: (value: unknown) => string;
}

const PALETTE = ['#1890ff', '#3aaf72', '#f2a93b', '#f56c6c', '#8e6fe0', '#13c2c2', '#eb7ab8', '#8c8c8c'];

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Rows plus a chart spec → an ECharts option. Pure, so reports and portal
 * widgets draw the same data the same way (and a unit test can check it).
 */
export function buildChartOption(spec: ChartSpec, rows: readonly Record<string, unknown>[]): EChartOption {
  const label = spec.categoryLabel ?? ((v: unknown) => (v == null ? '' : String(v)));
  const categories = rows.map((r) => label(r[spec.category]));
  if (spec.kind === 'pie') {
    const first = spec.series[0];
    return {
      color: PALETTE,
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, left: 'center', type: 'scroll', itemWidth: 12, itemHeight: 12, icon: 'circle' },
      series: [
        {
          name: first?.name ?? '',
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: 4 },
          label: { formatter: '{b}\n{d}%' },
          data: first ? rows.map((r, i) => ({ name: categories[i], value: num(r[first.field]) })) : [],
        },
      ],
    };
  }
  return {
    color: PALETTE,
    grid: { left: 8, right: 16, top: 36, bottom: 4, containLabel: true },
    legend: { top: 0, right: 0, type: 'scroll', itemWidth: 12, itemHeight: 12, icon: 'roundRect' },
    tooltip: { trigger: 'axis', axisPointer: { type: spec.kind === 'line' ? 'line' : 'shadow' } },
    xAxis: {
      type: 'category',
      data: categories,
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisLabel: { color: '#8c8c8c', hideOverlap: true },
    },
    yAxis: { type: 'value', splitLine: { lineStyle: { type: 'dashed', color: '#f0f0f0' } }, axisLabel: { color: '#8c8c8c' } },
    series: spec.series.map((s) => {
      const line = spec.kind === 'line' || (spec.kind === 'barLine' && s.asLine);
      return {
        name: s.name,
        type: line ? 'line' : 'bar',
        smooth: line ? true : undefined,
        stack: spec.kind === 'stackedBar' ? 'total' : undefined,
        barMaxWidth: 28,
        data: rows.map((r) => num(r[s.field])),
      };
    }),
  };
}

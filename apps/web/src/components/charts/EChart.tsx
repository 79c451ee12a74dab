import { useMemo } from 'react';
import { buildChartOption, type ChartSpec } from './chartOption.ts';
import { useEChart, type EChartOption } from './useEChart.ts';

interface Props {
  /** A ready option, or a spec plus rows for the common kinds. */
  option?: EChartOption;
  spec?: ChartSpec;
  rows?: readonly Record<string, unknown>[];
  height?: number | string;
  /** What the chart shows, for screen readers. */
  label: string;
  className?: string;
}

/** An ECharts chart in a box that follows its container's width. Import it lazily: ECharts is large. */
export default function EChart({ option, spec, rows, height = 280, label, className }: Props) {
  const built = useMemo(() => option ?? (spec ? buildChartOption(spec, rows ?? []) : {}), [option, spec, rows]);
  const ref = useEChart(built);
  return <div ref={ref} className={className} style={{ height, width: '100%' }} role="img" aria-label={label} />;
}

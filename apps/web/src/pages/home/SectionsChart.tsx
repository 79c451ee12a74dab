import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

interface SectionsChartProps {
  rows: { name: string; value: number }[];
  seriesName: string;
  color: string;
}

/** Horizontal bars of screens per menu group. ECharts is loaded only with this chunk. */
export default function SectionsChart({ rows, seriesName, color }: SectionsChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const ordered = [...rows].reverse();
    chart.current?.setOption(
      {
        grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
        yAxis: { type: 'category', data: ordered.map((r) => r.name), axisTick: { show: false } },
        series: [
          {
            name: seriesName,
            type: 'bar',
            data: ordered.map((r) => r.value),
            barMaxWidth: 18,
            itemStyle: { color, borderRadius: [0, 4, 4, 0] },
          },
        ],
      },
      true,
    );
  }, [rows, seriesName, color]);

  return (
    <div ref={ref} className="ma-home-chart" style={{ height: Math.max(160, rows.length * 36 + 24) }} role="img" aria-label={seriesName} />
  );
}

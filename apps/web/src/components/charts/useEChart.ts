import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type EChartOption = echarts.EChartsCoreOption;

/**
 * One chart instance per mounted element, resized with its box. Hidden
 * keep-alive tabs unmount effects, so a tab shown again starts a fresh chart
 * of the right size. The one way the product draws ECharts.
 */
export function useEChart(option: EChartOption) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el);
    chart.current = instance;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth > 0) instance.resize();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return ref;
}

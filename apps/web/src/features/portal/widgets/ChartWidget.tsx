import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { ChartWidget as Chart } from '@medalliance/contract';
import { useTranslation } from 'react-i18next';
import type { ChartSpec } from '../../../components/charts/chartOption.ts';
import { NS } from '../messages.ts';
import { useSettled } from './settle.ts';
import { useWidgetData } from './useWidgetData.ts';
import { errorMessage, WidgetCard } from './WidgetCard.tsx';

// ECharts is large: its chunk loads with the first chart, while the chart's rows are on their way.
const loadEChart = () => import('../../../components/charts/EChart.tsx');
const EChart = lazy(loadEChart);

/** Runs after the chart beside it has set its option: the chart is drawn. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, [onDrawn]);
  return null;
}

/** A chart (bar, line, pie, stacked, bar and line) over a data interface's rows. */
export function ChartWidget({ widget, portalId, onDrawn }: { widget: Chart; portalId: string | null; onDrawn?: () => void }) {
  const { t } = useTranslation(NS);
  useEffect(() => void loadEChart(), []);
  const q = useWidgetData(widget, portalId);
  const rows = q.data?.rows;
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: widget.kind,
      category: widget.category,
      series: widget.series.map((s) => ({ field: s.field, name: s.name || s.field, asLine: s.asLine })),
    }),
    [widget.kind, widget.category, widget.series],
  );
  const state = !widget.interfaceId ? 'empty' : q.isPending ? 'loading' : q.isError && !q.data ? 'error' : rows?.length ? 'ready' : 'empty';
  // A chart has settled when it is drawn, not when its rows arrive.
  useSettled(widget.id, state === 'empty' || state === 'error');
  return (
    <WidgetCard
      widget={widget}
      state={state}
      emptyText={widget.interfaceId ? undefined : t('w.noSource')}
      errorText={errorMessage(q.error)}
      fetching={q.isFetching}
      onReload={widget.interfaceId ? () => void q.refetch() : undefined}
    >
      <Suspense fallback={<Skeleton.Node active className="ma-portal-chart-skeleton" />}>
        <EChart spec={spec} rows={rows} height="100%" className="ma-portal-chart" label={widget.title || t(`type.${widget.type}`)} />
        {onDrawn ? <Drawn onDrawn={onDrawn} /> : null}
      </Suspense>
    </WidgetCard>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { InterfaceWidget, PortalWidgetData } from '@medalliance/contract';
import { portalApi } from '../../../api/portal.ts';
import { useView } from '../../../app/shell/ViewContext.ts';

/**
 * One widget's rows. A saved portal's widget asks the server by portal and
 * widget id (the server reads the widget's source from the stored layout);
 * the designer's preview sends the unsaved widget. Each widget has its own
 * query, so they load in parallel and fail alone, and refetches on its own
 * interval while its tab is on screen.
 */
export function useWidgetData(widget: InterfaceWidget, portalId: string | null) {
  const active = useView()?.active ?? true;
  return useQuery<PortalWidgetData>({
    queryKey: portalId ? ['portal', 'widget', portalId, widget.id] : ['portal', 'preview', widget],
    queryFn: async () => (portalId ? await portalApi.widgetData(portalId, widget.id) : await portalApi.previewData(widget)).data,
    enabled: !!widget.interfaceId,
    refetchInterval: active && widget.refresh > 0 ? widget.refresh * 1000 : false,
    retry: false,
  });
}

/** A number out of a row value (PostgreSQL answers counts as text). */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export const formatNumber = (n: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);

import { interfaceCallBody, isInterfaceWidget, type PortalWidget, type PortalWidgetData } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { invokeInterface, rowsOf, type Caller } from '../system/data-interface.runner.ts';
import { findInterfaceForCall } from '../system/data-interface.service.ts';
import { definitionOf, type PortalRow } from './portal.service.ts';

/**
 * A widget's data: its data interface run through the one data-interface
 * path (read-only, parameters bound, the caller's built-in values such as
 * {organizeId}, logged), as the caller. Only as many rows as the widget shows.
 */

const ROWS: Record<'figure' | 'chart' | 'table', number> = { figure: 1, chart: 50, table: 50 };

export async function widgetData(ctx: AppContext, widget: PortalWidget, caller: Caller): Promise<PortalWidgetData> {
  if (!isInterfaceWidget(widget)) throw badRequest('portal.noDataSource');
  const row = await findInterfaceForCall(ctx, widget.interfaceId);
  const input = interfaceCallBody.parse({
    pageSize: widget.type === 'table' ? widget.limit : ROWS[widget.type],
    // Literal values (sourceType 2); identity parameters are bound from the caller and cannot be overridden.
    paramList: widget.params.map((p) => ({ field: p.field, relationField: p.value, sourceType: 2 })),
  });
  const answer = await invokeInterface(ctx, row, input, caller, 'list', 'portal');
  const { rows, total } = rowsOf(answer, null);
  return { rows, total: total ?? rows.length };
}

/** The widget of a saved portal. */
export function widgetOf(portal: PortalRow, widgetId: string): PortalWidget {
  const widget = definitionOf(portal).widgets.find((w) => w.id === widgetId);
  if (!widget) throw notFound('portal.widgetNotFound');
  return widget;
}

/**
 * To-dos and notices: the workflow and messages modules are not built yet, so
 * these sources hold nothing for anyone. They are the seams those modules fill;
 * the widgets show their empty states from here rather than made-up numbers.
 */
export function todoFeed(): { total: number; list: { id: string; title: string; time: number }[] } {
  return { total: 0, list: [] };
}

export function noticeFeed(): { total: number; list: { id: string; title: string; time: number }[] } {
  return { total: 0, list: [] };
}

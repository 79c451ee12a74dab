import { useCallback, useState } from 'react';
import type { PortalWidget } from '@medalliance/contract';
import { ChartWidget } from './ChartWidget.tsx';
import { FeedWidget } from './FeedWidget.tsx';
import { FigureWidget } from './FigureWidget.tsx';
import { ShortcutsWidget } from './ShortcutsWidget.tsx';
import { ClockWidget, LinksWidget, RichTextWidget } from './StaticWidgets.tsx';
import { TableWidget } from './TableWidget.tsx';
import { useSettled } from './settle.ts';

interface Props {
  widget: PortalWidget;
  /** The saved portal the widget belongs to; null in the designer (its data comes by preview). */
  portalId: string | null;
}

function ChartSettled({ widget, portalId }: { widget: Extract<PortalWidget, { type: 'chart' }>; portalId: string | null }) {
  // A chart counts as settled once drawn (or empty, or failed: ChartWidget says so itself).
  const [drawn, setDrawn] = useDrawn();
  useSettled(widget.id, drawn);
  return <ChartWidget widget={widget} portalId={portalId} onDrawn={setDrawn} />;
}

function useDrawn(): [boolean, () => void] {
  const [drawn, set] = useState(false);
  return [drawn, useCallback(() => set(true), [])];
}

/** The one widget renderer, by type: the portal page, the home page and the designer all use it. */
export function WidgetView({ widget, portalId }: Props) {
  switch (widget.type) {
    case 'figure':
      return <FigureWidget widget={widget} portalId={portalId} />;
    case 'chart':
      return <ChartSettled widget={widget} portalId={portalId} />;
    case 'table':
      return <TableWidget widget={widget} portalId={portalId} />;
    case 'todo':
    case 'notice':
      return <FeedWidget widget={widget} />;
    case 'shortcuts':
      return <ShortcutsWidget widget={widget} />;
    case 'richText':
      return <RichTextWidget widget={widget} />;
    case 'links':
      return <LinksWidget widget={widget} />;
    case 'clock':
      return <ClockWidget widget={widget} />;
  }
}

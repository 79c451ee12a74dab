import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { PortalDefinition } from '@medalliance/contract';
import { SettleContext } from '../widgets/settle.ts';
import { WidgetView } from '../widgets/WidgetView.tsx';
import '../portal.css';

/** Fired on window once every widget of a portal has finished its first load (tests, bench). */
export const PORTAL_READY_EVENT = 'ma-portal-ready';

/**
 * A portal's widgets on its grid (a CSS grid of the designer's 12 columns and
 * 40 px rows; one column on narrow screens, in reading order). Every widget
 * loads on its own; the grid marks itself data-portal-ready once all have
 * drawn, come back empty or failed.
 */
export function PortalGrid({ definition, portalId }: { definition: PortalDefinition; portalId: string | null }) {
  const cells = useMemo(() => {
    const byId = new Map(definition.widgets.map((w) => [w.id, w]));
    return [...definition.layout]
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .flatMap((g) => {
        const widget = byId.get(g.i);
        return widget ? [{ g, widget }] : [];
      });
  }, [definition]);

  const settled = useRef(new Set<string>());
  const [ready, setReady] = useState(cells.length === 0);
  const settle = useCallback(
    (id: string) => {
      if (settled.current.has(id)) return;
      settled.current.add(id);
      if (settled.current.size >= cells.length) setReady(true);
    },
    [cells.length],
  );
  useEffect(() => {
    if (ready) window.dispatchEvent(new CustomEvent(PORTAL_READY_EVENT, { detail: { portalId } }));
  }, [ready, portalId]);

  return (
    <SettleContext.Provider value={settle}>
      <div className="ma-portal-grid" data-portal-id={portalId ?? ''} data-portal-ready={ready ? 'true' : 'false'}>
        {cells.map(({ g, widget }) => (
          <div key={g.i} className="ma-portal-cell" style={{ '--cs': g.x + 1, '--rs': g.y + 1, '--w': g.w, '--h': g.h } as CSSProperties}>
            <WidgetView widget={widget} portalId={portalId} />
          </div>
        ))}
      </div>
    </SettleContext.Provider>
  );
}

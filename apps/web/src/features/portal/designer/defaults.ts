import {
  PORTAL_COLS,
  portalDefinition,
  type PortalDefinition,
  type PortalGridItem,
  type PortalWidget,
  type PortalWidgetType,
} from '@medalliance/contract';

/** The palette: every widget type with its starting size (grid cells). */
export const PALETTE: { type: PortalWidgetType; w: number; h: number }[] = [
  { type: 'figure', w: 3, h: 4 },
  { type: 'chart', w: 6, h: 8 },
  { type: 'table', w: 6, h: 7 },
  { type: 'todo', w: 4, h: 5 },
  { type: 'notice', w: 4, h: 5 },
  { type: 'shortcuts', w: 4, h: 4 },
  { type: 'richText', w: 4, h: 4 },
  { type: 'links', w: 3, h: 4 },
  { type: 'clock', w: 3, h: 7 },
];

/** A new widget of a type with the schema's defaults (its source left to the properties panel). */
export function newWidget(type: PortalWidgetType, id: string): PortalWidget {
  const base = { id, title: '', refresh: 0 };
  switch (type) {
    case 'figure':
      return { ...base, type, interfaceId: '', params: [], valueField: 'value', unit: '' };
    case 'chart':
      return { ...base, type, interfaceId: '', params: [], kind: 'bar', category: '', series: [{ field: '', name: '' }] };
    case 'table':
      return { ...base, type, interfaceId: '', params: [], columns: [{ field: '', title: '' }], limit: 8 };
    case 'todo':
    case 'notice':
      return { ...base, type, limit: 6 };
    case 'shortcuts':
      return { ...base, type, menuIds: [] };
    case 'richText':
      return { ...base, type, html: '' };
    case 'links':
      return { ...base, type, links: [] };
    case 'clock':
      return { ...base, type, showCalendar: true };
  }
}

/** A widget id not yet used in the layout. */
export function freshId(def: PortalDefinition, type: PortalWidgetType): string {
  const used = new Set(def.widgets.map((w) => w.id));
  for (let n = 1; ; n += 1) if (!used.has(`${type}${n}`)) return `${type}${n}`;
}

/** The first free place for a w×h widget, row by row from the top left. */
export function freePlace(layout: readonly PortalGridItem[], w: number, h: number): { x: number; y: number } {
  const overlaps = (x: number, y: number) => layout.some((g) => x < g.x + g.w && x + w > g.x && y < g.y + g.h && y + h > g.y);
  for (let y = 0; ; y += 1) for (let x = 0; x + w <= PORTAL_COLS; x += 1) if (!overlaps(x, y)) return { x, y };
}

/** Adds a widget at the first place it fits. */
export function addWidget(def: PortalDefinition, type: PortalWidgetType): { def: PortalDefinition; id: string } {
  const size = PALETTE.find((p) => p.type === type)!;
  const id = freshId(def, type);
  const w = Math.min(size.w, PORTAL_COLS);
  const item: PortalGridItem = { i: id, ...freePlace(def.layout, w, size.h), w, h: size.h };
  return { def: { layout: [...def.layout, item], widgets: [...def.widgets, newWidget(type, id)] }, id };
}

/** The first problem of a definition, as the path of the widget it concerns, or null when it is valid. */
export function firstProblem(def: PortalDefinition): { widgetId: string | null; message: string } | null {
  const r = portalDefinition.safeParse(def);
  if (r.success) return null;
  const issue = r.error.issues[0]!;
  const [list, index] = issue.path as [string, number];
  const widgetId = list === 'widgets' ? (def.widgets[index]?.id ?? null) : list === 'layout' ? (def.layout[index]?.i ?? null) : null;
  return { widgetId, message: `${issue.path.join('.')}: ${issue.message}` };
}

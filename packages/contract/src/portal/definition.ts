import { z } from 'zod';

/**
 * A portal's design (server-contract §8 BASE_PORTAL.FormData): a grid of
 * widgets. `layout` places each widget ({i, x, y, w, h} in grid cells, as
 * react-grid-layout keeps them); `widgets` says what each shows. Both sides
 * validate with these schemas: the designer before saving, the server on
 * every write.
 */

/** Columns of the portal grid; a row is PORTAL_ROW_HEIGHT pixels. */
export const PORTAL_COLS = 12;
export const PORTAL_ROW_HEIGHT = 40;
/** More widgets than this is refused (a page that would never finish loading). */
export const MAX_PORTAL_WIDGETS = 40;
/** Refresh intervals: 0 never, else at least this many seconds. */
export const MIN_REFRESH_SECONDS = 10;
export const MAX_REFRESH_SECONDS = 86_400;

export const PORTAL_WIDGET_TYPES = ['figure', 'chart', 'table', 'todo', 'notice', 'shortcuts', 'richText', 'links', 'clock'] as const;
export type PortalWidgetType = (typeof PORTAL_WIDGET_TYPES)[number];

/** The widget types whose data comes from a data interface. */
export const INTERFACE_WIDGETS: readonly PortalWidgetType[] = ['figure', 'chart', 'table'];

export const PORTAL_CHART_KINDS = ['bar', 'line', 'pie', 'stackedBar', 'barLine'] as const;

const text = (max: number) => z.string().trim().max(max);
const widgetId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'rules.id');
/** A row key of the interface's answer. */
const field = text(64).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'rules.fieldName');
const refId = z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'rules.id');
const cell = (min: number, max: number) => z.number().int().min(min).max(max);

export const gridItem = z
  .object({
    i: widgetId,
    x: cell(0, PORTAL_COLS - 1),
    y: cell(0, 1000),
    w: cell(1, PORTAL_COLS),
    h: cell(1, 40),
  })
  .refine((g) => g.x + g.w <= PORTAL_COLS, { message: 'portal.outOfGrid', path: ['w'] });
export type PortalGridItem = z.output<typeof gridItem>;

const refresh = z
  .number()
  .int()
  .min(0)
  .max(MAX_REFRESH_SECONDS)
  .refine((s) => s === 0 || s >= MIN_REFRESH_SECONDS, 'portal.refreshMin')
  .optional()
  .default(0);

const base = { id: widgetId, title: text(50).optional().default(''), refresh };

/** A parameter value passed to the widget's interface (a literal). */
const interfaceParam = z.object({ field, value: text(200) });
const source = {
  interfaceId: refId,
  params: z.array(interfaceParam).max(20).optional().default([]),
};

/** One number (the first row's valueField), with its trend against previousField. */
const figure = z.object({
  ...base,
  type: z.literal('figure'),
  ...source,
  valueField: field,
  previousField: field.optional(),
  unit: text(10).optional().default(''),
});

const chart = z.object({
  ...base,
  type: z.literal('chart'),
  ...source,
  kind: z.enum(PORTAL_CHART_KINDS),
  category: field,
  series: z
    .array(z.object({ field, name: text(30).optional().default(''), asLine: z.boolean().optional() }))
    .min(1, 'rules.required')
    .max(8),
});

const table = z.object({
  ...base,
  type: z.literal('table'),
  ...source,
  columns: z
    .array(z.object({ field, title: text(30).optional().default('') }))
    .min(1, 'rules.required')
    .max(12),
  limit: z.number().int().min(1).max(50).optional().default(8),
});

const todo = z.object({ ...base, type: z.literal('todo'), limit: z.number().int().min(1).max(20).optional().default(6) });
const notice = z.object({ ...base, type: z.literal('notice'), limit: z.number().int().min(1).max(20).optional().default(6) });
const shortcuts = z.object({ ...base, type: z.literal('shortcuts'), menuIds: z.array(refId).max(24).optional().default([]) });
/** Sanitized by the server on every write; rendered only through <SafeHtml>. */
const richText = z.object({ ...base, type: z.literal('richText'), html: z.string().max(20_000).optional().default('') });

/** http(s) addresses or paths inside the app; never javascript: and the like. */
const linkUrl = text(500).refine((u) => /^https?:\/\/[^\s]+$/i.test(u) || /^\/(?!\/)[^\s]*$/.test(u), 'portal.badUrl');
const links = z.object({
  ...base,
  type: z.literal('links'),
  links: z
    .array(z.object({ title: text(50).min(1, 'rules.required'), url: linkUrl }))
    .max(20)
    .optional()
    .default([]),
});
const clock = z.object({ ...base, type: z.literal('clock'), showCalendar: z.boolean().optional().default(true) });

export const portalWidget = z.discriminatedUnion('type', [figure, chart, table, todo, notice, shortcuts, richText, links, clock]);
export type PortalWidget = z.output<typeof portalWidget>;
export type PortalWidgetInput = z.input<typeof portalWidget>;
export type FigureWidget = z.output<typeof figure>;
export type ChartWidget = z.output<typeof chart>;
export type TableWidget = z.output<typeof table>;
export type TodoWidget = z.output<typeof todo>;
export type NoticeWidget = z.output<typeof notice>;
export type ShortcutsWidget = z.output<typeof shortcuts>;
export type RichTextWidget = z.output<typeof richText>;
export type LinksWidget = z.output<typeof links>;
export type ClockWidget = z.output<typeof clock>;
export type InterfaceWidget = FigureWidget | ChartWidget | TableWidget;

export const isInterfaceWidget = (w: PortalWidget): w is InterfaceWidget => INTERFACE_WIDGETS.includes(w.type);

/** The layout and its widgets: one grid item per widget, ids unique, nothing left over. */
export const portalDefinition = z
  .object({
    layout: z.array(gridItem).max(MAX_PORTAL_WIDGETS, 'portal.tooManyWidgets'),
    widgets: z.array(portalWidget).max(MAX_PORTAL_WIDGETS, 'portal.tooManyWidgets'),
  })
  .superRefine((d, c) => {
    const ids = new Set<string>();
    d.widgets.forEach((w, i) => {
      if (ids.has(w.id)) c.addIssue({ code: 'custom', path: ['widgets', i, 'id'], message: 'portal.duplicateWidget' });
      ids.add(w.id);
    });
    const placed = new Set<string>();
    d.layout.forEach((g, i) => {
      if (!ids.has(g.i) || placed.has(g.i)) c.addIssue({ code: 'custom', path: ['layout', i, 'i'], message: 'portal.layoutMismatch' });
      placed.add(g.i);
    });
    d.widgets.forEach((w, i) => {
      if (!placed.has(w.id)) c.addIssue({ code: 'custom', path: ['widgets', i, 'id'], message: 'portal.layoutMismatch' });
    });
  });
export type PortalDefinition = z.output<typeof portalDefinition>;

export const EMPTY_PORTAL: PortalDefinition = { layout: [], widgets: [] };

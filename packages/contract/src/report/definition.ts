import { z } from 'zod';

/**
 * A data report (menu type 5, spec §2.3): a source (a released model or a data
 * interface), parameters shown as filters, columns, merged header groups,
 * grouping with aggregates, subtotals and a grand total, and charts over the
 * same data. The server runs it with every grouping and aggregate in SQL.
 */

/** A column or parameter key: a letter, then letters, digits or _ (what a model field or an interface column is called). */
export const REPORT_FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const fieldKey = z.string().trim().regex(REPORT_FIELD, 'a letter or _, then letters, digits or _ (at most 64)');
const title = z.string().trim().max(100);

export const reportSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('model'), modelId: z.string().trim().min(1).max(64) }),
  z.object({ kind: z.literal('interface'), interfaceId: z.string().trim().min(1).max(64) }),
]);
export type ReportSource = z.infer<typeof reportSource>;

export const REPORT_PARAM_TYPES = ['text', 'number', 'dateRange', 'dictionary', 'organization'] as const;
export type ReportParamType = (typeof REPORT_PARAM_TYPES)[number];

/** Built-in default values, resolved on the server for the caller. */
export const REPORT_BUILTINS = ['@userId', '@organizeId', '@today', '@monthStart', '@yearStart'] as const;

const defaultValue = z
  .union([
    z.string().max(200),
    z.number(),
    z.null(),
    z.tuple([z.union([z.string().max(200), z.number(), z.null()]), z.union([z.string().max(200), z.number(), z.null()])]),
  ])
  .optional();

export const reportParam = z.object({
  /** The column it filters (and, over a data interface, the interface parameter of that name when declared). */
  field: fieldKey,
  label: title.min(1),
  type: z.enum(REPORT_PARAM_TYPES),
  /** text: 'contains' (default) or 'equal'. */
  match: z.enum(['contains', 'equal']).optional(),
  /** dictionary: the dictionary type's enCode. */
  dictionaryType: z.string().trim().max(64).optional(),
  defaultValue,
  required: z.boolean().optional(),
});
export type ReportParam = z.infer<typeof reportParam>;

export const REPORT_AGGREGATES = ['sum', 'count', 'avg', 'min', 'max'] as const;
export type ReportAggregate = (typeof REPORT_AGGREGATES)[number];

export const REPORT_FORMATS = ['text', 'number', 'money', 'percent', 'date', 'datetime', 'dictionary', 'organization'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const reportColumn = z.object({
  field: fieldKey,
  title: title.min(1),
  format: z.enum(REPORT_FORMATS).optional(),
  /** Decimal places of number, money and percent. */
  decimals: z.number().int().min(0).max(6).optional(),
  width: z.number().int().min(40).max(800).optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  /** When grouped: how this column is summed up (columns neither grouped nor aggregated are left out of a grouped table). */
  aggregate: z.enum(REPORT_AGGREGATES).optional(),
  sortable: z.boolean().optional(),
});
export type ReportColumn = z.infer<typeof reportColumn>;

/** A merged header cell over consecutive columns. */
export const reportHeaderGroup = z.object({
  title: title.min(1),
  fields: z.array(fieldKey).min(1).max(50),
});
export type ReportHeaderGroup = z.infer<typeof reportHeaderGroup>;

export const reportGrouping = z.object({
  groupBy: z.array(fieldKey).max(5).default([]),
  /** A subtotal row after each group of the leading group-by fields (with two or more). */
  subtotals: z.boolean().default(false),
  grandTotal: z.boolean().default(true),
});
export type ReportGrouping = z.infer<typeof reportGrouping>;

/** The chart kinds of the shared chart component (apps/web/src/components/charts/chartOption.ts). */
export const REPORT_CHART_KINDS = ['bar', 'line', 'pie', 'stackedBar', 'barLine'] as const;
export type ReportChartKind = (typeof REPORT_CHART_KINDS)[number];

export const reportChart = z.object({
  kind: z.enum(REPORT_CHART_KINDS),
  title: z.string().trim().max(100).optional(),
  /** The category axis (or the pie's slices). */
  category: fieldKey,
  /** Value fields (summed with their column's aggregate, sum by default); for barLine the last ones are lines. */
  values: z.array(fieldKey).min(1).max(8),
  /** barLine: value fields drawn as lines. */
  lines: z.array(fieldKey).max(8).optional(),
  position: z.enum(['top', 'left', 'right']).default('top'),
});
export type ReportChart = z.infer<typeof reportChart>;

export const reportDefinition = z
  .object({
    source: reportSource,
    params: z.array(reportParam).max(20).default([]),
    columns: z.array(reportColumn).min(1).max(60),
    headerGroups: z.array(reportHeaderGroup).max(20).default([]),
    grouping: reportGrouping.default({ groupBy: [], subtotals: false, grandTotal: true }),
    charts: z.array(reportChart).max(4).default([]),
    pageSize: z.number().int().min(5).max(500).default(20),
  })
  .superRefine((d, ctx) => {
    const fields = new Set(d.columns.map((c) => c.field));
    const seen = new Set<string>();
    d.columns.forEach((c, i) => {
      if (seen.has(c.field)) ctx.addIssue({ code: 'custom', path: ['columns', i, 'field'], message: `duplicate column ${c.field}` });
      seen.add(c.field);
    });
    const known = (path: (string | number)[], f: string) => {
      if (!fields.has(f)) ctx.addIssue({ code: 'custom', path, message: `not a column of the report: ${f}` });
    };
    d.grouping.groupBy.forEach((f, i) => known(['grouping', 'groupBy', i], f));
    d.headerGroups.forEach((g, i) => g.fields.forEach((f, j) => known(['headerGroups', i, 'fields', j], f)));
    d.charts.forEach((c, i) => {
      known(['charts', i, 'category'], c.category);
      c.values.forEach((f, j) => known(['charts', i, 'values', j], f));
    });
    const params = new Set<string>();
    d.params.forEach((p, i) => {
      if (params.has(p.field)) ctx.addIssue({ code: 'custom', path: ['params', i, 'field'], message: `duplicate parameter ${p.field}` });
      params.add(p.field);
      if (p.type === 'dictionary' && !p.dictionaryType)
        ctx.addIssue({ code: 'custom', path: ['params', i, 'dictionaryType'], message: 'a dictionary parameter names its dictionary' });
    });
  });
export type ReportDefinition = z.output<typeof reportDefinition>;
export type ReportDefinitionInput = z.input<typeof reportDefinition>;

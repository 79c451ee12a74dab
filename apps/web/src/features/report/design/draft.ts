import type {
  ReportColumn,
  ReportDefinitionInput,
  ReportFormat,
  ReportParam,
  ReportParamType,
  ReportSourceField,
} from '@medalliance/contract';

export type ChartInput = NonNullable<ReportDefinitionInput['charts']>[number];

/** The report being designed and the pure steps that change it (kept out of the components so they stay small). */
export interface Draft {
  fullName: string;
  enCode: string;
  category: string;
  description: string;
  definition: Omit<ReportDefinitionInput, 'params' | 'headerGroups' | 'grouping' | 'charts'> & {
    params: ReportParam[];
    headerGroups: { title: string; fields: string[] }[];
    grouping: { groupBy: string[]; subtotals: boolean; grandTotal: boolean };
    charts: ChartInput[];
  };
}

export const emptyDraft = (): Draft => ({
  fullName: '',
  enCode: '',
  category: '',
  description: '',
  definition: {
    source: { kind: 'model', modelId: '' },
    params: [],
    columns: [],
    headerGroups: [],
    grouping: { groupBy: [], subtotals: false, grandTotal: true },
    charts: [],
    pageSize: 20,
  },
});

/** A format suited to a source field (names for ids, dates for times, numbers for numbers). */
export function formatFor(f: ReportSourceField | undefined): ReportFormat | undefined {
  if (!f) return undefined;
  if (f.control === 'dicSelect' || f.dictionaryType) return 'dictionary';
  if (f.control === 'depSelect' || f.control === 'organizeSelect' || f.field === 'organizeId') return 'organization';
  if (f.kind === 'datetime') return 'date';
  if (f.kind === 'decimal') return 'number';
  return undefined;
}

export function columnFor(f: ReportSourceField): ReportColumn {
  const numeric = f.kind === 'int' || f.kind === 'decimal';
  return { field: f.field, title: f.label, format: formatFor(f), align: numeric ? 'right' : undefined };
}

export function paramFor(f: ReportSourceField): ReportParam {
  let type: ReportParamType = 'text';
  if (f.kind === 'datetime') type = 'dateRange';
  else if (f.kind === 'int' || f.kind === 'decimal') type = 'number';
  else if (f.dictionaryType) type = 'dictionary';
  else if (formatFor(f) === 'organization') type = 'organization';
  return { field: f.field, label: f.label, type, ...(f.dictionaryType ? { dictionaryType: f.dictionaryType } : {}) };
}

/** Moves item `i` of a list by `by` places. */
/** The list with its i-th item patched: every pane edits its rows this way. */
export function patchAt<T>(list: readonly T[], i: number, patch: Partial<T>): T[] {
  return list.map((x, j) => (j === i ? { ...x, ...patch } : x));
}

/** The first source field no row uses yet (a new column or filter starts from it). */
export function firstUnused(fields: readonly ReportSourceField[], used: ReadonlySet<string>): ReportSourceField | undefined {
  return fields.find((f) => !used.has(f.field));
}

export function move<T>(list: T[], i: number, by: number): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** Removing a column removes it from everything that names it. */
export function withoutColumn(d: Draft['definition'], field: string): Draft['definition'] {
  return {
    ...d,
    columns: d.columns.filter((c) => c.field !== field),
    headerGroups: d.headerGroups.map((g) => ({ ...g, fields: g.fields.filter((f) => f !== field) })).filter((g) => g.fields.length),
    grouping: { ...d.grouping, groupBy: d.grouping.groupBy.filter((f) => f !== field) },
    charts: d.charts
      .filter((c) => c.category !== field)
      .map((c) => ({ ...c, values: c.values.filter((v) => v !== field) }))
      .filter((c) => c.values.length),
  };
}

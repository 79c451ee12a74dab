import type { InterfaceCall, ParamValue } from '../../../api/system.ts';

/**
 * How the data pickers call a data interface (spec §7.8): keyword and paging,
 * the value and label fields, the columns, and the parameters. Pickers
 * without paging ask for 10000 rows (spec §9).
 */
export const NO_PAGE_SIZE = 10000;
export const DEFAULT_PICKER_PAGE_SIZE = 20;

export interface ColumnOption {
  value: string;
  label: string;
}

/** A parameter of the select-data dialog's template (spec §3 templateJson). */
export interface TemplateParam {
  field: string;
  /** A form field the value comes from, or a literal. */
  relationField?: string | number | null;
  defaultValue?: string | number | boolean | null;
  /** 1 form field, 2 literal, 3 empty, 4 system variable. */
  sourceType?: number;
  dataType?: string | null;
  fieldName?: string | null;
  required?: number | boolean | null;
}

export interface CallOptions {
  interfaceId: string;
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
  hasPage?: boolean;
  propsValue: string;
  relationField: string;
  columnOptions?: ColumnOption[];
  templateJson?: TemplateParam[];
  /** The form values, for parameters taken from form fields. */
  formData?: Record<string, unknown>;
}

export function paramList(templateJson: readonly TemplateParam[] | undefined, formData?: Record<string, unknown>): ParamValue[] {
  return (templateJson ?? []).map((p) => {
    const fromForm = p.sourceType === 1 && typeof p.relationField === 'string' && formData ? formData[p.relationField] : undefined;
    return {
      field: p.field,
      relationField: p.relationField ?? null,
      defaultValue: (fromForm as ParamValue['defaultValue']) ?? p.defaultValue ?? null,
      dataType: p.dataType ?? null,
      required: p.required ?? null,
      fieldName: p.fieldName ?? null,
      ...(p.sourceType && p.sourceType !== 1 ? { sourceType: p.sourceType } : {}),
    } as ParamValue;
  });
}

export function listBody(o: CallOptions): InterfaceCall {
  return {
    interfaceId: o.interfaceId,
    keyword: o.keyword ?? '',
    currentPage: o.hasPage ? (o.currentPage ?? 1) : 1,
    pageSize: o.hasPage ? (o.pageSize ?? DEFAULT_PICKER_PAGE_SIZE) : NO_PAGE_SIZE,
    propsValue: o.propsValue,
    relationField: o.relationField,
    columnOptions: (o.columnOptions ?? []).map((c) => c.value).join(','),
    paramList: paramList(o.templateJson, o.formData),
  };
}

/** Columns to show: the configured ones, else the label field, else the first keys of a row. */
export function columnsFor(options: readonly ColumnOption[] | undefined, rows: readonly Record<string, unknown>[], relationField: string): ColumnOption[] {
  if (options?.length) return [...options];
  const keys = rows.length ? Object.keys(rows[0]!) : [];
  if (keys.includes(relationField)) return [{ value: relationField, label: relationField }];
  return keys.slice(0, 4).map((k) => ({ value: k, label: k }));
}

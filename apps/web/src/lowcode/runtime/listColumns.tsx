import dayjs from 'dayjs';
import { Tooltip, type TableColumnType } from 'antd';
import {
  TRANSLATED_LANGUAGES,
  localizeForm,
  walkFields,
  type FormDefinition,
  type FormField,
  type ListColumn,
  type ListDefinition,
} from '@medalliance/contract';
import type { RecordRow } from '../../api/onlineDev.ts';
import { displayText } from '../renderer/displayText.ts';
import type { Translate } from '../renderer/rules.ts';
import { FlowStatusTag } from '../../components/flowTags/FlowTags.tsx';
import { flowLinkOf, flowStateOf } from './flowState.ts';

/**
 * Every form field by its list key: `field`, and `table.field` for a sub-table's
 * columns; with `lang`, as shown in that language (labels, static options).
 */
export function fieldsByKey(form: Pick<FormDefinition, 'fields'>, lang?: string): Map<string, FormField> {
  const map = new Map<string, FormField>();
  for (const { field, table } of walkFields(lang ? localizeForm(form, lang).fields : form.fields)) {
    if (!field.field) continue;
    map.set(table?.field ? `${table.field}.${field.field}` : field.field, field);
  }
  return map;
}

/**
 * A column's title in `lang`: the list designer's label in zh, the field's
 * translation in zh-TW / English when the column maps to a translated field.
 */
export function columnTitle(column: Pick<ListColumn, 'label'>, field: FormField | undefined, lang: string | undefined): string {
  const l = TRANSLATED_LANGUAGES.find((x) => x === lang);
  return (l && field?.i18n?.[l]?.label) || column.label;
}

/** A column's designed format: '0.00' style decimals for numbers, a dayjs pattern for epoch-ms dates. */
export function formatCell(value: unknown, format: string | undefined): string | undefined {
  if (!format || value === null || value === undefined || value === '') return undefined;
  const decimals = /^0(?:\.(0+))?$/.exec(format);
  if (decimals) {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n.toFixed(decimals[1]?.length ?? 0) : undefined;
  }
  if (/[YMDHms]/.test(format) && typeof value === 'number') return dayjs(value).format(format);
  return undefined;
}

/** The list definition's shown columns, minus those the user hid in the column settings. */
export function shownColumns(list: ListDefinition, hidden: ReadonlySet<string>, allowed?: (key: string) => boolean): ListColumn[] {
  return list.columns.filter((c) => c.visible !== false && !hidden.has(c.field) && (!allowed || allowed(c.field)));
}

/** antd columns of a generated list: width, fixed, align, server sort, format; values as display text. */
export function tableColumns(
  columns: readonly ListColumn[],
  fields: ReadonlyMap<string, FormField>,
  sort: { sidx: string; sort: 'asc' | 'desc' },
  t: Translate,
  lang?: string,
): TableColumnType<RecordRow>[] {
  return columns.map((c) => {
    const field = fields.get(c.field);
    return {
      key: c.field,
      dataIndex: c.field.includes('.') ? c.field.split('.') : c.field,
      title: columnTitle(c, field, lang),
      width: c.width ?? 160,
      fixed: c.fixed,
      align: c.align,
      ellipsis: true,
      sorter: c.sortable ? true : undefined,
      sortOrder: c.sortable && sort.sidx === c.field ? (sort.sort === 'asc' ? 'ascend' : 'descend') : null,
      render: (v: unknown) =>
        formatCell(v, c.format) ?? (field ? displayText(field, v, t) : v === null || v === undefined ? '' : String(v)),
    };
  });
}

/**
 * The flowState column of a workflow-enabled list: a coloured tag per state;
 * a submitted row's tag opens its latest flow instance (flowLinkOf).
 */
export function flowStateColumn(t: Translate, me: string | undefined, open: (path: string) => void): TableColumnType<RecordRow> {
  return {
    key: 'flowState',
    dataIndex: 'flowState',
    title: t('flowState.title'),
    width: 110,
    align: 'center',
    // Beside the actions it decides, visible however wide the designed columns are.
    fixed: 'right',
    render: (v: unknown, row: RecordRow) => {
      const tag = <FlowStatusTag status={flowStateOf(v)} style={{ marginInlineEnd: 0 }} data-testid="lc-flow-state" />;
      const path = flowLinkOf(row, me);
      if (!path) return tag;
      return (
        <Tooltip title={t('flowState.open')}>
          <a
            href={path}
            onClick={(e) => {
              e.preventDefault();
              open(path);
            }}
            data-testid="lc-flow-link"
          >
            {tag}
          </a>
        </Tooltip>
      );
    },
  };
}

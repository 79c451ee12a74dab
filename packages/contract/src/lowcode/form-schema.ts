import { z } from 'zod';
import { FIELD_TYPE_NAMES, type FieldType } from './field-types.ts';
import { compilePattern } from './pattern.ts';
import { fieldI18n, type FieldI18n } from './field-i18n.ts';

/**
 * The form definition (the reference's formData, in our spelling): one typed
 * schema read by the designer, the renderer and the server. A model's released
 * form decides its table's columns; `field` is the column name.
 */

/** A data key: a column name on both dialects, never a reserved system column. */
export const FIELD_KEY = /^[a-z][a-zA-Z0-9_]{0,39}$/;
/** System columns every model table has (snake_case in SQL); a field may not take these names. */
export const SYSTEM_COLUMNS = [
  'id',
  'creatorUserId',
  'creatorTime',
  'lastModifyUserId',
  'lastModifyTime',
  'organizeId',
  'flowState',
  'parentId',
  'sortCode',
] as const;

const fieldKey = z.string().regex(FIELD_KEY, 'a letter, then letters, digits or _ (at most 40)');

export const optionItem: z.ZodType<OptionItem> = z.lazy(() =>
  z.object({
    id: z.string().max(200),
    fullName: z.string().max(200),
    children: z.array(optionItem).max(1000).optional(),
  }),
);
export interface OptionItem {
  id: string;
  fullName: string;
  children?: OptionItem[];
}

/** Where a choice field's options come from (static list, a dictionary type, or a data interface). */
export const optionSource = z.object({
  source: z.enum(['static', 'dictionary', 'interface']),
  items: z.array(optionItem).max(1000).optional(),
  dictionaryType: z.string().max(64).optional(),
  interfaceId: z.string().max(64).optional(),
  valueKey: z.string().max(64).optional(),
  labelKey: z.string().max(64).optional(),
});
export type OptionSource = z.infer<typeof optionSource>;

/** A field's own rule: a pattern the value must match (refused when unusable, see compilePattern) and its message. */
export const validationRule = z.object({
  pattern: z
    .string()
    .max(500)
    .refine((p) => compilePattern(p) !== null, { message: 'unsafe or invalid regular expression' }),
  message: z.string().max(200),
});

/** Popup select, popup table select, relation form, autocomplete and their attribute displays. */
export const relationConfig = z.object({
  /** A released model (relation form) or a data interface (popups, autocomplete) to pick from. */
  modelId: z.string().max(64).optional(),
  interfaceId: z.string().max(64).optional(),
  valueKey: z.string().max(64).optional(),
  labelKey: z.string().max(64).optional(),
  columns: z
    .array(z.object({ value: z.string().max(64), label: z.string().max(100) }))
    .max(30)
    .optional(),
  hasPage: z.boolean().optional(),
  pageSize: z.number().int().min(1).max(500).optional(),
  popupType: z.enum(['dialog', 'drawer']).optional(),
  popupTitle: z.string().max(100).optional(),
  popupWidth: z.string().max(20).optional(),
  /** popupAttr / relationFormAttr: the field (a popup or relation form) whose chosen record they show, and which attribute. */
  source: fieldKey.optional(),
  attr: z.string().max(64).optional(),
});
export type RelationConfig = z.infer<typeof relationConfig>;

export interface FormField {
  /** Unique within the form (the designer's id; survives renames of `field`). */
  id: string;
  type: FieldType;
  /** Data key and column name; required for every type that holds a value. */
  field?: string;
  label: string;
  showLabel?: boolean;
  labelWidth?: number;
  span?: number;
  required?: boolean;
  rules?: { pattern: string; message: string }[];
  defaultValue?: unknown;
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  clearable?: boolean;
  multiple?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  /** Date / time display format, e.g. YYYY-MM-DD. */
  format?: string;
  options?: OptionSource;
  /** calculate: an expression over field references, numbers, + − × ÷ and parentheses. */
  expression?: string;
  /** billRule: the enCode of a system-data bill rule. */
  billRule?: string;
  relation?: RelationConfig;
  /** text, alert, link, button, group title, divider, qrcode/barcode static text. */
  content?: string;
  href?: string;
  /** Containers: rows, cards, tabs, collapses; a sub-table's columns. */
  children?: FormField[];
  /** table: the sub-table's own name (its SQL table is the model's table + this). */
  tableName?: string;
  /** table: the columns summed in its total row. */
  summary?: string[];
  /** Type-specific display extras (accept, limit, colours, sizes, ...), never behaviour. */
  props?: Record<string, string | number | boolean | null>;
  /** The label, placeholder and static options in zh-TW / English (absent: the stored text; see field-i18n.ts). */
  i18n?: FieldI18n;
}

export const formField: z.ZodType<FormField> = z.lazy(() =>
  z.object({
    id: z.string().min(1).max(64),
    type: z.enum(FIELD_TYPE_NAMES as [FieldType, ...FieldType[]]),
    field: fieldKey.optional(),
    label: z.string().max(100),
    showLabel: z.boolean().optional(),
    labelWidth: z.number().int().min(0).max(1000).optional(),
    span: z.number().int().min(1).max(24).optional(),
    required: z.boolean().optional(),
    rules: z.array(validationRule).max(20).optional(),
    defaultValue: z.unknown().optional(),
    placeholder: z.string().max(200).optional(),
    disabled: z.boolean().optional(),
    readonly: z.boolean().optional(),
    clearable: z.boolean().optional(),
    multiple: z.boolean().optional(),
    maxLength: z.number().int().min(1).max(100_000).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive().optional(),
    precision: z.number().int().min(0).max(10).optional(),
    format: z.string().max(40).optional(),
    options: optionSource.optional(),
    expression: z.string().max(2000).optional(),
    billRule: z.string().max(64).optional(),
    relation: relationConfig.optional(),
    content: z.string().max(10_000).optional(),
    href: z.string().max(2000).optional(),
    children: z.array(formField).max(500).optional(),
    tableName: fieldKey.optional(),
    summary: z.array(fieldKey).max(50).optional(),
    props: z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).optional(),
    i18n: fieldI18n.optional(),
  }),
);

export const formDefinition = z.object({
  labelWidth: z.number().int().min(0).max(1000).default(100),
  labelPosition: z.enum(['left', 'right', 'top']).default('right'),
  gutter: z.number().int().min(0).max(100).default(15),
  popupType: z.enum(['general', 'fullScreen', 'drawer']).default('general'),
  popupWidth: z.string().max(20).default('600px'),
  /** A print template offered on the form. */
  printId: z.string().max(64).optional(),
  fields: z.array(formField).max(2000),
});
export type FormDefinition = z.output<typeof formDefinition>;

/** Every field in the form, depth first, with the sub-table it sits in (if any). */
export function* walkFields(fields: FormField[], table?: FormField): Generator<{ field: FormField; table?: FormField }> {
  for (const f of fields) {
    yield { field: f, table };
    if (f.children) yield* walkFields(f.children, f.type === 'table' ? f : table);
  }
}

/**
 * The field types of the low-code form (server-contract §3.2, our spelling:
 * the Vue 3 / NET5 names). One registry says, for every type, how it is
 * stored, whether it holds a value, and where it may appear, so the designer,
 * the renderer and the server never keep lists of their own.
 */

/** How a field's value is stored in its model's table (a column type of both dialects). */
export type ColumnKind =
  | 'string' // varchar(n): short text, ids, codes
  | 'text' // long text: rich text, JSON arrays (multi-selects, uploads, ranges)
  | 'int' // integer: switch 0/1, rate, slider
  | 'decimal' // numeric: number, amount, calculate
  | 'datetime' // bigint epoch ms: date, system times
  | 'none'; // holds no value: layout, display-only and derived fields

export type FieldGroup = 'basic' | 'advanced' | 'system' | 'layout';

export interface FieldTypeInfo {
  group: FieldGroup;
  column: ColumnKind;
  /** The value is an array (stored as JSON text). */
  array?: boolean;
  /** Not allowed inside a sub-table (server-contract §3.2 Vue 2 rule lists). */
  notInTable?: boolean;
  /** Never a list column. */
  notColumn?: boolean;
  /** Not offered as a search field. */
  notSearchable?: boolean;
  /** Its options come from static / dictionary / interface sources. */
  hasOptions?: boolean;
  /** Filled or recomputed by the server; the browser's value is ignored. */
  serverFilled?: boolean;
  /** A layout container holding `children`. */
  container?: boolean;
}

const basic = (column: ColumnKind, extra: Omit<FieldTypeInfo, 'group' | 'column'> = {}): FieldTypeInfo => ({
  group: 'basic',
  column,
  ...extra,
});
const advanced = (column: ColumnKind, extra: Omit<FieldTypeInfo, 'group' | 'column'> = {}): FieldTypeInfo => ({
  group: 'advanced',
  column,
  ...extra,
});
const system: FieldTypeInfo = { group: 'system', column: 'string', notInTable: true, serverFilled: true };
const systemTime: FieldTypeInfo = { ...system, column: 'datetime' };
const layout = (container: boolean): FieldTypeInfo => ({
  group: 'layout',
  column: 'none',
  notInTable: true,
  notColumn: true,
  notSearchable: true,
  container,
});
const display: Omit<FieldTypeInfo, 'group' | 'column'> = { notInTable: true, notColumn: true, notSearchable: true };

export const FIELD_TYPES = {
  input: basic('string'),
  textarea: basic('text'),
  inputNumber: basic('decimal'),
  amount: basic('decimal'),
  password: basic('string', { notInTable: true, notColumn: true, notSearchable: true }),
  switch: basic('int', { notSearchable: true }),
  radio: basic('string', { hasOptions: true, notInTable: true }),
  checkbox: basic('text', { hasOptions: true, array: true, notInTable: true }),
  select: basic('string', { hasOptions: true }),
  cascader: basic('text', { hasOptions: true, array: true }),
  treeSelect: basic('string', { hasOptions: true }),
  datePicker: basic('datetime'),
  timePicker: basic('string'),
  dateRange: basic('text', { array: true, notSearchable: true }),
  timeRange: basic('text', { array: true, notSearchable: true }),
  colorPicker: basic('string', { notInTable: true, notColumn: true, notSearchable: true }),
  rate: basic('int', { notInTable: true, notColumn: true, notSearchable: true }),
  slider: basic('int', { notInTable: true, notColumn: true, notSearchable: true }),
  editor: basic('text', { notInTable: true, notColumn: true, notSearchable: true }),
  uploadFile: basic('text', { array: true, notColumn: true, notSearchable: true }),
  uploadImg: basic('text', { array: true, notInTable: true, notColumn: true, notSearchable: true }),
  text: basic('none', display),
  link: basic('none', display),
  button: basic('none', display),
  alert: basic('none', display),

  organizeSelect: advanced('text', { array: true }),
  depSelect: advanced('string'),
  posSelect: advanced('string'),
  roleSelect: advanced('string'),
  groupSelect: advanced('string'),
  userSelect: advanced('string'),
  usersSelect: advanced('text', { array: true }),
  dicSelect: advanced('string', { hasOptions: true }),
  areaSelect: advanced('text', { array: true }),
  popupSelect: advanced('string', { notSearchable: true }),
  popupTableSelect: advanced('string'),
  popupAttr: advanced('none', display),
  relationForm: advanced('string', { notSearchable: true }),
  relationFormAttr: advanced('none', display),
  autoComplete: advanced('string'),
  billRule: advanced('string', { serverFilled: true }),
  table: { group: 'advanced', column: 'none', notInTable: true, notColumn: true, notSearchable: true, container: true },
  calculate: advanced('decimal', { serverFilled: true }),
  qrcode: advanced('none', display),
  barcode: advanced('none', display),
  numberRange: advanced('text', { array: true }),
  sign: advanced('text', { notInTable: true, notColumn: true, notSearchable: true }),

  createUser: system,
  createTime: systemTime,
  modifyUser: system,
  modifyTime: systemTime,
  currOrganize: system,
  currDept: system,
  currPosition: system,

  row: layout(true),
  card: layout(true),
  tab: layout(true),
  tabItem: layout(true),
  collapse: layout(true),
  collapseItem: layout(true),
  groupTitle: layout(false),
  divider: layout(false),
} satisfies Record<string, FieldTypeInfo>;

export type FieldType = keyof typeof FIELD_TYPES;

export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];

export function fieldTypeInfo(type: FieldType): FieldTypeInfo {
  return FIELD_TYPES[type];
}

/** A field of this type is a column of the model's table (or of its sub-table). */
export function holdsValue(type: FieldType): boolean {
  return FIELD_TYPES[type].column !== 'none';
}

/**
 * The reference's older names (Vue 2 / 3.x jnpfKey) and their ours; import
 * accepts both, export writes ours.
 */
export const LEGACY_FIELD_TYPES: Record<string, FieldType> = {
  comInput: 'input',
  numInput: 'inputNumber',
  JNPFAmount: 'amount',
  PsdInput: 'password',
  date: 'datePicker',
  time: 'timePicker',
  uploadFz: 'uploadFile',
  JNPFText: 'text',
  comSelect: 'organizeSelect',
  address: 'areaSelect',
  editor: 'editor',
  signature: 'sign',
};

/** Our name for a type written either way; undefined for an unknown one. */
export function normalizeFieldType(name: string): FieldType | undefined {
  if (name in FIELD_TYPES) return name as FieldType;
  return LEGACY_FIELD_TYPES[name];
}

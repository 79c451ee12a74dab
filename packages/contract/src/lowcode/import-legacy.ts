/**
 * Import of model definitions written by the reference platform
 * (server-contract §3.2 formData, §3.3 columnData): `__vModel__`,
 * `__config__.jnpfKey`, `__slot__.options`, `regList`, `dataType`
 * static / dictionary / dynamic, `columnList`, `searchList` with `searchType`
 * 1/2/3, `btnsList`, `columnBtnsList`, ... into our spelling. A definition
 * already in our spelling passes through unchanged; both old and new jnpfKey
 * names are read. The reference's JavaScript hooks (`funcs`, `on`) are
 * dropped: nothing user-written is ever run. The result still goes through
 * formDefinition / listDefinition, which decide what is valid.
 */
import { normalizeFieldType, type FieldType } from './field-types.ts';
import { FIELD_KEY, type FormField, type OptionItem, type OptionSource, type RelationConfig } from './form-schema.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** A JSON string (the reference stores definitions as text) or the value itself. */
function unwrap(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** A reference key as one of ours: `F_FullName` → `f_FullName`; other characters → `_`. */
export function legacyKey(key: string): string {
  let k = key.replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z]/.test(k)) k = `f${k}`;
  k = k[0]!.toLowerCase() + k.slice(1);
  return k.slice(0, 40);
}

function options(items: unknown, valueKey = 'id', labelKey = 'fullName', childrenKey = 'children', depth = 0): OptionItem[] {
  if (!Array.isArray(items) || depth > 10) return [];
  return items.filter(isObj).map((o) => {
    const children = options(o[childrenKey], valueKey, labelKey, childrenKey, depth + 1);
    return {
      id: str(o[valueKey]) ?? str(o.id) ?? '',
      fullName: str(o[labelKey]) ?? str(o.fullName) ?? '',
      ...(children.length ? { children } : {}),
    };
  });
}

interface Ctx {
  keys: Map<string, string>;
  seq: number;
  skipped: string[];
}

function optionSource(f: Obj, c: Obj): OptionSource | undefined {
  const props = isObj(c.props) ? c.props : isObj(f.props) && isObj(f.props.props) ? f.props.props : isObj(f.props) ? f.props : {};
  const valueKey = str(props.value) ?? 'id';
  const labelKey = str(props.label) ?? 'fullName';
  switch (c.dataType) {
    case 'dictionary':
      return {
        source: 'dictionary',
        ...(str(c.dictionaryType) ? { dictionaryType: str(c.dictionaryType)! } : {}),
        ...(valueKey !== 'id' ? { valueKey } : {}),
      };
    case 'dynamic':
      return {
        source: 'interface',
        ...(str(c.propsUrl) ? { interfaceId: str(c.propsUrl)! } : {}),
        valueKey,
        labelKey,
      };
    case 'static': {
      const slot = isObj(f.__slot__) ? f.__slot__.options : undefined;
      return { source: 'static', items: options(slot ?? f.options, valueKey, labelKey, str(props.children) ?? 'children') };
    }
    default:
      return undefined;
  }
}

function relation(f: Obj, type: FieldType, ctx: Ctx): RelationConfig | undefined {
  const r: RelationConfig = {};
  if (str(f.modelId)) r.modelId = str(f.modelId)!;
  if (str(f.interfaceId)) r.interfaceId = str(f.interfaceId)!;
  if (str(f.propsValue)) r.valueKey = str(f.propsValue)!;
  if (str(f.relationField) && type !== 'popupAttr' && type !== 'relationFormAttr') r.labelKey = str(f.relationField)!;
  if (Array.isArray(f.columnOptions)) {
    r.columns = f.columnOptions
      .filter(isObj)
      .map((o) => ({ value: str(o.value) ?? '', label: str(o.label) ?? '' }))
      .slice(0, 30);
  }
  if (bool(f.hasPage) !== undefined) r.hasPage = bool(f.hasPage)!;
  if (num(f.pageSize) !== undefined) r.pageSize = num(f.pageSize)!;
  if (f.popupType === 'dialog' || f.popupType === 'drawer') r.popupType = f.popupType;
  if (str(f.popupTitle)) r.popupTitle = str(f.popupTitle)!;
  if (str(f.popupWidth)) r.popupWidth = str(f.popupWidth)!;
  if (type === 'popupAttr' || type === 'relationFormAttr') {
    if (str(f.relationField)) r.source = ctx.keys.get(str(f.relationField)!) ?? legacyKey(str(f.relationField)!);
    if (str(f.showField)) r.attr = str(f.showField)!;
  }
  return Object.keys(r).length ? r : undefined;
}

function expression(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    // The reference keeps tokens, sometimes as {__vModel__} objects for field references.
    return v.map((t) => (isObj(t) ? (str(t.__vModel__) ?? str(t.field) ?? '') : String(t))).join(' ');
  }
  return undefined;
}

function field(f: Obj, ctx: Ctx, parentType?: FieldType): FormField | null {
  const c = isObj(f.__config__) ? f.__config__ : {};
  let jnpfKey = str(c.jnpfKey) ?? str(f.jnpfKey);
  // Tab and collapse items carry no jnpfKey of their own in Vue 2.
  if (!jnpfKey && parentType === 'tab') jnpfKey = 'tabItem';
  if (!jnpfKey && parentType === 'collapse') jnpfKey = 'collapseItem';
  const type = jnpfKey ? normalizeFieldType(jnpfKey) : undefined;
  if (!type) {
    ctx.skipped.push(jnpfKey ?? '?');
    return null;
  }
  const vModel = str(f.__vModel__);
  const key = vModel ? legacyKey(vModel) : undefined;
  if (vModel && key) ctx.keys.set(vModel, key);
  const id = str(c.formId) ?? str(c.renderKey) ?? key ?? `f${++ctx.seq}`;
  const out: FormField = { id: id.slice(0, 64), type, label: (str(c.label) ?? str(f.title) ?? '').slice(0, 100) };
  if (key) out.field = key;
  const set = <K extends keyof FormField>(k: K, v: FormField[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('showLabel', bool(c.showLabel));
  set('labelWidth', num(c.labelWidth));
  set('span', num(c.span));
  set('required', bool(c.required));
  if (Array.isArray(c.regList)) {
    const rules = c.regList.filter(isObj).map((r) => ({ pattern: str(r.pattern) ?? '', message: str(r.message) ?? '' }));
    if (rules.length) out.rules = rules.filter((r) => r.pattern);
  }
  if (c.defaultValue !== undefined && c.defaultValue !== null && c.defaultValue !== '') out.defaultValue = c.defaultValue;
  set('placeholder', str(f.placeholder));
  set('disabled', bool(f.disabled));
  set('readonly', bool(f.readonly));
  set('clearable', bool(f.clearable));
  set('multiple', bool(f.multiple) ?? (isObj(f.props) && isObj(f.props.props) ? bool(f.props.props.multiple) : undefined));
  set('maxLength', num(f.maxlength) ?? num(f.maxLength));
  set('min', num(f.min));
  set('max', num(f.max));
  set('step', num(f.step));
  set('precision', num(f.precision));
  set('format', str(f.format));
  set('options', optionSource(f, c));
  if (type === 'calculate') set('expression', expression(f.expression));
  if (type === 'billRule') set('billRule', str(c.rule));
  if (['popupSelect', 'popupTableSelect', 'popupAttr', 'relationForm', 'relationFormAttr', 'autoComplete'].includes(type))
    set('relation', relation(f, type, ctx));
  set('content', str(f.content));
  set('href', str(f.href));
  if (type === 'table') {
    const tableName = str(c.tableName);
    if (tableName && FIELD_KEY.test(legacyKey(tableName))) out.tableName = legacyKey(tableName);
    const summary = Array.isArray(f.summaryField) ? f.summaryField.map(String) : [];
    if (summary.length) out.summary = summary.map(legacyKey);
  }
  const children = Array.isArray(c.children) ? c.children : Array.isArray(f.children) ? f.children : undefined;
  if (children)
    out.children = children
      .filter(isObj)
      .map((ch) => field(ch, ctx, type))
      .filter((x): x is FormField => !!x);
  return out;
}

const isLegacyField = (f: unknown) => isObj(f) && (isObj(f.__config__) || '__vModel__' in f);

/** A form definition in our spelling (a reference formData converted, ours passed through). */
export function importFormData(input: unknown): { form: unknown; keys: Map<string, string>; skipped: string[] } {
  const src = unwrap(input);
  const ctx: Ctx = { keys: new Map(), seq: 0, skipped: [] };
  if (!isObj(src) || !Array.isArray(src.fields) || !src.fields.some(isLegacyField)) return { form: src, keys: ctx.keys, skipped: [] };
  const fields = src.fields
    .filter(isObj)
    .map((f) => field(f, ctx))
    .filter((x): x is FormField => !!x);
  // Calculate expressions name the reference keys: rename them as the fields were.
  for (const { f } of allFields(fields)) {
    if (f.expression) f.expression = f.expression.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (k) => ctx.keys.get(k) ?? k);
  }
  const popupType = src.popupType === 'general' || src.popupType === 'fullScreen' || src.popupType === 'drawer' ? src.popupType : undefined;
  const width = popupType === 'fullScreen' ? src.fullScreenWidth : popupType === 'drawer' ? src.drawerWidth : src.generalWidth;
  const form: Obj = { fields };
  if (num(src.labelWidth) !== undefined) form.labelWidth = num(src.labelWidth);
  if (['left', 'right', 'top'].includes(String(src.labelPosition))) form.labelPosition = src.labelPosition;
  if (num(src.gutter) !== undefined) form.gutter = num(src.gutter);
  if (popupType) form.popupType = popupType;
  if (str(width)) form.popupWidth = str(width);
  if (str(src.printId)) form.printId = str(src.printId);
  return { form, keys: ctx.keys, skipped: ctx.skipped };
}

function* allFields(fields: FormField[]): Generator<{ f: FormField }> {
  for (const f of fields) {
    yield { f };
    if (f.children) yield* allFields(f.children);
  }
}

const SEARCH_TYPES: Record<string, 'equal' | 'contains' | 'range'> = { '1': 'equal', '2': 'contains', '3': 'range' };
const BUTTONS: Record<string, string> = {
  add: 'add',
  download: 'export',
  upload: 'import',
  batchRemove: 'batchRemove',
  batchPrint: 'batchPrint',
};
const TREE_SOURCES: Record<string, string> = { dictionary: 'dictionary', organize: 'organize', department: 'department', api: 'interface' };

/** A list definition in our spelling (a reference columnData converted, ours passed through). */
export function importColumnData(input: unknown, keys: Map<string, string> = new Map()): unknown {
  const src = unwrap(input);
  if (!isObj(src) || !('columnList' in src || 'searchList' in src || 'btnsList' in src || 'defaultSidx' in src)) return src ?? {};
  const k = (key: string) => keys.get(key) ?? legacyKey(key);
  // Sub-table columns are `tableField101-name`: ours is `table.field`.
  const col = (prop: string) => prop.split('-').map(k).join('.');
  const out: Obj = {};
  if ([1, 2, 3, 4, 5].includes(Number(src.type))) out.style = Number(src.type);
  if (Array.isArray(src.columnList)) {
    out.columns = src.columnList.filter(isObj).map((c) => {
      const o: Obj = { field: col(str(c.prop) ?? str(c.__vModel__) ?? ''), label: str(c.label) ?? '' };
      if (num(c.width)) o.width = Math.max(40, Math.min(2000, num(c.width)!));
      if (['left', 'center', 'right'].includes(String(c.align))) o.align = c.align;
      if (c.fixed === 'left' || c.fixed === 'right') o.fixed = c.fixed;
      else if (c.fixed === true) o.fixed = 'left';
      if (bool(c.sortable) !== undefined) o.sortable = c.sortable;
      return o;
    });
  }
  if (Array.isArray(src.searchList)) {
    out.search = src.searchList.filter(isObj).map((s) => {
      const multiple = bool(s.searchMultiple) ?? bool(s.multiple);
      return {
        field: k(str(s.__vModel__) ?? str(s.prop) ?? ''),
        match: multiple ? 'in' : (SEARCH_TYPES[String(s.searchType ?? '1')] ?? 'equal'),
      };
    });
  }
  if (str(src.defaultSidx)) out.defaultSort = { field: k(str(src.defaultSidx)!), order: src.sort === 'asc' ? 'asc' : 'desc' };
  if (bool(src.hasPage) !== undefined) out.hasPage = src.hasPage;
  const size = num(src.pageSize);
  if (size !== undefined) out.pageSize = [20, 50, 100, 500].find((s) => s >= size) ?? 500;
  if (Number(src.type) === 2 && str(src.treeRelation)) {
    out.tree = {
      source: TREE_SOURCES[String(src.treeDataSource)] ?? 'dictionary',
      relationField: k(str(src.treeRelation)!),
      ...(str(src.treeTitle) ? { title: str(src.treeTitle) } : {}),
      ...(str(src.treeDictionary) ? { dictionaryType: str(src.treeDictionary) } : {}),
      ...(str(src.treePropsUrl) ? { interfaceId: str(src.treePropsUrl) } : {}),
    };
  }
  if (str(src.groupField)) out.groupField = k(str(src.groupField)!);
  if (str(src.parentField)) out.parentField = k(str(src.parentField)!);
  if (Array.isArray(src.btnsList))
    out.buttons = [...new Set(src.btnsList.map((b) => BUTTONS[String(isObj(b) ? b.value : b)]).filter(Boolean))];
  if (Array.isArray(src.columnBtnsList)) {
    out.rowButtons = [
      ...new Set(src.columnBtnsList.map((b) => String(isObj(b) ? b.value : b)).filter((v) => ['edit', 'remove', 'detail'].includes(v))),
    ];
  }
  for (const [from, to] of [
    ['useColumnPermission', 'useColumnPermission'],
    ['useFormPermission', 'useFormPermission'],
    ['useBtnPermission', 'useButtonPermission'],
    ['useButtonPermission', 'useButtonPermission'],
    ['useDataPermission', 'useDataPermission'],
  ] as const) {
    if (bool(src[from]) !== undefined) out[to] = src[from];
  }
  return out;
}

/**
 * A model as an import file carries it (ours, as our export writes it, or the
 * reference's Base record with formData / columnData as text), in our spelling.
 */
export function importModelDefinition(input: unknown): { model: Obj; skipped: string[] } {
  const src = unwrap(input);
  const m = isObj(src) && isObj(src.data) && !('formData' in src) ? src.data : src;
  if (!isObj(m)) return { model: {}, skipped: [] };
  const { form, keys, skipped } = importFormData(m.formData);
  const model: Obj = {
    fullName: m.fullName,
    enCode: m.enCode,
    formData: form,
    columnData: importColumnData(m.columnData, keys),
  };
  for (const k of ['category', 'description', 'sortCode', 'boundTable'] as const) if (m[k] !== undefined && m[k] !== null) model[k] = m[k];
  if ([1, 2, 3].includes(Number(m.webType))) model.webType = Number(m.webType);
  return { model, skipped };
}

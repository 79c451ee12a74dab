import type { Kysely } from 'kysely';
import { interfaceCallBody, type FormField, type OptionItem, type RecordData } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { findInterfaceForCall } from '../system/data-interface.service.ts';
import { invokeInterface, type Caller } from '../system/data-interface.runner.ts';
import { findModel, releasedForm } from './base.service.ts';
import { ident, modelTables, selectAsWritten } from './model-tables.ts';
import type { RuntimeModel } from './records.service.ts';

/**
 * Display values (list rows, DataChange, export): ids become names, read in
 * one query per kind for the whole page: option labels, dictionary item
 * names, user, organisation, position, role and group names; and one lookup
 * per field for values picked from elsewhere: a data interface's rows
 * (popups, interface options) or a related model's records (relation form).
 * Values without a name (deleted items, a failing interface) stay as stored.
 */
type Kind = 'users' | 'organizations' | 'positions' | 'roles' | 'groups';

const KIND_OF: Partial<Record<FormField['type'], Kind>> = {
  userSelect: 'users',
  usersSelect: 'users',
  createUser: 'users',
  modifyUser: 'users',
  organizeSelect: 'organizations',
  depSelect: 'organizations',
  currOrganize: 'organizations',
  currDept: 'organizations',
  posSelect: 'positions',
  currPosition: 'positions',
  roleSelect: 'roles',
  groupSelect: 'groups',
};

/** System columns shown by name. */
const SYSTEM_KIND: Record<string, Kind> = { creatorUserId: 'users', lastModifyUserId: 'users' };

function flatten(items: OptionItem[] | undefined, out = new Map<string, string>()): Map<string, string> {
  for (const i of items ?? []) {
    out.set(i.id, i.fullName);
    flatten(i.children, out);
  }
  return out;
}

const valuesOf = (v: unknown): string[] =>
  v === null || v === undefined || v === ''
    ? []
    : Array.isArray(v)
      ? v
          .flat(2)
          .filter((x) => x !== null && x !== '')
          .map(String)
      : [String(v)];

async function namesOf(ctx: AppContext, kind: Kind, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    if (kind === 'users') {
      const rows = await ctx.db.selectFrom('users').select(['id', 'realName', 'account']).where('id', 'in', part).execute();
      for (const r of rows) out.set(r.id, `${r.realName}/${r.account}`);
    } else {
      const rows = await ctx.db.selectFrom(kind).select(['id', 'fullName']).where('id', 'in', part).execute();
      for (const r of rows) out.set(r.id, r.fullName);
    }
  }
  return out;
}

async function dictionaryNames(ctx: AppContext, types: string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  if (!types.length) return out;
  const rows = await ctx.db
    .selectFrom('dictionaryData')
    .innerJoin('dictionaryTypes', 'dictionaryTypes.id', 'dictionaryData.dictionaryTypeId')
    .select([
      'dictionaryTypes.id as typeId',
      'dictionaryTypes.enCode as typeCode',
      'dictionaryData.id',
      'dictionaryData.enCode',
      'dictionaryData.fullName',
    ])
    .where((eb) => eb.or([eb('dictionaryTypes.id', 'in', types), eb('dictionaryTypes.enCode', 'in', types)]))
    .execute();
  for (const t of types) {
    const m = new Map<string, string>();
    for (const r of rows) if (r.typeId === t || r.typeCode === t) m.set(r.id, r.fullName).set(r.enCode, r.fullName);
    out.set(t, m);
  }
  return out;
}

/** Who the display is for: a data interface may read the caller's own values (@userId, @organizeId...). */
export type DisplayCaller = Pick<Caller, 'userId' | 'isAdministrator'>;

/** Where a field's labels come from, when another source than this row holds them. */
type Lookup = { interfaceId: string; valueKey: string; labelKey: string } | { modelId: string; labelKey: string };

// autoComplete is absent on purpose: it stores the suggestion's text itself, not an id.
const POPUP_TYPES = new Set<FormField['type']>(['popupSelect', 'popupTableSelect']);

function lookupOf(f: FormField): Lookup | null {
  const r = f.relation;
  if (f.type === 'relationForm') {
    // The picker shows the id when no label field is chosen: so does the list.
    return r?.modelId && r.labelKey && r.labelKey !== 'id' ? { modelId: r.modelId, labelKey: r.labelKey } : null;
  }
  // Defaults as in the web pickers (PopupFields.tsx, fields/options.ts).
  if (POPUP_TYPES.has(f.type) && r?.interfaceId)
    return { interfaceId: r.interfaceId, valueKey: r.valueKey || 'id', labelKey: r.labelKey || 'fullName' };
  const o = f.options;
  if (o?.source === 'interface' && o.interfaceId)
    return { interfaceId: o.interfaceId, valueKey: o.valueKey || 'id', labelKey: o.labelKey || 'fullName' };
  return null;
}

const IDS_PER_CALL = 1000;

/** Rows of a tree answer (treeSelect, cascader) as well as of a flat one. */
function collect(rows: unknown, valueKey: string, labelKey: string, out: Map<string, string>) {
  if (!Array.isArray(rows)) return;
  for (const r of rows as Record<string, unknown>[]) {
    if (!r || typeof r !== 'object') continue;
    const v = r[valueKey];
    const l = r[labelKey];
    if (v !== null && v !== undefined && l !== null && l !== undefined) out.set(String(v), String(l));
    collect(r.children, valueKey, labelKey, out);
  }
}

/** The interface's rows for these ids, called as the form pickers call it (InfoByIds): logged, parameters bound. */
async function interfaceLabels(ctx: AppContext, l: Extract<Lookup, { interfaceId: string }>, ids: string[], caller: DisplayCaller) {
  const out = new Map<string, string>();
  const row = await findInterfaceForCall(ctx, l.interfaceId);
  const usable = ids.filter((id) => id.length <= 200);
  for (let i = 0; i < usable.length; i += IDS_PER_CALL) {
    const input = interfaceCallBody.parse({ ids: usable.slice(i, i + IDS_PER_CALL), propsValue: l.valueKey, relationField: l.labelKey });
    const rows = await invokeInterface(ctx, row, input, { ...caller, ip: null, userAgent: null }, 'infoByIds');
    collect(rows, l.valueKey, l.labelKey, out);
  }
  return out;
}

/** The related model's records for these ids, read from its released main table. */
async function relatedLabels(ctx: AppContext, l: Extract<Lookup, { modelId: string }>, ids: string[]) {
  const out = new Map<string, string>();
  const model = await findModel(ctx, l.modelId);
  const [main] = modelTables(model.tableName, releasedForm(model));
  if (!main!.columns.some((c) => c.name === l.labelKey && !c.array)) return out;
  const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (let i = 0; i < ids.length; i += 500) {
    const q = raw
      .selectFrom(main!.name)
      .select([ident('id').as('id'), ident(l.labelKey).as('label')])
      .where(ident('id'), 'in', ids.slice(i, i + 500));
    for (const r of await selectAsWritten<{ id: unknown; label: unknown }>(raw, q))
      if (r.label !== null && r.label !== undefined) out.set(String(r.id), String(r.label));
  }
  return out;
}

/** Labels of every looked-up field, one call per field; a failing source leaves its values as stored. */
async function lookedUp(ctx: AppContext, lookups: [string, Lookup][], rows: RecordData[], caller: DisplayCaller | undefined) {
  const out = new Map<string, Map<string, string>>();
  await Promise.all(
    lookups.map(async ([key, l]) => {
      const ids = [...new Set(rows.flatMap((r) => valuesOf(r[key])))];
      if (!ids.length) return;
      if ('interfaceId' in l && !caller) return;
      try {
        out.set(key, 'interfaceId' in l ? await interfaceLabels(ctx, l, ids, caller!) : await relatedLabels(ctx, l, ids));
      } catch (err) {
        ctx.log.warn({ err, field: key, ...l }, 'display values: lookup failed, showing stored values');
      }
    }),
  );
  return out;
}

/** The model's main-table records with names in place of ids. */
export async function displayRecords(
  ctx: AppContext,
  model: RuntimeModel,
  rows: RecordData[],
  fields: Map<string, FormField> = model.fields,
  caller?: DisplayCaller,
) {
  if (!rows.length) return rows;
  const wanted = new Map<Kind, Set<string>>();
  const want = (kind: Kind, v: unknown) => {
    if (!wanted.has(kind)) wanted.set(kind, new Set());
    for (const id of valuesOf(v)) wanted.get(kind)!.add(id);
  };
  const present = [...fields].filter(([key]) => key in rows[0]!);
  const dictTypes = new Set<string>();
  for (const [, f] of present) if (f.options?.source === 'dictionary' && f.options.dictionaryType) dictTypes.add(f.options.dictionaryType);
  for (const row of rows) {
    for (const [key, f] of present) {
      const kind = KIND_OF[f.type];
      if (kind) want(kind, row[key]);
    }
    for (const [key, kind] of Object.entries(SYSTEM_KIND)) if (key in row) want(kind, row[key]);
  }
  const lookups = present.flatMap(([key, f]): [string, Lookup][] => {
    const l = lookupOf(f);
    return l ? [[key, l]] : [];
  });
  const [names, dicts, looked] = await Promise.all([
    Promise.all([...wanted].map(async ([kind, ids]) => [kind, await namesOf(ctx, kind, [...ids])] as const)).then((e) => new Map(e)),
    dictionaryNames(ctx, [...dictTypes]),
    lookedUp(ctx, lookups, rows, caller),
  ]);
  const statics = new Map(present.filter(([, f]) => f.options?.source === 'static').map(([key, f]) => [key, flatten(f.options!.items)]));
  const show = (v: unknown, map: Map<string, string> | undefined, sep = ',') =>
    map
      ? valuesOf(v)
          .map((id) => map.get(id) ?? id)
          .join(sep)
      : v;
  return rows.map((row) => {
    const out: RecordData = { ...row };
    for (const [key, f] of present) {
      const kind = KIND_OF[f.type];
      if (kind) out[key] = show(row[key], names.get(kind), f.type === 'organizeSelect' ? '/' : ',');
      else if (f.options?.source === 'dictionary') out[key] = show(row[key], dicts.get(f.options.dictionaryType ?? ''));
      else if (statics.has(key)) out[key] = show(row[key], statics.get(key), f.type === 'cascader' ? '/' : ',');
      else if (looked.has(key)) out[key] = show(row[key], looked.get(key), f.type === 'cascader' ? '/' : ',');
    }
    for (const [key, kind] of Object.entries(SYSTEM_KIND)) if (key in row) out[key] = show(row[key], names.get(kind));
    return out;
  });
}

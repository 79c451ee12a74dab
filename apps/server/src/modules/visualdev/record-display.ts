import type { FormField, OptionItem, RecordData } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { RuntimeModel } from './records.service.ts';

/**
 * Display values (list rows, DataChange, export): ids become names, read in
 * one query per kind for the whole page: option labels, dictionary item
 * names, user, organisation, position, role and group names. Values without
 * a name (deleted items) stay as stored.
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

/** The model's main-table records with names in place of ids. */
export async function displayRecords(
  ctx: AppContext,
  model: RuntimeModel,
  rows: RecordData[],
  fields: Map<string, FormField> = model.fields,
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
  const [names, dicts] = await Promise.all([
    Promise.all([...wanted].map(async ([kind, ids]) => [kind, await namesOf(ctx, kind, [...ids])] as const)).then((e) => new Map(e)),
    dictionaryNames(ctx, [...dictTypes]),
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
    }
    for (const [key, kind] of Object.entries(SYSTEM_KIND)) if (key in row) out[key] = show(row[key], names.get(kind));
    return out;
  });
}

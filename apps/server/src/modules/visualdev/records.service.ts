import { CompiledQuery, sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import {
  FIELD_TYPES,
  formDefinition,
  listDefinition,
  walkFields,
  type FormDefinition,
  type FormField,
  type ListDefinition,
  type MatchType,
  type RecordData,
  type RecordListBody,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { asWritten } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sharedCache } from '../../lib/shared-caches.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { hiddenColumnsOf, lockedFieldsOf } from '../permission/column-rules.ts';
import { grantsFor, type UserGrants } from '../permission/grants.service.ts';
import { rowRuleExpression, type FieldMap } from '../permission/row-rules.ts';
import { nextBillNumber } from '../system/bill-rule.service.ts';
import { listStatements, type ListColumnSpec, type ListStatement, type ListTableSpec } from './list-query.ts';
import {
  fromRowValue,
  modelTables,
  recordToRow,
  selectAsWritten,
  SUB_SYSTEM_COLUMN_SQL,
  SYSTEM_COLUMN_SQL,
  toRowValue,
  type ModelColumn,
  type ModelTable,
} from './model-tables.ts';
import { checkRecord } from './record-checks.ts';
import { LOCKED_FLOW_STATES } from './record-flows.ts';
import { tableColumns } from './table-catalog.ts';
import { displayRecords } from './record-display.ts';
import { trigramColumns } from './trigram.ts';
import { runAfterSave, runBeforeDelete, runBeforeSave, type RecordHookContext } from './record-hooks.ts';
import './records-messages.ts';

/**
 * The low-code runtime's records (OnlineDev, spec §7.6): a released model's
 * rows in its own tables, read and written with every permission of the
 * model's menu enforced here, on the server:
 * - the menu: a page (type 3) whose propertyJson.moduleId names this model,
 *   granted to the caller; a `menuId` the caller sends must be one of those;
 * - buttons (btn_add, btn_edit, btn_remove, btn_detail, btn_export,
 *   btn_import) when the list's useButtonPermission is on;
 * - columns not granted are neither selected nor sent nor exported;
 * - form fields not granted are neither written nor sent;
 * - row rules (data permission) filter every read, update and delete.
 */

export interface RuntimeModel {
  id: string;
  enCode: string;
  fullName: string;
  webType: number;
  form: FormDefinition;
  list: ListDefinition;
  main: ModelTable;
  subs: ModelTable[];
  /** Main-table fields by key. */
  fields: Map<string, FormField>;
  /** Sub-table fields: table field key → (column key → field). */
  subFields: Map<string, Map<string, FormField>>;
  spec: ListTableSpec;
  /** Menus (type 3) naming this model: enCode by id. */
  menus: Map<string, string>;
  /**
   * Bound to an existing table (base.service boundTable): read-only here,
   * since such a table need not have our system columns nor string ids.
   */
  bound: boolean;
  /** The system columns the main table has (SQL name → API name): all of them on `lc_` tables, those present on a bound one. */
  system: Record<string, string>;
  /** The id column is numeric (a bound table's serial id): a non-numeric id finds nothing rather than failing in SQL. */
  numericId: boolean;
}

const SYSTEM_KINDS: Record<string, ListColumnSpec['kind']> = {
  id: 'string',
  creator_user_id: 'string',
  creator_time: 'datetime',
  last_modify_user_id: 'string',
  last_modify_time: 'datetime',
  organize_id: 'string',
  flow_state: 'int',
};

/** The released model's list spec: the allow-list the list-query layer builds from. */
function listSpec(
  main: ModelTable,
  list: ListDefinition,
  trigram: Set<string>,
  system: Record<string, string>,
  numericId: boolean,
): ListTableSpec {
  const columns: Record<string, ListColumnSpec> = {};
  for (const [column, key] of Object.entries(system)) columns[key] = { column, kind: SYSTEM_KINDS[column]! };
  if (numericId) columns.id = { column: 'id', kind: 'int' };
  for (const c of main.columns) columns[c.name] = { column: c.name, kind: c.kind, array: c.array };
  const search: Record<string, MatchType> = {};
  for (const s of list.search) if (columns[s.field]) search[s.field] = s.match;
  const sortable = new Set<string>(['creatorTime', 'lastModifyTime'].filter((k) => columns[k]));
  for (const c of list.columns) if (c.sortable && !c.field.includes('.') && columns[c.field]) sortable.add(c.field);
  if (list.defaultSort) sortable.add(list.defaultSort.field);
  return {
    table: main.name,
    columns,
    search,
    sortable,
    defaultSort: list.defaultSort ? [list.defaultSort] : [{ field: columns.creatorTime ? 'creatorTime' : 'id', order: 'desc' }],
    idKey: 'id',
    keywordFields: list.search.filter((s) => s.match === 'contains' && columns[s.field]).map((s) => s.field),
    trigram,
  };
}

/** SQL columns release gives a trigram index: the main table's contains-searched text columns. */
export function trigramFieldsOf(main: ModelTable, list: ListDefinition): string[] {
  const textual = new Set(main.columns.filter((c) => c.kind === 'string' || c.kind === 'text').map((c) => c.name));
  return trigramColumns([...new Set(list.search.filter((s) => s.match === 'contains' && textual.has(s.field)).map((s) => s.field))]);
}

/** Whether the table's trigram index exists (release creates it; a model released before may lack it). */
async function trigramOf(ctx: AppContext, table: string, wanted: string[]): Promise<Set<string>> {
  if (!wanted.length) return new Set();
  if (ctx.dialect === 'postgres') return new Set(wanted); // pg_trgm serves the LIKE form; without the index it is only slower
  const rows = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${`${table}__fts`}`.execute(ctx.db);
  const ddl = rows.rows[0]?.sql ?? '';
  return new Set(wanted.filter((c) => ddl.includes(`"${c}"`)));
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function loadModel(ctx: AppContext, id: string): Promise<RuntimeModel | null> {
  const row = await ctx.db
    .selectFrom('visualdevModels')
    .select(['id', 'enCode', 'fullName', 'webType', 'state', 'tableName', 'boundTable', 'releasedFormData', 'releasedColumnData'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const formJson = parseJson(row.releasedFormData);
  if (row.state !== 1 || !formJson) throw badRequest('records.notReleased');
  const form = formDefinition.parse(formJson);
  const list = listDefinition.parse(parseJson(row.releasedColumnData) ?? {});
  const [main, ...modelSubs] = modelTables(row.tableName, form, list);
  const bound = !!row.boundTable;
  // A bound table is what it is: read its columns (release checked the mapped ones) for the system ones it has.
  const catalog = bound ? await tableColumns(ctx.db as unknown as Kysely<any>, ctx.dialect, row.tableName) : null;
  const present = new Set(catalog?.map((c) => c.name.toLowerCase()));
  const system: Record<string, string> = catalog
    ? Object.fromEntries(Object.entries(SYSTEM_COLUMN_SQL).filter(([column]) => present.has(column)))
    : { ...SYSTEM_COLUMN_SQL };
  if (!system.id) throw badRequest('records.boundNoId', { table: row.tableName });
  const idType = catalog?.find((c) => c.name.toLowerCase() === 'id')?.dataType ?? '';
  const numericId = /int|numeric|serial|decimal/.test(idType);
  // Sub-tables of a bound model would be tables nobody created.
  const subs = bound ? [] : modelSubs;
  const fields = new Map<string, FormField>();
  const subFields = new Map<string, Map<string, FormField>>();
  for (const { field, table } of walkFields(form.fields)) {
    if (!field.field || field.type === 'table' || FIELD_TYPES[field.type].column === 'none') continue;
    if (!table) fields.set(field.field, field);
    else {
      const key = table.field ?? table.tableName ?? table.id;
      if (!subFields.has(key)) subFields.set(key, new Map());
      subFields.get(key)!.set(field.field, field);
    }
  }
  const menuRows = await ctx.db
    .selectFrom('menus')
    .select(['id', 'enCode', 'propertyJson'])
    .where('type', '=', 3)
    .where('enabledMark', '=', 1)
    .execute();
  const menus = new Map<string, string>();
  for (const m of menuRows) {
    const p = parseJson(m.propertyJson) as { moduleId?: unknown } | null;
    if (p && p.moduleId === row.id) menus.set(m.id, m.enCode);
  }
  const trigram = await trigramOf(ctx, main!.name, trigramFieldsOf(main!, list));
  return {
    id: row.id,
    enCode: row.enCode,
    fullName: row.fullName,
    webType: row.webType,
    form,
    list,
    main: main!,
    subs,
    fields,
    subFields,
    spec: listSpec(main!, list, trigram, system, numericId),
    menus,
    bound,
    system,
    numericId,
  };
}

/**
 * Released models, kept a moment: every runtime call reads its model. A
 * release or a menu change on this or another process drops them
 * (`invalidateRuntimeModels`); the short lifetime covers processes that share neither.
 */
const MODEL_TTL_MS = 5_000;
const modelCache = new WeakMap<AppContext['db'], Map<string, { at: number; model: Promise<RuntimeModel | null> }>>();

export async function runtimeModel(ctx: AppContext, id: string): Promise<RuntimeModel> {
  let perDb = modelCache.get(ctx.db);
  if (!perDb) modelCache.set(ctx.db, (perDb = new Map()));
  const now = Date.now();
  let hit = perDb.get(id);
  if (!hit || now - hit.at > MODEL_TTL_MS) {
    if (perDb.size > 500) perDb.clear();
    const entry = { at: now, model: loadModel(ctx, id) };
    entry.model.catch(() => perDb.delete(id));
    perDb.set(id, entry);
    hit = entry;
  }
  const model = await hit.model;
  if (!model) throw notFound();
  return model;
}

/** Drops cached runtime models (release calls it with the model id; a menu change without). */
export const invalidateRuntimeModels = sharedCache('runtimeModels', (ctx, id) => {
  const perDb = modelCache.get(ctx.db);
  if (!perDb) return;
  if (id) perDb.delete(id);
  else perDb.clear();
});

export type RecordButton = 'btn_add' | 'btn_edit' | 'btn_remove' | 'btn_detail' | 'btn_export' | 'btn_import';

export interface Authorized {
  grants: UserGrants;
  /** The menu enCode whose column, form and row rules apply; null for an administrator when no menu names the model. */
  menu: string | null;
  /** The model is bound to an existing table: every write is refused (writeContext). */
  readOnly?: boolean;
}

/**
 * The caller's menu of this model, holding one of `buttons` when the list
 * asks for button permissions; 403 otherwise. A `menuId` of another model's
 * menu is refused, so no grant of one model opens another.
 */
export async function authorizeModel(
  ctx: AppContext,
  session: SessionInfo,
  model: RuntimeModel,
  buttons: RecordButton[],
  menuId?: string | null,
): Promise<Authorized> {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  let candidates = [...model.menus];
  if (menuId) {
    candidates = candidates.filter(([id]) => id === menuId);
    if (!candidates.length) throw forbidden();
  }
  const readOnly = model.bound;
  if (grants.isAdministrator) return { grants, menu: candidates[0]?.[1] ?? null, readOnly };
  for (const [, enCode] of candidates) {
    const granted = grants.modules.get(enCode);
    if (!granted) continue;
    if (!buttons.length || !model.list.useButtonPermission || buttons.some((b) => granted.has(b)))
      return { grants, menu: enCode, readOnly };
  }
  throw forbidden();
}

/** Fields the model offers to data-permission schemes: its main columns and the system ones. */
function rowFields(model: RuntimeModel): FieldMap {
  const t = model.main.name;
  const map: FieldMap = {};
  const numeric = (k: string) => k === 'int' || k === 'decimal' || k === 'datetime';
  for (const [key, col] of Object.entries(model.spec.columns))
    map[key] = { column: `${t}.${col.column}`, type: numeric(col.kind) ? 'number' : 'string' };
  if (model.system.creator_user_id) {
    map.creatorUserId = `${t}.creator_user_id`;
    map.createdBy = `${t}.creator_user_id`;
  }
  return map;
}

export function rowFilterOf(ctx: AppContext, model: RuntimeModel, auth: Authorized): Expression<SqlBool> | null {
  if (!auth.menu) return null;
  return rowRuleExpression(auth.grants, auth.menu, rowFields(model), ctx.dialect);
}

export const hiddenOf = (auth: Authorized) => (auth.menu ? hiddenColumnsOf(auth.grants, auth.menu) : new Set<string>());
export const lockedOf = (auth: Authorized) => (auth.menu ? lockedFieldsOf(auth.grants, auth.menu) : new Set<string>());

const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;

/** The search object of a list body (`queryJson` or the 3.2 server's `json`), as JSON text or an object. */
export function searchObject(body: Pick<RecordListBody, 'queryJson' | 'json'>): Record<string, unknown> {
  const value = body.queryJson ?? body.json;
  if (value === undefined || value === '') return {};
  if (typeof value !== 'string') return value;
  const parsed = parseJson(value);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('records.badFilter', { field: 'queryJson' });
  return parsed as Record<string, unknown>;
}

/** The list keys a caller sees: system columns, then the list's main-table columns (all fields when it names none), minus hidden ones. */
export function visibleKeys(model: RuntimeModel, hidden: Set<string>, chosen?: string[]): string[] {
  const listed = model.list.columns.filter((c) => !c.field.includes('.') && model.fields.has(c.field)).map((c) => c.field);
  let keys = listed.length ? listed : [...model.fields.keys()];
  if (chosen?.length) keys = keys.filter((k) => chosen.includes(k));
  const system = Object.values(model.system).filter((k) => k === 'id' || !hidden.has(k));
  return [...system, ...keys.filter((k) => !hidden.has(k))];
}

/** Row values as the API sends them (numbers as numbers, arrays parsed). */
function fromRows(model: RuntimeModel, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const byName = new Map(model.main.columns.map((c) => [c.name, c]));
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const key in r) {
      const col = byName.get(key);
      out[key] = col
        ? fromRowValue(col, r[key])
        : (key === 'creatorTime' || key === 'lastModifyTime') && r[key] !== null
          ? Number(r[key])
          : r[key];
    }
    return out;
  });
}

/** Most rows one export or "every row" list reads. */
export const EXPORT_MAX = 100_000;

/** POST {id}/List: one page (or, with dataType '1', every row up to EXPORT_MAX) of the caller's rows, display values. */
export async function listRecords(
  ctx: AppContext,
  model: RuntimeModel,
  auth: Authorized,
  body: RecordListBody,
  opts: { display?: boolean; select?: string[] } = {},
) {
  const hidden = hiddenOf(auth);
  const select = visibleKeys(model, hidden, opts.select ?? body.selectKey);
  const all = body.dataType === '1';
  // Compiled once per (model, grants, filter shape): a repeated list only binds its values.
  const { page, total } = listStatements(
    raw(ctx),
    ctx.dialect,
    model.spec,
    {
      filters: searchObject(body),
      keyword: body.keyword,
      sidx: body.sidx,
      sort: body.sort,
      currentPage: body.currentPage,
      pageSize: body.pageSize,
    },
    { scope: auth.grants, scopeKey: auth.menu ?? '', rowFilter: () => rowFilterOf(ctx, model, auth), select },
    all ? { limit: EXPORT_MAX, offset: 0 } : undefined,
  );
  const run = async <R>(s: ListStatement) => (await raw(ctx).executeQuery<R>(CompiledQuery.raw(asWritten(s.sql), s.parameters))).rows;
  const [rows, count] = await Promise.all([run<Record<string, unknown>>(page), run<{ total: number | string }>(total)]);
  const values = fromRows(model, rows);
  const list = opts.display === false ? values : await displayRecords(ctx, model, values, model.fields, displayCaller(auth));
  return {
    list,
    pagination: {
      currentPage: all ? 1 : body.currentPage,
      pageSize: all ? list.length : body.pageSize,
      total: Number(count[0]?.total ?? 0),
    },
  };
}

/** Whom the display values are for: data interfaces behind popups may read the caller's values. */
export const displayCaller = (auth: Authorized) => ({ userId: auth.grants.userId, isAdministrator: auth.grants.isAdministrator });

/** A row of the model's main table the caller may see (row rules), or 404. */
async function visibleRow(
  ctx: AppContext,
  db: Kysely<any>,
  model: RuntimeModel,
  auth: Authorized,
  id: string,
): Promise<Record<string, unknown>> {
  if (model.numericId && !/^-?\d{1,15}$/.test(id)) throw notFound();
  let q = db.selectFrom(model.main.name).selectAll().where('id', '=', id);
  const filter = rowFilterOf(ctx, model, auth);
  if (filter) q = q.where(filter);
  const [row] = await selectAsWritten(db, q);
  if (!row) throw notFound();
  return row;
}

/** A record with its sub-table rows, raw values, without the fields the caller may not read. */
export async function readRecord(ctx: AppContext, model: RuntimeModel, auth: Authorized, id: string): Promise<RecordData> {
  const db = raw(ctx);
  const row = await visibleRow(ctx, db, model, auth, id);
  const record = rowToApi(model.main.columns, row);
  for (const sub of model.subs) {
    const rows = await selectAsWritten(
      db,
      db.selectFrom(sub.name).selectAll().where('parent_id', '=', id).orderBy('sort_code').orderBy('id'),
    );
    record[sub.tableField!] = rows.map((r) => rowToApi(sub.columns, r, true));
  }
  const locked = lockedOf(auth);
  for (const key of locked) if (key !== 'id') delete record[key];
  return record;
}

function rowToApi(columns: ModelColumn[], row: Record<string, unknown>, sub = false): RecordData {
  const out: RecordData = {};
  const system = sub ? SUB_SYSTEM_COLUMN_SQL : SYSTEM_COLUMN_SQL;
  for (const [sqlName, apiName] of Object.entries(system))
    if (sqlName in row) out[apiName] = sqlName.endsWith('_time') && row[sqlName] !== null ? Number(row[sqlName]) : row[sqlName];
  for (const c of columns) if (c.name in row) out[c.name] = fromRowValue(c, row[c.name]);
  return out;
}

/** `data` of a create or update body: an object, or JSON text of one (server-contract §3.4). */
export function recordOf(data: unknown): RecordData {
  const value = typeof data === 'string' ? parseJson(data) : data;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('records.badData');
  return value as RecordData;
}

export interface WriteContext {
  session: SessionInfo;
  auth: Authorized;
  now: number;
  organizeId: string | null;
  positionId: string | null;
}

export async function writeContext(ctx: AppContext, session: SessionInfo, auth: Authorized): Promise<WriteContext> {
  if (auth.readOnly) throw badRequest('records.boundReadOnly');
  const user = await ctx.db.selectFrom('users').select(['organizeId', 'positionId']).where('id', '=', session.userId).executeTakeFirst();
  return { session, auth, now: Date.now(), organizeId: user?.organizeId ?? null, positionId: user?.positionId ?? null };
}

/** Values the server owns: system fields, bill numbers (inside the write's transaction). */
export async function serverFill(
  ctx: AppContext,
  trx: Transaction<Database>,
  fields: Map<string, FormField>,
  record: RecordData,
  w: WriteContext,
  creating: boolean,
  stored: RecordData | null,
) {
  for (const [key, f] of fields) {
    switch (f.type) {
      case 'createUser':
        record[key] = creating ? w.session.userId : (stored?.[key] ?? null);
        break;
      case 'createTime':
        record[key] = creating ? w.now : (stored?.[key] ?? null);
        break;
      case 'modifyUser':
        record[key] = creating ? null : w.session.userId;
        break;
      case 'modifyTime':
        record[key] = creating ? null : w.now;
        break;
      case 'currOrganize':
      case 'currDept':
        record[key] = creating ? w.organizeId : (stored?.[key] ?? null);
        break;
      case 'currPosition':
        record[key] = creating ? w.positionId : (stored?.[key] ?? null);
        break;
      case 'billRule':
        // A record keeps its number; a new one draws the next number of its rule.
        if (!creating && stored?.[key]) record[key] = stored[key];
        else record[key] = f.billRule ? await nextBillNumber(ctx, trx, f.billRule) : null;
        break;
      default:
    }
  }
}

/** The record as written: locked fields replaced (defaults on create, stored values on update), checked, server fields filled. */
async function prepareRecord(ctx: AppContext, model: RuntimeModel, input: RecordData, auth: Authorized, stored: RecordData | null) {
  const locked = lockedOf(auth);
  const record: RecordData = {};
  for (const [key, f] of model.fields) {
    if (locked.has(key)) {
      // Not the caller's to write: the stored value (checked, never rewritten) or the default.
      if (stored) record[key] = stored[key];
      else if (f.defaultValue !== undefined) record[key] = f.defaultValue;
      continue;
    }
    if (key in input) record[key] = input[key];
    else if (!stored && f.defaultValue !== undefined) record[key] = f.defaultValue;
    else if (stored) record[key] = stored[key];
  }
  for (const sub of model.subs) {
    const key = sub.tableField!;
    if (locked.has(key)) {
      if (stored) continue;
      record[key] = [];
      continue;
    }
    const rows = input[key];
    record[key] = Array.isArray(rows) ? rows : stored ? (stored[key] ?? []) : [];
  }
  return checkRecord(ctx, model, record);
}

async function writeSubRows(
  trx: Transaction<Database>,
  model: RuntimeModel,
  parentId: string,
  record: RecordData,
  w: WriteContext,
  locked: Set<string>,
) {
  const db = trx.withoutPlugins() as unknown as Kysely<any>;
  for (const sub of model.subs) {
    const key = sub.tableField!;
    if (locked.has(key) && !(key in record)) continue;
    await db.deleteFrom(sub.name).where('parent_id', '=', parentId).execute();
    const rows = (record[key] as RecordData[] | undefined) ?? [];
    const fields = model.subFields.get(key) ?? new Map<string, FormField>();
    for (let i = 0; i < rows.length; i++) {
      const r = { ...rows[i]! };
      await fillSubSystem(fields, r, w);
      await db
        .insertInto(sub.name)
        .values({
          ...recordToRow(sub.columns, r),
          id: newId(),
          parent_id: parentId,
          sort_code: i,
          creator_user_id: w.session.userId,
          creator_time: w.now,
          organize_id: w.organizeId,
          flow_state: 0,
        })
        .execute();
    }
  }
}

/** System fields inside sub-table rows (the reference fills them too); bill numbers are main-table only. */
export async function fillSubSystem(fields: Map<string, FormField>, r: RecordData, w: WriteContext) {
  for (const [key, f] of fields) {
    if (f.type === 'createUser' || f.type === 'modifyUser') r[key] = w.session.userId;
    else if (f.type === 'createTime' || f.type === 'modifyTime') r[key] = w.now;
  }
}

/** After a write the row must still be the caller's under their row rules; otherwise the whole write is refused. */
async function assertVisible(ctx: AppContext, trx: Transaction<Database>, model: RuntimeModel, auth: Authorized, id: string) {
  const filter = rowFilterOf(ctx, model, auth);
  if (!filter) return;
  const db = trx.withoutPlugins() as unknown as Kysely<any>;
  const [row] = await selectAsWritten(db, db.selectFrom(model.main.name).select('id').where('id', '=', id).where(filter));
  if (!row) throw forbidden();
}

/** POST {id}: a record and its sub-table rows in one transaction. */
export async function createRecord(ctx: AppContext, session: SessionInfo, model: RuntimeModel, auth: Authorized, input: RecordData) {
  const record = await prepareRecord(ctx, model, input, auth, null);
  const w = await writeContext(ctx, session, auth);
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await serverFill(ctx, trx, model.fields, record, w, true, null);
    const db = trx.withoutPlugins() as unknown as Kysely<any>;
    const hook: RecordHookContext = { ctx, db, session, modelId: model.id };
    await runBeforeSave(model.enCode, hook, record, null);
    await db
      .insertInto(model.main.name)
      .values({
        ...recordToRow(model.main.columns, record),
        id,
        creator_user_id: session.userId,
        creator_time: w.now,
        organize_id: w.organizeId,
        flow_state: 0,
      })
      .execute();
    await writeSubRows(trx, model, id, record, w, new Set());
    await runAfterSave(model.enCode, hook, id, record, true);
    await assertVisible(ctx, trx, model, auth, id);
  });
  return { id };
}

/** PUT {id}/{dataId}: fields the caller may not write keep their stored values. */
export async function updateRecord(
  ctx: AppContext,
  session: SessionInfo,
  model: RuntimeModel,
  auth: Authorized,
  id: string,
  input: RecordData,
) {
  const storedRow = await visibleRow(ctx, raw(ctx), model, auth, id);
  refuseInFlow('edit', storedRow.flow_state);
  const stored = rowToApi(model.main.columns, storedRow);
  const record = await prepareRecord(ctx, model, input, auth, stored);
  const w = await writeContext(ctx, session, auth);
  const locked = lockedOf(auth);
  await ctx.db.transaction().execute(async (trx) => {
    await serverFill(ctx, trx, model.fields, record, w, false, stored);
    const db = trx.withoutPlugins() as unknown as Kysely<any>;
    const hook: RecordHookContext = { ctx, db, session, modelId: model.id };
    await runBeforeSave(model.enCode, hook, record, id);
    const values = recordToRow(
      model.main.columns.filter((c) => !locked.has(c.name)),
      record,
    );
    // Guarded: a submit that committed since the read above wins, and this write is refused.
    const res = await db
      .updateTable(model.main.name)
      .set({ ...values, last_modify_user_id: session.userId, last_modify_time: w.now })
      .where('id', '=', id)
      .where('flow_state', 'not in', LOCKED_FLOW_STATES)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) {
      const [now] = await selectAsWritten<{ flow_state: unknown }>(
        db,
        db.selectFrom(model.main.name).select('flow_state').where('id', '=', id),
      );
      if (!now) throw notFound();
      refuseInFlow('edit', now.flow_state);
    }
    await writeSubRows(trx, model, id, record, w, locked);
    await runAfterSave(model.enCode, hook, id, record, false);
    await assertVisible(ctx, trx, model, auth, id);
  });
}

/** 409 when the record's flow holds it (record-flows.ts LOCKED_FLOW_STATES): waiting, approved or terminated. */
function refuseInFlow(what: 'edit' | 'delete', flowState: unknown) {
  const state = Number(flowState ?? 0);
  if (LOCKED_FLOW_STATES.includes(state)) throw conflict(`records.inFlow.${what}.${state}`);
}

/** Most ids one batch delete takes. */
export const BATCH_MAX = 1000;

/** DELETE {id}/{dataId} and POST batchDelete/{id}: rows the caller may see, with their sub-table rows; others are refused (404). */
export async function deleteRecords(ctx: AppContext, model: RuntimeModel, auth: Authorized, ids: string[], session?: SessionInfo) {
  if (model.bound) throw badRequest('records.boundReadOnly');
  if (ids.length > BATCH_MAX) throw badRequest('records.tooManyIds', { max: BATCH_MAX });
  const unique = [...new Set(ids)];
  const db = raw(ctx);
  let q = db
    .selectFrom(model.main.name)
    .select(['id', 'flow_state'])
    .where('id', 'in', unique.length ? unique : ['']);
  const filter = rowFilterOf(ctx, model, auth);
  if (filter) q = q.where(filter);
  const found = await selectAsWritten<{ id: string; flow_state: unknown }>(db, q);
  if (found.length !== unique.length || !unique.length) throw notFound();
  for (const r of found) refuseInFlow('delete', r.flow_state);
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    const caller = session ?? { id: '', sid: '', account: '', userId: auth.grants.userId, isAdministrator: auth.grants.isAdministrator };
    await runBeforeDelete(model.enCode, { ctx, db: t, session: caller, modelId: model.id }, unique);
    for (const sub of model.subs) await t.deleteFrom(sub.name).where('parent_id', 'in', unique).execute();
    // Guarded like the update: a row submitted since the check stays, with its sub-rows (the transaction rolls back).
    const res = await t
      .deleteFrom(model.main.name)
      .where('id', 'in', unique)
      .where('flow_state', 'not in', LOCKED_FLOW_STATES)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) !== unique.length) throw conflict(`records.inFlow.delete.${LOCKED_FLOW_STATES[0]}`);
  });
}

/** A field's stored value from a wire value (for import and checks). */
export const storedValue = (col: ModelColumn, v: unknown) => toRowValue(col, v);

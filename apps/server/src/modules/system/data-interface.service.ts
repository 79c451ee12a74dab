import type { DataInterface, DataInterfaceInput, DataInterfaceLogRow, InterfaceParamDef, PageResult } from '@medalliance/contract';
import { dataInterfaceBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { keywordMatch } from '../../http/paging.ts';
import { newId } from '../../lib/ids.ts';
import { ownColumns, runList, type ListTableSpec } from '../visualdev/list-query.ts';
import { parseJson } from './db-errors.ts';
import { assertFreeEnCode, createdBy, setEnabledMark, updatedBy, writeUnique } from './records.ts';
import type { InterfaceRow } from './data-interface.runner.ts';
import { flushLogs } from './logs.service.ts';
import { checkReadOnlySql, SqlRefused } from './sql-guard.ts';
import { sharedCache } from '../../lib/shared-caches.ts';

/** Data interface records (spec §7.5 DataInterface; server-contract §6). */

export function toInterface(row: InterfaceRow): DataInterface {
  return {
    id: row.id,
    categoryId: row.categoryId,
    fullName: row.fullName,
    enCode: row.enCode,
    dataType: row.dataType,
    query: row.query,
    path: row.path,
    requestMethod: row.requestMethod === 'POST' ? 'POST' : 'GET',
    requestHeaders: parseJson(row.requestHeaders, []),
    requestParameters: parseJson(row.requestParameters, []),
    parameterJson: parseJson<InterfaceParamDef[]>(row.parameterJson, []),
    responsePath: row.responsePath,
    timeoutMs: row.timeoutMs,
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    description: row.description,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** By id or enCode. */
export async function findInterface(ctx: AppContext, idOrCode: string): Promise<InterfaceRow> {
  const row = await ctx.db
    .selectFrom('dataInterfaces')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('enCode', '=', idOrCode)]))
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Interface definitions for calls, kept a few seconds: a picker calls the same
 * interface many times a second. Writes through this process forget them at
 * once; another server process sees a change within CALL_CACHE_MS.
 */
const CALL_CACHE_MS = 3000;
const callCache = new WeakMap<AppContext['db'], Map<string, { at: number; row: Promise<InterfaceRow> }>>();

export function findInterfaceForCall(ctx: AppContext, idOrCode: string): Promise<InterfaceRow> {
  let perDb = callCache.get(ctx.db);
  if (!perDb) callCache.set(ctx.db, (perDb = new Map()));
  const hit = perDb.get(idOrCode);
  if (hit && Date.now() - hit.at < CALL_CACHE_MS) return hit.row;
  const row = findInterface(ctx, idOrCode);
  row.catch(() => perDb.delete(idOrCode));
  perDb.set(idOrCode, { at: Date.now(), row });
  if (perDb.size > 1000) perDb.delete(perDb.keys().next().value!);
  return row;
}

/** Forgets cached definitions (after a write, or in tests that change rows behind the service's back). */
export const forgetInterfaces = sharedCache('dataInterfaces', (ctx) => callCache.get(ctx.db)?.clear());

export interface InterfaceListQuery {
  keyword: string;
  categoryId?: string | undefined;
  dataType?: number | undefined;
  currentPage: number;
  pageSize: number;
}

/** The interfaces list (list-query.ts): keyword over name and code, category, type, in sort-code order, newest first within one. */
const interfaceList: ListTableSpec = {
  table: 'dataInterfaces',
  columns: ownColumns({
    id: 'string',
    categoryId: 'string',
    fullName: 'string',
    enCode: 'string',
    dataType: 'int',
    path: 'string',
    requestMethod: 'string',
    sortCode: 'int',
    enabledMark: 'int',
    description: 'text',
    createdAt: 'datetime',
    updatedAt: 'datetime',
    createdBy: 'string',
  }),
  search: { categoryId: 'equal', dataType: 'equal', enabledMark: 'equal' },
  sortable: new Set(),
  defaultSort: [
    { field: 'sortCode', order: 'asc' },
    { field: 'createdAt', order: 'desc' },
    { field: 'id', order: 'asc' },
  ],
  idKey: 'id',
  keywordFields: ['fullName', 'enCode'],
};

export async function listInterfaces(ctx: AppContext, q: InterfaceListQuery, enabledOnly = false) {
  const page = await runList<{ createdAt: number; createdBy: string | null } & Record<string, unknown>>(
    ctx.db,
    ctx.dialect,
    interfaceList,
    {
      filters: { categoryId: q.categoryId, dataType: q.dataType || undefined, enabledMark: enabledOnly ? 1 : undefined },
      keyword: q.keyword,
      currentPage: q.currentPage,
      pageSize: q.pageSize,
    },
    { rowFilter: null, select: Object.keys(interfaceList.columns) },
  );
  // The creators of this page's rows, by id: "name/account", as the reference shows them.
  const creatorIds = [...new Set(page.list.map((r) => r.createdBy).filter((id): id is string => !!id))];
  const creators = creatorIds.length
    ? await ctx.db.selectFrom('users').select(['id', 'realName', 'account']).where('id', 'in', creatorIds).execute()
    : [];
  const byId = new Map(creators.map((u) => [u.id, u]));
  return {
    list: page.list.map(({ createdBy, ...r }) => {
      const u = createdBy ? byId.get(createdBy) : undefined;
      return { ...r, creatorTime: r.createdAt, creatorUser: u?.realName ? `${u.realName}/${u.account}` : '' };
    }),
    pagination: page.pagination,
  };
}

async function assertCategory(ctx: AppContext, categoryId: string) {
  const hit = await ctx.db.selectFrom('dictionaryData').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!hit) throw badRequest('dataInterface.unknownCategory');
}

/** A SQL interface is checked when saved, so a refused text is reported at once, not at the first call. */
function assertSql(input: DataInterfaceInput) {
  if (input.dataType !== 1) return;
  try {
    checkReadOnlySql(input.query ?? '');
  } catch (err) {
    if (err instanceof SqlRefused) throw badRequest(err.reason, { detail: err.detail });
    throw err;
  }
}

function columnsOf(input: DataInterfaceInput) {
  return {
    categoryId: input.categoryId,
    fullName: input.fullName,
    enCode: input.enCode,
    dataType: input.dataType,
    query: input.dataType === 3 ? null : (input.query ?? null),
    path: input.dataType === 3 ? (input.path ?? null) : null,
    requestMethod: input.requestMethod,
    requestHeaders: JSON.stringify(input.requestHeaders ?? []),
    requestParameters: JSON.stringify(input.requestParameters ?? []),
    parameterJson: JSON.stringify(input.parameterJson ?? []),
    responsePath: input.responsePath || null,
    timeoutMs: input.timeoutMs ?? null,
    sortCode: input.sortCode,
    enabledMark: input.enabledMark,
    description: input.description ?? null,
  };
}

export async function createInterface(ctx: AppContext, input: DataInterfaceInput, userId: string | null): Promise<string> {
  assertSql(input);
  await assertCategory(ctx, input.categoryId);
  await assertFreeEnCode(ctx, 'dataInterfaces', input.enCode);
  const id = newId();
  forgetInterfaces(ctx);
  await writeUnique(input.enCode, () =>
    ctx.db
      .insertInto('dataInterfaces')
      .values({ id, ...columnsOf(input), ...createdBy(userId) })
      .execute(),
  );
  return id;
}

export async function updateInterface(ctx: AppContext, id: string, input: DataInterfaceInput, userId: string | null): Promise<void> {
  const row = await ctx.db.selectFrom('dataInterfaces').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  assertSql(input);
  await assertCategory(ctx, input.categoryId);
  await assertFreeEnCode(ctx, 'dataInterfaces', input.enCode, id);
  forgetInterfaces(ctx);
  await writeUnique(input.enCode, () =>
    ctx.db
      .updateTable('dataInterfaces')
      .set({ ...columnsOf(input), ...updatedBy(userId) })
      .where('id', '=', id)
      .execute(),
  );
}

export async function deleteInterface(ctx: AppContext, id: string): Promise<InterfaceRow> {
  const row = await ctx.db.selectFrom('dataInterfaces').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  forgetInterfaces(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dataInterfaces').where('id', '=', id).execute();
    await trx.deleteFrom('dataInterfaceLogs').where('interfaceId', '=', id).execute();
  });
  return row;
}

export async function setInterfaceState(ctx: AppContext, id: string, userId: string | null, enabledMark?: 0 | 1): Promise<number> {
  const next = await setEnabledMark(ctx, 'dataInterfaces', id, userId, enabledMark);
  // Cached calls must not answer for a disabled interface (cleared once the mark is written).
  forgetInterfaces(ctx);
  return next;
}

/** Enabled interfaces grouped under their category (JNPF Selector: categories with children). */
export async function interfaceSelector(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('dataInterfaces')
    .leftJoin('dictionaryData', 'dictionaryData.id', 'dataInterfaces.categoryId')
    .select([
      'dataInterfaces.id',
      'dataInterfaces.categoryId',
      'dataInterfaces.fullName',
      'dataInterfaces.enCode',
      'dataInterfaces.dataType',
      'dictionaryData.fullName as categoryName',
      'dictionaryData.sortCode as categorySort',
    ])
    .where('dataInterfaces.enabledMark', '=', 1)
    .orderBy('dictionaryData.sortCode')
    .orderBy('dataInterfaces.sortCode')
    .orderBy('dataInterfaces.fullName')
    .execute();
  const groups = new Map<
    string,
    { id: string; parentId: string; fullName: string; categoryId: string; hasChildren: boolean; children: unknown[] }
  >();
  for (const r of rows) {
    let g = groups.get(r.categoryId);
    if (!g) {
      g = { id: r.categoryId, parentId: '0', fullName: r.categoryName ?? r.categoryId, categoryId: '0', hasChildren: true, children: [] };
      groups.set(r.categoryId, g);
    }
    g.children.push({
      id: r.id,
      parentId: r.categoryId,
      fullName: r.fullName,
      enCode: r.enCode,
      dataType: r.dataType,
      categoryId: '1',
      hasChildren: false,
      isLeaf: true,
      children: [],
    });
  }
  return [...groups.values()];
}

export function exportInterface(row: InterfaceRow) {
  const {
    id: _id,
    createdAt: _c,
    createdBy: _cb,
    updatedAt: _u,
    updatedBy: _ub,
    ...rest
  } = toInterface(row) as DataInterface & { createdBy?: unknown; updatedBy?: unknown };
  return { version: 1, kind: 'dataInterface', ...rest };
}

/** Imports an exported interface: created, or updated in place when its enCode exists. */
export async function importInterface(ctx: AppContext, data: unknown, userId: string | null): Promise<{ id: string; created: boolean }> {
  const body = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const parsed = dataInterfaceBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest('error.validation', { field: issue.path.length ? `${issue.path.join('.')}: ` : '', detail: issue.message });
  }
  const existing = await ctx.db.selectFrom('dataInterfaces').select('id').where('enCode', '=', parsed.data.enCode).executeTakeFirst();
  if (existing) {
    await updateInterface(ctx, existing.id, parsed.data, userId);
    return { id: existing.id, created: false };
  }
  return { id: await createInterface(ctx, parsed.data, userId), created: true };
}

export async function interfaceLogs(
  ctx: AppContext,
  interfaceId: string,
  q: { keyword: string; currentPage: number; pageSize: number; startTime?: number | undefined; endTime?: number | undefined },
): Promise<PageResult<DataInterfaceLogRow>> {
  await flushLogs(ctx);
  let base = ctx.db
    .selectFrom('dataInterfaceLogs')
    .leftJoin('users', 'users.id', 'dataInterfaceLogs.userId')
    .where('dataInterfaceLogs.interfaceId', '=', interfaceId);
  if (q.keyword) base = base.where(keywordMatch(['users.real_name', 'users.account', 'data_interface_logs.ip'], q.keyword));
  if (q.startTime !== undefined) base = base.where('dataInterfaceLogs.createdAt', '>=', q.startTime);
  if (q.endTime !== undefined) base = base.where('dataInterfaceLogs.createdAt', '<=', q.endTime);
  const [rows, count] = await Promise.all([
    base
      .selectAll('dataInterfaceLogs')
      .select(['users.realName', 'users.account'])
      .orderBy('dataInterfaceLogs.createdAt', 'desc')
      .orderBy('dataInterfaceLogs.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return {
    list: rows.map(({ realName, account, ...r }) => ({
      ...r,
      userName: realName ? `${realName}/${account}` : null,
      invokTime: r.createdAt,
      invokIp: r.ip,
      invokDevice: r.userAgent,
      invokWasteTime: r.duration,
      invokType: r.source,
    })),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(count?.total ?? 0) },
  };
}

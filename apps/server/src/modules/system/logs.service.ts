import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompiledQuery, type Insertable, type Selectable } from 'kysely';
import { LOG_CATEGORIES, type PageResult, type SysLogRow } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import type { LoginLogTable } from '../../db/schema.ts';
import type { DataInterfaceLogTable, SysLogTable } from '../../db/tables/system.ts';
import { redactUrl } from '../../http/log-redact.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { ownColumns, runList, type ListTableSpec } from '../visualdev/list-query.ts';
import { getSysConfig } from './sys-config.service.ts';

/**
 * System logs (spec §7.5 Log; JNPF categories 1 sign-in, 3 operation,
 * 4 exception, 5 request) and the data-interface call log. Request and call
 * rows are written in batches: a busy endpoint costs one INSERT per second,
 * not one per request. Reads flush first, so a log screen is never behind.
 */

const FLUSH_MS = 1000;
const FLUSH_ROWS = 500;
/** Rows kept in memory at most; beyond this (a stuck database) the oldest are dropped and counted. */
const MAX_BUFFER = 20_000;

interface Buffer {
  sys: Insertable<SysLogTable>[];
  calls: Insertable<DataInterfaceLogTable>[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  dropped: number;
}

const buffers = new WeakMap<AppContext['db'], Buffer>();

function bufferOf(ctx: AppContext): Buffer {
  let b = buffers.get(ctx.db);
  if (!b) buffers.set(ctx.db, (b = { sys: [], calls: [], timer: null, flushing: null, dropped: 0 }));
  return b;
}

function schedule(ctx: AppContext, b: Buffer) {
  if (b.sys.length + b.calls.length >= FLUSH_ROWS) {
    void flushLogs(ctx);
    return;
  }
  if (!b.timer) {
    b.timer = setTimeout(() => void flushLogs(ctx), FLUSH_MS);
    b.timer.unref();
  }
}

function push<T>(list: T[], row: T, b: Buffer) {
  if (list.length >= MAX_BUFFER) {
    list.shift();
    b.dropped += 1;
  }
  list.push(row);
}

const clip = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? s.slice(0, n) : s);

const SYS_LOG_COLUMNS = [
  'id',
  'category',
  'userId',
  'userName',
  'ip',
  'userAgent',
  'method',
  'path',
  'status',
  'duration',
  'module',
  'action',
  'targetId',
  'summary',
  'message',
  'createdAt',
] as const satisfies readonly (keyof SysLogTable)[];
const CALL_LOG_COLUMNS = [
  'id',
  'interfaceId',
  'userId',
  'ip',
  'userAgent',
  'duration',
  'success',
  'message',
  'source',
  'createdAt',
] as const satisfies readonly (keyof DataInterfaceLogTable)[];

/** Rows per INSERT: 100 × 16 values stays far below both databases' limits on bound parameters. */
const INSERT_ROWS = 100;
/** INSERT texts by dialect, table and row count (a transaction is a Kysely of its own: not a key). */
const insertTexts = new Map<string, string>();

/**
 * Multi-row INSERTs whose SQL Kysely builds once per table and row count
 * (only the values change): at a few thousand requests a second, building an
 * INSERT of 100 rows × 16 values anew for every batch cost a fifth of a simple
 * call's CPU. Values are always bound.
 */
async function insertRows<T extends 'sysLogs' | 'dataInterfaceLogs'>(
  dialect: AppContext['dialect'],
  db: Db,
  table: T,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const chunk = rows.slice(i, i + INSERT_ROWS);
    const key = `${dialect}:${table}:${chunk.length}`;
    let text = insertTexts.get(key);
    if (!text) {
      const blank = Object.fromEntries(columns.map((c) => [c, null]));
      text = db
        .insertInto(table)
        .values(chunk.map(() => blank) as never)
        .compile().sql;
      insertTexts.set(key, text);
    }
    const values: unknown[] = [];
    for (const row of chunk) for (const c of columns) values.push(row[c] ?? null);
    await db.executeQuery(CompiledQuery.raw(text, values));
  }
}

/** Writes what is buffered. Safe to call any time; concurrent calls share one write. */
export async function flushLogs(ctx: AppContext): Promise<void> {
  const b = bufferOf(ctx);
  if (b.timer) {
    clearTimeout(b.timer);
    b.timer = null;
  }
  if (b.flushing) await b.flushing;
  if (!b.sys.length && !b.calls.length) return;
  const sys = b.sys.splice(0);
  const calls = b.calls.splice(0);
  b.flushing = (async () => {
    try {
      // One transaction (one commit) for the batch.
      await ctx.db.transaction().execute(async (trx) => {
        await insertRows(ctx.dialect, trx, 'sysLogs', SYS_LOG_COLUMNS, sys);
        await insertRows(ctx.dialect, trx, 'dataInterfaceLogs', CALL_LOG_COLUMNS, calls);
      });
      if (b.dropped) {
        ctx.log.warn({ dropped: b.dropped }, 'log rows dropped while the database was unavailable');
        b.dropped = 0;
      }
    } catch (err) {
      ctx.log.error({ err, rows: sys.length + calls.length }, 'writing log rows failed');
    }
  })();
  try {
    await b.flushing;
  } finally {
    b.flushing = null;
  }
}

export interface OperationEntry {
  module: string;
  action: string;
  targetId?: string | null;
  summary?: string | null;
  ip?: string | null;
}

/**
 * Records who changed what (category 3). Other modules call this after a
 * successful write; it is written with the next batch.
 */
export function logOperation(ctx: AppContext, session: Pick<SessionInfo, 'userId' | 'account'> | null, entry: OperationEntry): void {
  const b = bufferOf(ctx);
  push(
    b.sys,
    {
      id: newId(),
      category: LOG_CATEGORIES.operation,
      userId: session?.userId ?? null,
      userName: clip(session?.account ?? null, 100),
      ip: clip(entry.ip ?? null, 64),
      userAgent: null,
      method: null,
      path: null,
      status: null,
      duration: null,
      module: clip(entry.module, 50),
      action: clip(entry.action, 50),
      targetId: clip(entry.targetId ?? null, 100),
      summary: clip(entry.summary ?? null, 2000),
      message: null,
      createdAt: Date.now(),
    },
    b,
  );
  schedule(ctx, b);
}

/** Operation log from a request: the user and address come from it. */
export function logRequestOperation(ctx: AppContext, req: FastifyRequest, entry: Omit<OperationEntry, 'ip'>): void {
  logOperation(ctx, req.session, { ...entry, ip: req.ip });
}

export interface InterfaceCall {
  interfaceId: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  duration: number;
  success: boolean;
  message: string | null;
  source: string;
}

/** Every data-interface call, with its duration (server-contract §6). */
export function logInterfaceCall(ctx: AppContext, call: InterfaceCall): void {
  const b = bufferOf(ctx);
  push(
    b.calls,
    {
      id: newId(),
      interfaceId: call.interfaceId,
      userId: call.userId,
      ip: clip(call.ip, 64),
      userAgent: clip(call.userAgent, 300),
      duration: Math.max(0, Math.round(call.duration)),
      success: call.success ? 1 : 0,
      message: clip(call.message, 500),
      source: call.source,
      createdAt: Date.now(),
    },
    b,
  );
  schedule(ctx, b);
}

// ---------------------------------------------------------------- request and exception log

const handlerErrors = new WeakMap<object, Error>();
let subscribed = false;

/**
 * Request log (category 5) for every /api route and exception log (category 4)
 * for every 500. Hooks on the root instance: call this from app.ts, before the
 * modules are registered (child scopes copy the root hooks when created).
 */
export function registerRequestLog(app: FastifyInstance, ctx: AppContext): void {
  if (!subscribed) {
    // Fastify publishes handler errors on this channel before its error handler
    // turns them into an answer; keep the error so the exception log has the stack.
    diagnostics.subscribe('tracing:fastify.request.handler:error', (message) => {
      const store = message as { request?: object; error?: Error };
      if (store.request && store.error) handlerErrors.set(store.request, store.error);
    });
    subscribed = true;
  }
  app.addHook('onResponse', async (req, reply) => {
    const path = redactUrl(req.url).split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    const b = bufferOf(ctx);
    const now = Date.now();
    const session = req.session as SessionInfo | null;
    const base = {
      userId: session?.userId ?? null,
      userName: clip(session?.account ?? null, 100),
      ip: clip(req.ip, 64),
      userAgent: clip(String(req.headers['user-agent'] ?? ''), 300),
      method: req.method.slice(0, 10),
      path: clip(path, 500),
      status: reply.statusCode,
      duration: Math.round(reply.elapsedTime),
      module: null,
      action: null,
      targetId: null,
      summary: null,
      createdAt: now,
    };
    push(b.sys, { id: newId(), category: LOG_CATEGORIES.request, message: null, ...base }, b);
    if (reply.statusCode >= 500) {
      const err = handlerErrors.get(req);
      const message = err ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : `HTTP ${reply.statusCode}`;
      push(b.sys, { id: newId(), category: LOG_CATEGORIES.exception, message: clip(message, 8000), ...base }, b);
    }
    schedule(ctx, b);
  });
  app.addHook('onClose', async () => flushLogs(ctx));
}

// ---------------------------------------------------------------- reading, deleting, retention

export interface LogListInput {
  category: number;
  keyword: string;
  startTime?: number | undefined;
  endTime?: number | undefined;
  currentPage: number;
  pageSize: number;
}

/** The sign-in log (list-query.ts): keyword over account, name and address, a time range, newest first. */
const loginLogList: ListTableSpec = {
  table: 'loginLogs',
  columns: ownColumns({
    id: 'string',
    userId: 'string',
    account: 'string',
    userName: 'string',
    ip: 'string',
    ipAddressName: 'string',
    platform: 'string',
    browser: 'string',
    loginType: 'string',
    success: 'int',
    message: 'text',
    createdAt: 'datetime',
  }),
  search: { createdAt: 'range' },
  sortable: new Set(),
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  idKey: 'id',
  keywordFields: ['account', 'userName', 'ip'],
};

/** The operation, exception and request logs (list-query.ts): one category, keyword, a time range, newest first. */
const sysLogList: ListTableSpec = {
  table: 'sysLogs',
  columns: ownColumns({
    id: 'string',
    category: 'int',
    userId: 'string',
    userName: 'string',
    ip: 'string',
    userAgent: 'string',
    method: 'string',
    path: 'string',
    status: 'int',
    duration: 'int',
    module: 'string',
    action: 'string',
    targetId: 'string',
    summary: 'string',
    message: 'text',
    createdAt: 'datetime',
  }),
  search: { category: 'equal', createdAt: 'range' },
  sortable: new Set(),
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  idKey: 'id',
  keywordFields: ['userName', 'ip', 'path', 'module', 'summary'],
};

export async function listLogs(ctx: AppContext, q: LogListInput): Promise<PageResult<SysLogRow | Record<string, unknown>>> {
  await flushLogs(ctx);
  const request = (filters: Record<string, unknown>) => ({
    filters: { ...filters, createdAt: [q.startTime ?? null, q.endTime ?? null] },
    keyword: q.keyword,
    currentPage: q.currentPage,
    pageSize: q.pageSize,
  });
  if (q.category === LOG_CATEGORIES.login) {
    const page = await runList<Selectable<LoginLogTable>>(ctx.db, ctx.dialect, loginLogList, request({}), {
      rowFilter: null,
      select: Object.keys(loginLogList.columns),
    });
    return {
      list: page.list.map((r) => ({
        ...r,
        category: 1,
        // JNPF spellings of the sign-in log (LogLoginOutput).
        creatorTime: r.createdAt,
        userName: r.userName ?? r.account,
        ipaddress: r.ip,
        ipAddressName: r.ipAddressName,
        platForm: r.platform,
        abstracts: r.message,
      })),
      pagination: page.pagination,
    };
  }
  const page = await runList<Selectable<SysLogTable>>(ctx.db, ctx.dialect, sysLogList, request({ category: q.category }), {
    rowFilter: null,
    select: Object.keys(sysLogList.columns),
  });
  return {
    list: page.list.map((r) => ({
      ...r,
      creatorTime: r.createdAt,
      ipaddress: r.ip,
      requestURL: r.path,
      requestMethod: r.method,
      requestDuration: r.duration,
      moduleName: r.module,
      json: r.message,
    })),
    pagination: page.pagination,
  };
}

/** Deletes log rows by id, whichever log they are in (ids are unique across them). Answers how many went. */
export async function deleteLogs(ctx: AppContext, ids: string[]): Promise<number> {
  await flushLogs(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const a = await trx.deleteFrom('loginLogs').where('id', 'in', ids).executeTakeFirst();
    const b = await trx.deleteFrom('sysLogs').where('id', 'in', ids).executeTakeFirst();
    return Number(a.numDeletedRows) + Number(b.numDeletedRows);
  });
}

/** Retention: deletes log rows older than the configured number of days. */
export async function cleanupLogs(ctx: AppContext, now = Date.now()): Promise<{ deleted: number }> {
  const { logRetentionDays } = await getSysConfig(ctx);
  const before = now - logRetentionDays * 86_400_000;
  await flushLogs(ctx);
  let deleted = 0;
  for (const table of ['sysLogs', 'loginLogs', 'dataInterfaceLogs'] as const) {
    const res = await ctx.db.deleteFrom(table).where('createdAt', '<', before).executeTakeFirst();
    deleted += Number(res.numDeletedRows);
  }
  await ctx.db.deleteFrom('billNumberPreviews').where('expiresAt', '<', now).execute();
  return { deleted };
}

/** Runs the retention cleanup at start-up and then daily; stops when the app closes. */
export function scheduleLogRetention(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= cleanupLogs(ctx)
      .then(
        ({ deleted }) => deleted && ctx.log.info({ deleted }, 'log retention removed old rows'),
        (err: unknown) => ctx.log.error({ err }, 'log retention failed'),
      )
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, 86_400_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
    await flushLogs(ctx);
  });
}

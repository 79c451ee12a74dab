import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type DbHandle, type DbOptions } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seed } from '../db/seed/index.ts';
import { md5 } from '../lib/crypto.ts';

/**
 * A real app on a real, private database for one test file: in-memory SQLite
 * by default; with TEST_DATABASE_URL, a fresh PostgreSQL schema that is dropped
 * on close so no data is left behind.
 */
export interface TestApp extends BuiltApp {
  handle: DbHandle;
  /** How to open this same database again (for a second server on it). */
  dbOptions: DbOptions;
  close(): Promise<void>;
  /** Signs in with the password flow and returns the bearer token. */
  login(account: string, password?: string): Promise<string>;
  /** app.inject with JSON body and an optional token. */
  call(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<TestResponse>;
}

export interface TestResponse {
  status: number;
  code: number;
  msg: string;
  data: any;
  raw: LightMyRequestResponse;
}

export const pgUrl = process.env.TEST_DATABASE_URL || null;

export interface TestAppOptions {
  /** A SQLite file a second app can open (createPeerApp). */
  shareable?: boolean;
  /** Seed the demo population of residents and programme patients (slow: only for tests that read it). */
  population?: boolean;
}

export async function createTestApp(overrides: Partial<Config> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    databaseUrl: pgUrl,
    // Cheap hashing: the suite seeds 30 users per file. Production keeps the OWASP cost.
    argon2: { memoryCost: 1024, timeCost: 1 },
    webDist: null,
    ...overrides,
  };
  let schema: string | undefined;
  if (pgUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  // A SQLite database another app can open too lives in a temporary file.
  const tmpDir = !pgUrl && opts.shareable ? fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-db-')) : null;
  const dbOptions: DbOptions = {
    databaseUrl: pgUrl,
    sqliteFile: tmpDir ? path.join(tmpDir, 'app.db') : ':memory:',
    ...(schema ? { pgSchema: schema } : {}),
    poolSize: 5,
  };
  const handle = openDb(dbOptions);
  await migrateToLatest(handle.db);
  const built = await buildApp(config, handle);
  await seed(built.ctx, { population: opts.population ?? false });
  await built.app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = opts.token;
    const raw = await built.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    let body: any = {};
    try {
      body = raw.json();
    } catch {
      body = {};
    }
    return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data, raw };
  };

  return {
    ...built,
    handle,
    dbOptions,
    call,
    async login(account, password = account === 'admin' ? 'admin123' : 'demo123') {
      const raw = await built.app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account, password: md5(password), grant_type: 'password', scope: 'all' }).toString(),
      });
      const body = raw.json();
      if (body.code !== 200) throw new Error(`login ${account} failed: ${body.msg}`);
      return body.data.token as string;
    },
    async close() {
      await built.app.close();
      await handle.close();
      if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
      if (schema) {
        const client = new pg.Client({ connectionString: pgUrl! });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}

/** A second server process's app on the same database as `t` (no migration, no seed), as behind a load balancer. */
export async function createPeerApp(
  t: TestApp,
  overrides: Partial<Config> = {},
): Promise<{ app: BuiltApp['app']; ctx: BuiltApp['ctx']; close(): Promise<void> }> {
  const handle = openDb(t.dbOptions);
  const { app, ctx } = await buildApp({ ...t.ctx.config, ...overrides }, handle);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** A form-encoded body, as the login page sends it. */
export const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

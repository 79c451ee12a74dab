/**
 * What every benchmark needs around the real server: a free loopback port,
 * waiting for start-up, signing in, a process's CPU time, and a private
 * PostgreSQL schema when DATABASE_URL is set.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess, stopServerProcess } from '../apps/server/src/test/server-process.ts';

export { freePort, login, waitForServer } from '../apps/server/src/test/server-process.ts';

/** CPU time (user + system) of a process so far in ms, from /proc (Linux, USER_HZ 100); 0 elsewhere. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time in ms of a process and all its descendants (the server with its SQL reader processes). */
export function treeCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  let children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`))
      children = children.concat(fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    /* gone, or not Linux */
  }
  return cpuMs(pid) + children.reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/** The server's DATABASE_URL: the given one with the bench's own schema as search_path. */
export function serverDatabaseUrl(baseUrl: string | null, schema: string | null): string | null {
  if (!baseUrl || !schema) return null;
  const u = new URL(baseUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** One statement on the administrative connection (create or drop the bench schema). */
export async function pgAdmin(baseUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Extra Node flags for the server under test (BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"), to profile it in place. */
export function serverNodeArgs(): string[] {
  return process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : [];
}

/**
 * The real server on a free loopback port, on the bench's own data folder (and
 * PostgreSQL schema when given), without the web build; resolves once it
 * answers. SERVER_WORKERS passes through: benches run as deployed.
 */
export async function startServer(opts: {
  dataDir: string;
  work: string;
  databaseUrl: string | null;
}): Promise<{ base: string; server: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(opts.work, 'no-web'),
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const { base, server } = await startServerProcess({ env, nodeArgs: serverNodeArgs() });
  return { base, server };
}

/** Stops a server started above: SIGTERM, then SIGKILL after 10 s. */
export const stopServer = stopServerProcess;

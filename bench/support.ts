/**
 * What every benchmark needs around the real server: a free loopback port,
 * waiting for start-up, signing in, a process's CPU time, and a private
 * PostgreSQL schema when DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { md5 } from '../apps/server/src/lib/crypto.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitForServer(base: string, seconds = 120): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/oauth/getConfig/admin`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not start within ${seconds} s`);
}

export async function login(base: string, account: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: md5(password), grant_type: 'password', scope: 'all' }).toString(),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 200) throw new Error(`login ${account}: ${body.msg}`);
  return body.data.token;
}

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
 * PostgreSQL schema when given), without the web build; resolves once it answers.
 */
export async function startServer(opts: {
  dataDir: string;
  work: string;
  databaseUrl: string | null;
}): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(opts.work, 'no-web'),
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const server = spawn(process.execPath, [...serverNodeArgs(), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(base);
  return { base, server };
}

/** Stops a server started above: SIGTERM, then SIGKILL after 10 s. */
export async function stopServer(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => {
    const t = setTimeout(() => (server.kill('SIGKILL'), resolve(null)), 10_000);
    server.once('exit', () => (clearTimeout(t), resolve(null)));
  });
}

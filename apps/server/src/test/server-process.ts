/**
 * The real server as its own process (apps/server/src/main.ts), for the tests
 * and benches that need what only a process has: a port of its own, worker
 * processes, signals. Also used by bench/support.ts and e2e/global-setup.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { md5 } from '../lib/crypto.ts';

export const repoDir = path.resolve(import.meta.dirname, '../../../..');

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

/** Resolves once the server answers; throws after `seconds` or when `proc` exits first. */
export async function waitForServer(base: string, seconds = 120, proc?: ChildProcess): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (proc && proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode} while starting`);
    try {
      if ((await fetch(`${base}/api/oauth/getConfig/admin`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not start within ${seconds} s`);
}

/** Signs in with the password form the web sends (md5 of the password); answers the token. */
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

/** Starts main.ts with `env` on a free loopback port; resolves once it answers. */
export async function startServerProcess(opts: {
  env: NodeJS.ProcessEnv;
  nodeArgs?: string[];
  stdout?: 'ignore' | 'inherit';
  /** How long a first start (migrate + seed) may take; the full demo seed on a loaded machine wants more than the default. */
  startSeconds?: number;
}): Promise<{ base: string; port: number; server: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoDir,
    env: { ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit'],
  });
  await waitForServer(base, opts.startSeconds ?? 120, server);
  return { base, port, server };
}

/** Stops a server started above: SIGTERM, then SIGKILL after 10 s. */
export async function stopServerProcess(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const t = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(t);
}

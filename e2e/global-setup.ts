import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Browser tests run against the real product as a user gets it: the built web
 * app served by the server on a fresh SQLite database in a temporary folder,
 * migrated and seeded. E2E_BASE_URL points the specs elsewhere instead.
 */
let server: ChildProcess | null = null;
let dataDir: string | null = null;
let webDist: string | null = null;

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  let baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-e2e-'));
    // Built fresh into this run's own folder: the tests see the code as it is now (a build left in
    // apps/web/dist may be stale), and another run rebuilding meanwhile cannot swap chunks under us.
    webDist = path.join(dataDir, 'web');
    // Vitest sets NODE_ENV=test; a build inheriting it ships React's development bundles. Test what users get.
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('web build failed');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const res = await fetch(`${baseUrl}/api/oauth/getConfig/admin`);
        if (res.ok) break;
      } catch {
        /* not up yet */
      }
      if (server.exitCode !== null) throw new Error('the server exited during start-up');
      if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  project.provide('baseUrl', baseUrl);
  // The server's data folder ('' against E2E_BASE_URL): tests read what only the server can see, such as the SMS outbox.
  project.provide('dataDir', dataDir ?? '');
  return async () => {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

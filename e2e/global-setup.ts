import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess, stopServerProcess } from '../apps/server/src/test/server-process.ts';

/**
 * Browser tests run against the real product as a user gets it: the built web
 * app served by the server on a fresh SQLite database in a temporary folder,
 * migrated and seeded. E2E_BASE_URL points the specs elsewhere instead.
 */
let server: ChildProcess | null = null;
let dataDir: string | null = null;
let webDist: string | null = null;

const root = path.resolve(import.meta.dirname, '..');

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
    // Two worker processes, as a production server runs: every browser test also checks that what one
    // worker changes (grants, settings, sessions, sockets) holds on the other at once.
    ({ base: baseUrl, server } = await startServerProcess({
      env: { ...process.env, DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn', DATABASE_URL: '', SERVER_WORKERS: '2' },
      // The whole demo alliance is seeded on this first start (residents, programmes, studies with images, courses).
      startSeconds: 400,
    }));
  }
  project.provide('baseUrl', baseUrl);
  // The server's data folder ('' against E2E_BASE_URL): tests read what only the server can see, such as the SMS outbox.
  project.provide('dataDir', dataDir ?? '');
  return async () => {
    await stopServerProcess(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openDb } from './db/connection.ts';
import { login, repoDir, startServerProcess, stopServerProcess } from './test/server-process.ts';

/**
 * An acknowledged write is kept. SQLite runs with `synchronous = FULL` unless
 * SQLITE_SYNCHRONOUS=NORMAL says otherwise (a power cut cannot be staged in a
 * test; FULL is what makes the WAL reach the disk before the answer), and a
 * server killed outright in the middle of concurrent writes loses none it
 * answered, leaving a sound database file.
 */
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `medalliance-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The server's environment on `dataDir`: SQLite, no Redis, no web build. */
function serverEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SERVER_WORKERS;
  return env;
}

describe('SQLITE_SYNCHRONOUS', () => {
  it('is FULL (2) by default and NORMAL (1) when asked, on the connection the server opens', async () => {
    for (const [env, expected] of [
      [{}, 2],
      [{ SQLITE_SYNCHRONOUS: 'FULL' }, 2],
      [{ SQLITE_SYNCHRONOUS: 'normal' }, 1],
    ] as const) {
      // The setting is per connection: ask the one openDb made, not a second one on the file.
      const handle = openDb({
        databaseUrl: null,
        sqliteFile: path.join(tempDir('sync'), 'app.db'),
        sqliteSynchronous: loadConfig(env).sqliteSynchronous,
      });
      const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(handle.db);
      await handle.close();
      expect(rows[0]?.synchronous, JSON.stringify(env)).toBe(expected);
    }
  });

  it('refuses any other value, and the server says why instead of starting', async () => {
    for (const bad of ['OFF', 'EXTRA', '0', 'fast'])
      expect(() => loadConfig({ SQLITE_SYNCHRONOUS: bad })).toThrow(/SQLITE_SYNCHRONOUS must be FULL .* or NORMAL/);

    const dataDir = tempDir('sync-refused');
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoDir,
      env: { ...serverEnv(dataDir, { SQLITE_SYNCHRONOUS: 'OFF' }), PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('SQLITE_SYNCHRONOUS must be FULL');
    expect(stderr).toContain("not 'OFF'");
    // Refused before anything was written.
    expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(false);
  });
});

describe('kill -9 in the middle of 50 concurrent writes', () => {
  let server: ChildProcess | null = null;
  afterEach(async () => {
    await stopServerProcess(server);
    server = null;
  });

  it('keeps every write the server acknowledged, in a sound file', { timeout: 180_000 }, async () => {
    const dataDir = tempDir('durability');
    const env = serverEnv(dataDir);
    const started = await startServerProcess({ env });
    server = started.server;
    const token = await login(started.base, 'admin', 'admin123');

    const N = 50;
    const acknowledged = new Map<string, string>(); // enCode → id
    let killed = false;
    const exited = new Promise((resolve) => started.server.once('exit', resolve));
    const writes = Array.from({ length: N }, async (_, i) => {
      const enCode = `durable${i}`;
      try {
        const res = await fetch(`${started.base}/api/system/DictionaryType`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ fullName: `持久${i}`, enCode }),
        });
        const body = (await res.json()) as { code: number; data: { id: string } };
        if (res.status === 200 && body.code === 200) acknowledged.set(enCode, body.data.id);
      } catch {
        // The connection died with the server: not acknowledged.
      }
      // Mid-way: once a fifth of the writes were answered, the rest are still on their way.
      if (!killed && acknowledged.size >= N / 5) {
        killed = true;
        started.server.kill('SIGKILL');
      }
    });
    await Promise.all(writes);
    await exited;
    expect(started.server.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(N / 5);
    expect(acknowledged.size, 'the kill came after every write was answered: nothing was interrupted').toBeLessThan(N);

    // What the kill left, read before any server touches the file again.
    const file = new SQLite(path.join(dataDir, 'app.db'));
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      const kept = new Set(
        (file.prepare(`SELECT en_code FROM dictionary_types WHERE en_code LIKE 'durable%'`).pluck().all() as string[]).map(String),
      );
      for (const enCode of acknowledged.keys()) expect(kept.has(enCode), `${enCode} was acknowledged`).toBe(true);
    } finally {
      file.close();
    }

    // And the restarted server answers every one of them.
    const again = await startServerProcess({ env });
    server = again.server;
    const token2 = await login(again.base, 'admin', 'admin123');
    for (const [enCode, id] of acknowledged) {
      const res = await fetch(`${again.base}/api/system/DictionaryType/${id}`, { headers: { authorization: token2 } });
      const body = (await res.json()) as { code: number; data: { enCode: string } };
      expect(body.code, enCode).toBe(200);
      expect(body.data.enCode).toBe(enCode);
    }
  });
});

import { execFile, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { login, repoDir, startServerProcess, stopServerProcess } from './test/server-process.ts';

/**
 * `npm run backup` while the server keeps taking writes and uploads, then
 * `npm run restore` into a fresh data folder: a server on it has every record
 * and file acknowledged before the backup started, byte for byte. The scripts
 * run as child processes, as an operator runs them.
 */
const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-backup-'));
const servers: ChildProcess[] = [];
afterAll(async () => {
  for (const s of servers) await stopServerProcess(s);
  fs.rmSync(work, { recursive: true, force: true });
});

function env(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    BACKUP_DIR: path.join(work, 'backups'),
    WEB_DIST: path.join(work, 'no-web'),
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'FILE_STORE', 'SERVER_WORKERS']) delete e[name];
  return { ...e, ...extra };
}

/** A script of scripts/ as a child process; answers its exit code and output instead of throwing. */
async function script(name: string, args: string[], e: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run(process.execPath, [`scripts/${name}.mjs`, ...args], { cwd: repoDir, env: e });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e2 = err as { code: number; stdout: string; stderr: string };
    return { code: e2.code, out: e2.stdout + e2.stderr };
  }
}

const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

interface Written {
  records: { enCode: string; id: string; at: number }[];
  files: { name: string; sha256: string; at: number }[];
  /** Why the writer stopped early. */
  error?: unknown;
}

/** Writes records and uploads files through the API, one after the other, until `stop()`. */
function keepWriting(base: string, token: string) {
  const written: Written = { records: [], files: [] };
  let stopped = false;
  let n = 0;
  const headers = { authorization: token };
  const loop = (async () => {
    while (!stopped) {
      const i = n++;
      const enCode = `backup${i}`;
      const res = await fetch(`${base}/api/system/DictionaryType`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: `备份${i}`, enCode }),
      });
      const body = (await res.json()) as { code: number; msg: string; data: { id: string } };
      if (body.code !== 200) throw new Error(`write ${i}: ${body.msg}`);
      written.records.push({ enCode, id: body.data.id, at: Date.now() });
      if (i % 3 === 0) {
        // Distinct contents, 1 B to 300 kB: each is a stored file of its own.
        const data = randomBytes(1 + ((i * 7919) % 300_000));
        const form = new FormData();
        form.append('file', new Blob([data]), `f${i}.txt`);
        const up = await fetch(`${base}/api/file/Uploader/annex`, { method: 'POST', headers, body: form });
        const ub = (await up.json()) as { code: number; msg: string; data: { name: string } };
        if (ub.code !== 200) throw new Error(`upload ${i}: ${ub.msg}`);
        written.files.push({ name: ub.data.name, sha256: sha256(data), at: Date.now() });
      }
    }
  })().catch((err: unknown) => {
    written.error = err;
  });
  /** Resolves once `enough` holds; throws when the writer failed. */
  const until = async (enough: () => boolean) => {
    while (!enough()) {
      if (written.error) throw written.error;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    until,
    written,
    stop: async () => {
      stopped = true;
      await loop;
      if (written.error) throw written.error;
    },
  };
}

describe('backup while the server writes, restore into a fresh data folder', () => {
  it('restores every record and file acknowledged before the backup began, checksums equal', { timeout: 300_000 }, async () => {
    const liveDir = path.join(work, 'live');
    const live = await startServerProcess({ env: env(liveDir) });
    servers.push(live.server);
    const token = await login(live.base, 'admin', 'admin123');
    const writer = keepWriting(live.base, token);
    await writer.until(() => writer.written.files.length >= 5);

    const began = Date.now();
    const backup = await script('backup', [], env(liveDir));
    const ended = Date.now();
    // A little more after the backup: those must not be in it.
    const after = writer.written.records.length;
    await writer.until(() => writer.written.records.length >= after + 3);
    await writer.stop();
    expect(backup.code, backup.out).toBe(0);
    const folder = /backup written to (\S+)/.exec(backup.out)?.[1];
    expect(folder).toBeTruthy();

    const { records, files } = writer.written;
    const during = records.filter((r) => r.at > began && r.at < ended).length;
    expect(during, 'the server kept answering writes while the backup ran').toBeGreaterThan(0);

    // The backup is a whole, checkable folder.
    const manifest = JSON.parse(fs.readFileSync(path.join(folder!, 'manifest.json'), 'utf8')) as {
      database: { sha256: string };
      files: { path: string; sha256: string }[];
      missing: string[];
      damaged: string[];
    };
    expect(manifest.missing).toEqual([]);
    expect(manifest.damaged).toEqual([]);
    for (const f of [{ path: 'app.db', sha256: manifest.database.sha256 }, ...manifest.files])
      expect(sha256(fs.readFileSync(path.join(folder!, f.path))), f.path).toBe(f.sha256);
    expect(fs.existsSync(`${folder}.partial`)).toBe(false);

    const freshDir = path.join(work, 'fresh');
    const restore = await script('restore', [folder!], env(freshDir));
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('checksums match');

    await stopServerProcess(live.server);
    const db = new SQLite(path.join(freshDir, 'app.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }

    const restored = await startServerProcess({ env: env(freshDir) });
    servers.push(restored.server);
    const token2 = await login(restored.base, 'admin', 'admin123');
    const get = (url: string) => fetch(`${restored.base}${url}`, { headers: { authorization: token2 } });
    // Acknowledged in the millisecond the backup began still counts as before it: the script starts after `began`.
    const committed = records.filter((r) => r.at <= began);
    expect(committed.length).toBeGreaterThan(5);
    for (const r of committed) {
      const body = (await (await get(`/api/system/DictionaryType/${r.id}`)).json()) as { code: number; data: { enCode: string } };
      expect(body.code, r.enCode).toBe(200);
      expect(body.data.enCode).toBe(r.enCode);
    }
    const stored = files.filter((f) => f.at <= began);
    expect(stored.length).toBeGreaterThanOrEqual(5);
    for (const f of stored) {
      const res = await get(`/api/file/Download/annex/${f.name}`);
      expect(res.status, f.name).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer())), f.name).toBe(f.sha256);
    }
    // What was written after the backup ended is not in it: the restore came from the copy.
    const last = records[records.length - 1]!;
    expect(last.at).toBeGreaterThan(ended);
    expect((await get(`/api/system/DictionaryType/${last.id}`)).status).toBe(404);
  });

  it(
    'restores only a whole backup, only into an empty folder or with --force, never under a running server',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(work, 'guarded');
      const server = await startServerProcess({ env: env(dataDir) });
      servers.push(server.server);
      const backup = await script('backup', [], env(dataDir, { BACKUP_DIR: path.join(work, 'guarded-backups') }));
      expect(backup.code, backup.out).toBe(0);
      const folder = /backup written to (\S+)/.exec(backup.out)![1]!;

      const notEmpty = await script('restore', [folder], env(dataDir));
      expect(notEmpty.code).toBe(1);
      expect(notEmpty.out).toContain('is not empty');
      const inUse = await script('restore', [folder, '--force'], env(dataDir));
      expect(inUse.code).toBe(1);
      expect(inUse.out).toContain('stop the server first');
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(true);

      // One flipped byte in the copy: refused before the target is touched.
      const damaged = path.join(work, 'damaged');
      fs.cpSync(folder, damaged, { recursive: true });
      const dbFile = path.join(damaged, 'app.db');
      const bytes = fs.readFileSync(dbFile);
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
      fs.writeFileSync(dbFile, bytes);
      const target = path.join(work, 'never');
      const refused = await script('restore', [damaged], env(target));
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('app.db: checksum differs');
      expect(fs.existsSync(path.join(target, 'app.db'))).toBe(false);

      const noManifest = await script('restore', [path.join(work, 'no-such-backup')], env(target));
      expect(noManifest.code).toBe(1);
      expect(noManifest.out).toContain('is not a complete backup');

      // With the server stopped, --force replaces and keeps the old data aside.
      await stopServerProcess(server.server);
      const forced = await script('restore', [folder, '--force'], env(dataDir));
      expect(forced.code, forced.out).toBe(0);
      expect(fs.readdirSync(dataDir).some((n) => n.startsWith('replaced-'))).toBe(true);
    },
  );

  it('points to pg_dump when the database is PostgreSQL', async () => {
    const res = await script('backup', [], env(path.join(work, 'pg'), { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }));
    expect(res.code).toBe(1);
    expect(res.out).toContain('pg_dump -Fc');
    expect(res.out).toContain('pg_restore');
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketClient } from './modules/message/test-client.ts';
import { login, startServerProcess, stopServerProcess } from './test/server-process.ts';

/**
 * The server as deployed on a machine with several cores: SERVER_WORKERS=2,
 * no Redis, one SQLite file. Each request below travels on a connection of its
 * own, and the cluster hands new connections to the workers in turn, so calls
 * alternate between the two processes. Both hold caches and sockets of their
 * own; what an administrator changes through one must hold on the other on the
 * very next call, not when a cache entry expires (30 s) or the sockets'
 * session re-check comes round (15 s).
 */
let server: ChildProcess | null = null;
let base = '';
let dataDir = '';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** One call on a fresh connection (no keep-alive), so consecutive calls reach both workers. */
function call<T>(method: string, url: string, token: string, body?: unknown): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: { authorization: token, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<T>));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The same call `n` times, each on a new connection. */
const everywhere = <T>(n: number, method: string, url: string, token: string) =>
  Promise.all(Array.from({ length: n }, () => call<T>(method, url, token)));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-cluster-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    SERVER_WORKERS: '2',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  ({ base, server } = await startServerProcess({ env }));
}, 120_000);

afterAll(async () => {
  await stopServerProcess(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('two worker processes without Redis', () => {
  type Me = { menuList: unknown[]; sysConfigInfo: { sysName: string } };

  it('a role switched off through one worker takes its menus away on both at once', async () => {
    const admin = await login(base, 'admin', 'admin123');
    const doctor = await login(base, 'zhangwei', 'demo123');
    // Both workers compute and cache the doctor's grants.
    const before = await everywhere<Me>(6, 'GET', '/api/oauth/CurrentUser', doctor);
    const menus = before[0]!.data.menuList.length;
    expect(menus).toBeGreaterThan(0);
    expect(before.every((r) => r.code === 200 && r.data.menuList.length === menus)).toBe(true);

    const roles = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/permission/Role?keyword=countyDoctor', admin);
    const role = roles.data.list.find((r) => r.enCode === 'countyDoctor')!;
    expect((await call('PUT', `/api/permission/Role/${role.id}/Actions/State`, admin)).code).toBe(200);
    try {
      const after = await everywhere<Me>(6, 'GET', '/api/oauth/CurrentUser', doctor);
      expect(after.map((r) => r.data.menuList.length < menus)).toEqual(Array(6).fill(true));
    } finally {
      expect((await call('PUT', `/api/permission/Role/${role.id}/Actions/State`, admin)).code).toBe(200);
    }
    const restored = await everywhere<Me>(6, 'GET', '/api/oauth/CurrentUser', doctor);
    expect(restored.map((r) => r.data.menuList.length)).toEqual(Array(6).fill(menus));
  });

  it('a setting saved through one worker is what both answer next', async () => {
    const admin = await login(base, 'admin', 'admin123');
    const doctor = await login(base, 'liuyang', 'demo123');
    const before = (await everywhere<Me>(6, 'GET', '/api/oauth/CurrentUser', doctor))[0]!.data.sysConfigInfo.sysName;
    const saved = await call('PUT', '/api/system/SysConfig', admin, { sysName: '双进程测试平台' });
    expect(saved.code, saved.msg).toBe(200);
    try {
      const names = (await everywhere<Me>(6, 'GET', '/api/oauth/CurrentUser', doctor)).map((r) => r.data.sysConfigInfo.sysName);
      expect(names).toEqual(Array(6).fill('双进程测试平台'));
    } finally {
      await call('PUT', '/api/system/SysConfig', admin, { sysName: before });
    }
  });

  it('forcing a user offline through one worker signs out their sockets on both', async () => {
    const admin = await login(base, 'admin', 'admin123');
    const doctor = await login(base, 'chenjing', 'demo123');
    const ws = base.replace('http:', 'ws:');
    // Two sockets on two connections: one on each worker.
    const sockets = await Promise.all([1, 2].map(() => SocketClient.open(`${ws}/api/message/websocket/${doctor}`)));
    try {
      for (const s of sockets) expect((await s.connect()).method).toBe('initMessage');
      const online = await call<{ list: { id: string; userAccount: string }[] }>('GET', '/api/system/OnlineUser?keyword=chenjing', admin);
      const session = online.data.list.find((r) => r.userAccount === 'chenjing')!;
      expect((await call('DELETE', `/api/system/OnlineUser/${session.id}`, admin)).code).toBe(200);
      // Well inside the 15 s re-check: only the relay through the primary can deliver this in time.
      const frames = await Promise.all(sockets.map((s) => s.next('logout', 3000)));
      expect(frames.map((f) => f.method)).toEqual(['logout', 'logout']);
    } finally {
      for (const s of sockets) s.ws.close();
    }
  });

  it('the online list seen from either worker counts sockets on both', async () => {
    const doctor = await login(base, 'yangfan', 'demo123');
    const other = await login(base, 'zhaomin', 'demo123');
    const ws = base.replace('http:', 'ws:');
    const a = await SocketClient.open(`${ws}/api/message/websocket/${doctor}`);
    const b = await SocketClient.open(`${ws}/api/message/websocket/${other}`);
    try {
      await a.connect();
      await b.connect();
      // Each new socket's initMessage lists the users online anywhere; a third and fourth land on both workers.
      // Presence is written in batches (hub.ts PRESENCE_BATCH_MS), so the other worker's users show within a batch or two.
      const seenOnce = () =>
        Promise.all(
          [1, 2].map(async () => {
            const c = await SocketClient.open(`${ws}/api/message/websocket/${doctor}`);
            try {
              return ((await c.connect()).onlineUserList as unknown[]).length;
            } finally {
              c.ws.close();
            }
          }),
        );
      await expect.poll(async () => Math.min(...(await seenOnce())), { timeout: 3000, interval: 100 }).toBeGreaterThanOrEqual(2);
    } finally {
      a.ws.close();
      b.ws.close();
    }
  });
});

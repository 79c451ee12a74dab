import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgUrl } from '../../test/harness.ts';
import { skipWithoutRedis, testRedisUrl } from '../../test/redis.ts';
import { login, startServerProcess, stopServerProcess } from '../../test/server-process.ts';
import { SocketClient, type Frame } from './test-client.ts';

/**
 * Two real server processes on one database (PostgreSQL with TEST_DATABASE_URL,
 * else one SQLite file) and one Redis, as behind a load balancer: users on
 * different processes chat live; one process is killed outright (SIGKILL) while
 * messages are still being sent; its user reconnects to the other process and
 * finds every message, none twice.
 */
const schema = pgUrl ? `t_chat_${randomBytes(5).toString('hex')}` : null;
let dataDir = '';
let a: { base: string; server: ChildProcess } | null = null;
let b: { base: string; server: ChildProcess } | null = null;

async function pgAdmin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl! });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    REDIS_URL: testRedisUrl,
  };
  delete env.SERVER_WORKERS;
  delete env.DATABASE_URL;
  if (pgUrl && schema) {
    const u = new URL(pgUrl);
    u.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = u.toString();
  }
  return env;
}

const wsUrl = (base: string, token: string) => `${base.replace(/^http/, 'ws')}/api/message/websocket/${encodeURIComponent(token)}`;

describe.skipIf(skipWithoutRedis)('chat across two server processes with Redis', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-chat2-'));
    if (schema) await pgAdmin(`CREATE SCHEMA ${schema}`);
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startServerProcess({ env: serverEnv() });
    b = await startServerProcess({ env: serverEnv() });
  }, 240_000);

  afterAll(async () => {
    await stopServerProcess(a?.server ?? null);
    await stopServerProcess(b?.server ?? null);
    if (schema) await pgAdmin(`DROP SCHEMA ${schema} CASCADE`);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('users on different processes chat; one process is killed; its user finds every message on the other, none twice', async () => {
    const zhang = await login(a!.base, 'zhangwei', 'demo123');
    const liu = await login(b!.base, 'liuyang', 'demo123');
    const onA = await SocketClient.open(wsUrl(a!.base, zhang));
    const onB = await SocketClient.open(wsUrl(b!.base, liu));
    const zhangId = (await onA.connect()).onlineUsers as string[];
    await onB.connect();
    // Both are online everywhere (presence through Redis).
    expect(zhangId.length).toBeGreaterThan(0);

    const me = async (base: string, token: string) => {
      const res = await fetch(`${base}/api/oauth/CurrentUser`, { headers: { authorization: token } });
      return ((await res.json()) as { data: { userInfo: { userId: string } } }).data.userInfo.userId;
    };
    const zhangUser = await me(a!.base, zhang);
    const liuUser = await me(b!.base, liu);

    // Live: 20 each way, alternating; every message arrives on the other process once.
    const sent = new Map<string, string>();
    const heardOnA: Frame[] = [];
    const heardOnB: Frame[] = [];
    for (let i = 0; i < 20; i++) {
      onA.send({ method: 'SendMessage', toUserId: liuUser, messageType: 'text', messageContent: `z${i} <b>bold</b>` });
      const e1 = await onA.next('sendMessage');
      sent.set(e1.id, e1.toMessage);
      heardOnB.push(await onB.next('receiveMessage'));
      onB.send({ method: 'SendMessage', toUserId: zhangUser, messageType: 'text', messageContent: `l${i}` });
      const e2 = await onB.next('sendMessage');
      sent.set(e2.id, e2.toMessage);
      heardOnA.push(await onA.next('receiveMessage'));
    }
    expect(new Set(heardOnB.map((f) => f.id)).size).toBe(20);
    expect(new Set(heardOnA.map((f) => f.id)).size).toBe(20);
    expect(heardOnB.every((f) => sent.get(f.id) === f.formMessage && f.formUserId === zhangUser)).toBe(true);

    // B dies outright; zhangwei keeps writing, some while B is dying.
    const killed = new Promise((r) => b!.server.once('exit', r));
    b!.server.kill('SIGKILL');
    for (let i = 0; i < 10; i++) {
      onA.send({ method: 'SendMessage', toUserId: liuUser, messageType: 'text', messageContent: `after ${i}` });
      const e = await onA.next('sendMessage');
      sent.set(e.id, e.toMessage);
    }
    await killed;
    await onB.closed;

    // liuyang's client reconnects to the surviving process with the same token.
    const again = await SocketClient.open(wsUrl(a!.base, liu));
    const init = await again.connect();
    expect(init.unreadNums).toEqual([expect.objectContaining({ sendUserId: zhangUser, receiveUserId: liuUser, unreadNum: 30 })]);
    expect(init.chatBlink).toBe(true);
    again.send({ method: 'MessageList', toUserId: zhangUser, currentPage: 1, pageSize: 100, sord: 'asc' });
    const list = (await again.next('messageList')).list as { id: string; content: string }[];
    expect(list).toHaveLength(sent.size);
    expect(new Set(list.map((m) => m.id)).size).toBe(list.length);
    expect(new Map(list.map((m) => [m.id, m.content]))).toEqual(sent);
    // What was live-delivered before the kill is not pushed again on reconnect.
    const extra = await again.next('receiveMessage', 500).catch(() => null);
    expect(extra).toBeNull();

    // And the chat goes on, now both on A.
    onA.send({ method: 'SendMessage', toUserId: liuUser, messageType: 'text', messageContent: 'welcome back' });
    expect((await again.next('receiveMessage')).formMessage).toBe('welcome back');
    onA.close();
    again.close();
  }, 120_000);
});

/**
 * One server with two worker processes and no Redis (SERVER_WORKERS=2): each
 * new connection goes to the next worker, so sockets opened one after the
 * other sit on different processes; chat reaches them through the primary.
 */
describe('chat across the workers of one server', () => {
  let server: ChildProcess | null = null;
  let base = '';
  let dir = '';
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-chatw-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dir,
      WEB_DIST: path.join(dir, 'no-web'),
      LOG_LEVEL: 'warn',
      SERVER_WORKERS: '2',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    ({ base, server } = await startServerProcess({ env }));
  }, 240_000);
  afterAll(async () => {
    await stopServerProcess(server);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every socket of the receiver hears each message once, whichever worker holds it', async () => {
    const zhang = await login(base, 'zhangwei', 'demo123');
    const liu = await login(base, 'liuyang', 'demo123');
    // Four sockets of the receiver: on both workers whatever the order the primary hands them out.
    const receivers = await Promise.all([0, 1, 2, 3].map(() => SocketClient.open(wsUrl(base, liu))));
    for (const r of receivers) await r.connect();
    const sender = await SocketClient.open(wsUrl(base, zhang));
    await sender.connect();
    const res = await fetch(`${base}/api/message/imreply/contacts?keyword=liuyang`, { headers: { authorization: zhang } });
    const liuUser = ((await res.json()) as { data: { list: { id: string }[] } }).data.list[0]!.id;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      sender.send({ method: 'SendMessage', toUserId: liuUser, messageType: 'text', messageContent: `w${i}` });
      ids.push((await sender.next('sendMessage')).id);
    }
    for (const r of receivers) {
      const got: string[] = [];
      for (let i = 0; i < 5; i++) got.push((await r.next('receiveMessage')).id);
      expect(got).toEqual(ids);
      expect(await r.next('receiveMessage', 300).catch(() => null)).toBeNull();
      r.close();
    }
    sender.close();
  }, 60_000);
});

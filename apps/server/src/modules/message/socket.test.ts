import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { md5, sha256 } from '../../lib/crypto.ts';
import { setSysConfig } from '../system/sys-config.service.ts';
import { flushLogs } from '../system/logs.service.ts';
import { tokenFrom } from '../oauth/sessions.service.ts';
import { hubOf } from './hub.ts';
import { after, listen, SocketClient } from './test-client.ts';

/**
 * The real-time socket against a listening app and the real `ws` client:
 * connect and initMessage, online broadcasts, every way a session ends
 * reaching its open socket, bad tokens and bad frames.
 */
let t: TestApp;
let base: string;
let admin: string;
const clients: SocketClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  admin = await t.login('admin');
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

const urlFor = (token: string, lang?: string) => `${base}/api/message/websocket/${encodeURIComponent(token)}${lang ? `?lang=${lang}` : ''}`;

async function open(token: string, lang?: string): Promise<SocketClient> {
  const c = await SocketClient.open(urlFor(token, lang));
  clients.push(c);
  return c;
}

const userId = async (account: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

const sidOf = async (token: string) =>
  (
    await t.ctx.db
      .selectFrom('sessions')
      .select('sid')
      .where('id', '=', sha256(tokenFrom(token)!))
      .executeTakeFirstOrThrow()
  ).sid;

describe('connecting', () => {
  it('answers initMessage with the online users and tells the others who came online', async () => {
    const a = await open(admin);
    const init = await a.connect();
    // The real unread counts (the seed may hold released notices), no chat yet.
    const counts = (await t.call('GET', '/api/message/UnreadCount', { token: admin })).data;
    expect(init).toMatchObject({ method: 'initMessage', unreadNums: [], unreadChatCount: 0, chatBlink: false, ...counts });
    expect(init.onlineUsers).toContain(await userId('admin'));
    expect(typeof init.dateTime).toBe('number');

    const zhang = await t.login('zhangwei');
    const z = await open(zhang);
    const zInit = await z.connect();
    expect(zInit.onlineUsers).toEqual(expect.arrayContaining([await userId('admin'), await userId('zhangwei')]));
    expect(await a.next('online')).toEqual({ method: 'online', userId: await userId('zhangwei') });
    // The newcomer does not hear about itself.
    expect(await Promise.race([z.next('online', 300).then(() => 'heard'), after(400, 'quiet')]).catch(() => 'quiet')).toBe('quiet');
  });

  it('tells a burst of newcomers in batched frames that name every one of them', async () => {
    const watcher = await open(await t.login('admin'));
    await watcher.connect();
    const accounts = ['liuyang', 'chenjing', 'zhoujie'];
    const tokens = await Promise.all(accounts.map((a) => t.login(a)));
    const sockets = await Promise.all(tokens.map((token) => open(token)));
    await Promise.all(sockets.map((c) => c.connect()));
    const heard = new Set<string>();
    while (heard.size < accounts.length) {
      const f = await watcher.next('online');
      for (const id of (f.userIds as string[] | undefined) ?? [f.userId as string]) heard.add(id);
    }
    expect([...heard].sort()).toEqual((await Promise.all(accounts.map(userId))).sort());
    for (const c of [watcher, ...sockets]) c.close();
  });

  it('takes the token with or without "Bearer ", and in the frames on the bare path', async () => {
    const raw = tokenFrom(await t.login('liuyang'))!;
    const bare = await open(raw);
    expect((await bare.connect()).method).toBe('initMessage');

    const framed = await SocketClient.open(`${base}/api/message/websocket`);
    clients.push(framed);
    expect((await framed.connect(await t.login('chenjing'))).onlineUsers).toContain(await userId('chenjing'));
  });

  it('a plain HTTP GET is authenticated and told to upgrade', async () => {
    const none = await t.call('GET', '/api/message/websocket');
    expect([none.status, none.code]).toEqual([401, 600]);
    const junk = await t.call('GET', `/api/message/websocket/${'x'.repeat(30)}`);
    expect([junk.status, junk.code]).toEqual([401, 602]);
    const good = await t.call('GET', `/api/message/websocket/${encodeURIComponent(admin)}`);
    expect([good.status, good.code]).toEqual([400, 400]);
    // The token in the path never reaches the request log.
    await flushLogs(t.ctx);
    const log = await t.call('GET', '/api/system/Log?category=5&pageSize=100&keyword=websocket', { token: admin });
    const paths: string[] = log.data.list.map((r: { path: string }) => r.path);
    expect(paths).toContain('/api/message/websocket/***');
    expect(paths.some((p) => p.includes(tokenFrom(admin)!))).toBe(false);
  });
});

describe('refused tokens', () => {
  it('a token we never issued gets logout in the caller’s language, then the socket closes', async () => {
    const c = await open('x'.repeat(40), 'en');
    expect(await c.next('logout')).toEqual({ method: 'logout', msg: 'Token verification failed' });
    expect((await c.closed).code).toBe(4001);

    const zh = await open(`Bearer ${'y'.repeat(40)}`);
    expect((await zh.next('logout')).msg).toBe('Token验证失败');
    await zh.closed;
  });

  it('a signed-out token gets the expired text; OnConnection without any token is refused too', async () => {
    const token = await t.login('yangfan');
    await t.call('GET', '/api/oauth/Logout', { token });
    const c = await open(token);
    expect((await c.next('logout')).msg).toBe('登录过期,请重新登录');
    await c.closed;

    const framed = await SocketClient.open(`${base}/api/message/websocket`, { headers: { 'accept-language': 'en' } });
    clients.push(framed);
    framed.send({ method: 'OnConnection', mobileDevice: false });
    expect((await framed.next('logout')).msg).toBe('Login expired, please log in again');
    await framed.closed;
  });
});

describe('bad frames', () => {
  it('answers error and keeps the socket', async () => {
    const c = await open(await t.login('zhaomin'), 'en');
    c.send('not json {');
    expect(await c.next()).toEqual({ method: 'error', msg: 'The frame is not valid JSON' });
    for (const bad of ['[]', '42', 'null', '{"method":""}', '{"method":7}', '{"nomethod":true}']) {
      c.send(bad);
      expect((await c.next()).msg, bad).toBe('Malformed frame: expected a JSON object with a method');
    }
    c.send({ method: '<script>alert(1)</script>' });
    expect((await c.next()).msg).toBe('Unsupported method <script>alert(1)</script>');
    c.send({ method: 'OnConnection', mobileDevice: 'yes' });
    expect((await c.next()).method).toBe('error');
    c.send({ method: 'OnConnection', padding: 'x'.repeat(70 * 1024) });
    expect(await c.next()).toEqual({ method: 'error', msg: 'Frame too large (limit 64 KB)' });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await c.next()).msg).toBe('Binary frames are not supported');
    // Still open and working.
    expect(c.open).toBe(true);
    expect((await c.connect()).method).toBe('initMessage');
  });

  it('frames before any token on the bare path are refused without closing', async () => {
    const c = await SocketClient.open(`${base}/api/message/websocket`);
    clients.push(c);
    c.send({ method: 'MessageList', toUserId: '1' });
    expect((await c.next()).msg).toBe('请先发送 OnConnection');
    expect(c.open).toBe(true);
  });

  it('a flood of frames is cut off', async () => {
    const c = await open(await t.login('sunli'));
    for (let i = 0; i < 400; i++) c.send({ method: 'Nope' });
    expect((await c.closed).code).toBe(1008);
    expect(c.frames.some((f) => f.msg === '消息过于频繁，请稍后再试')).toBe(true);
  });
});

describe('sessions ending reach the socket', () => {
  it('force offline by an administrator: logout, close, and the next call answers 601', async () => {
    const token = await t.login('zhoujie');
    const c = await open(token);
    await c.connect();
    const res = await t.call('DELETE', `/api/system/OnlineUser/${await sidOf(token)}`, { token: admin });
    expect(res.code).toBe(200);
    expect(await c.next('logout')).toEqual({ method: 'logout', msg: '您已被管理员强制下线' });
    expect((await c.closed).code).toBe(4001);
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token })).code).toBe(601);
  });

  it('only that session’s sockets: another session of the same user stays', async () => {
    const one = await t.login('wuqing');
    const two = await t.login('wuqing');
    const c1 = await open(one, 'zhtw');
    const c2 = await open(two);
    await c1.connect();
    await c2.connect();
    await t.call('DELETE', '/api/system/OnlineUser', { token: admin, body: { ids: [await sidOf(one)] } });
    expect((await c1.next('logout')).msg).toBe('您已被管理員強制下線');
    await c1.closed;
    expect(await Promise.race([c2.closed.then(() => 'closed'), after(300, 'open')])).toBe('open');
  });

  it('single login: signing in elsewhere logs the older socket out', async () => {
    await setSysConfig(t.ctx, { singleLogin: true });
    try {
      const first = await t.login('zhangwei');
      const c = await open(first, 'en');
      await c.connect();
      await t.login('zhangwei');
      expect(await c.next('logout')).toEqual({ method: 'logout', msg: 'Your account signed in elsewhere and this session was ended' });
      await c.closed;
    } finally {
      await setSysConfig(t.ctx, { singleLogin: false });
    }
  });

  it('a plain sign-out closes its socket with closeSocket, not logout', async () => {
    const token = await t.login('liuyang');
    const c = await open(token);
    await c.connect();
    await t.call('GET', '/api/oauth/Logout', { token });
    expect(await c.next()).toEqual({ method: 'closeSocket' });
    expect((await c.closed).code).toBe(1000);
  });

  it('disabling the user, resetting their password, changing my own password', async () => {
    const id = await userId('chenjing');
    const a = await open(await t.login('chenjing'), 'en');
    await t.call('PUT', `/api/permission/Users/${id}/Actions/State`, { token: admin, body: { enabledMark: 0 } });
    expect((await a.next('logout')).msg).toBe('Your account has been disabled; contact an administrator');
    await t.call('PUT', `/api/permission/Users/${id}/Actions/State`, { token: admin, body: { enabledMark: 1 } });

    const b = await open(await t.login('chenjing'));
    const reset = await t.call('POST', `/api/permission/Users/${id}/Actions/ResetPassword`, {
      token: admin,
      body: { userPassword: md5('demo123'), validatePassword: md5('demo123') },
    });
    expect(reset.code).toBe(200);
    expect((await b.next('logout')).msg).toBe('您已被管理员强制下线');

    const mine = await t.login('chenjing');
    const other = await open(await t.login('chenjing'));
    const keep = await open(mine);
    const changed = await t.call('POST', '/api/permission/Users/Current/Actions/ModifyPassword', {
      token: mine,
      body: { oldPassword: md5('demo123'), password: md5('Chen2024x'), confirmPassword: md5('Chen2024x') },
    });
    expect(changed.code, changed.msg).toBe(200);
    expect((await other.next('logout')).msg).toBe('您的密码已修改，请重新登录');
    expect(await Promise.race([keep.closed.then(() => 'closed'), after(300, 'open')])).toBe('open');
  });

  it('the periodic re-check catches a revocation written by someone else, and an expired session', async () => {
    const token = await t.login('dengshan');
    const c = await open(token);
    await c.connect();
    // As another server process without Redis would: only the database knows.
    await t.ctx.db
      .updateTable('sessions')
      .set({ revokedAt: Date.now(), revokedReason: 'offline' })
      .where('id', '=', sha256(tokenFrom(token)!))
      .execute();
    expect(await hubOf(t.ctx).recheck()).toBeGreaterThanOrEqual(1);
    expect((await c.next('logout')).msg).toBe('您已被管理员强制下线');

    const late = await t.login('dengshan');
    const d = await open(late);
    await d.connect();
    await t.ctx.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1 })
      .where('id', '=', sha256(tokenFrom(late)!))
      .execute();
    await hubOf(t.ctx).recheck();
    expect((await d.next('logout')).msg).toBe('登录过期,请重新登录');
  });
});

describe('keep-alive', () => {
  it('a socket that stops answering pings is dropped', async () => {
    const hub = hubOf(t.ctx);
    const dead = await SocketClient.open(urlFor(await t.login('fengtao')), { autoPong: false });
    clients.push(dead);
    await dead.connect();
    const before = hub.size;
    hub.heartbeat(); // ping
    await after(200, null);
    hub.heartbeat(); // no pong came: terminated
    await dead.closed;
    expect(hub.size).toBe(before - 1);
    // Live sockets answered and stay.
    const live = await open(admin);
    await live.connect();
    hub.heartbeat();
    await after(200, null);
    hub.heartbeat();
    expect(live.open).toBe(true);
  });
});

it('closing the app closes its sockets', async () => {
  const other = await createTestApp();
  try {
    const url = await listen(other.app);
    const c = await SocketClient.open(`${url}/api/message/websocket/${encodeURIComponent(await other.login('admin'))}`);
    await c.connect();
    await other.close();
    expect((await c.closed).code).toBe(1001);
  } catch (e) {
    await other.close().catch(() => {});
    throw e;
  }
});

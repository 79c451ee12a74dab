import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX_LENGTH, SOCKET_MAX_FRAME_BYTES } from '@medalliance/contract';
import { bytes, createFileTestApp, multipart, type FileTestApp } from '../file/test-support.ts';
import { sha256 } from '../../lib/crypto.ts';
import { tokenFrom } from '../oauth/sessions.service.ts';
import { after, listen, SocketClient, type Frame } from './test-client.ts';

/**
 * Chat end to end against a listening app and the real `ws` client: the
 * socket methods (SendMessage, MessageList, UpdateReadMessage) and their
 * replies, initMessage's chat counts, the imreply paths, refused input (HTML
 * kept as text, bad frames, wrong and ended tokens), on SQLite and PostgreSQL.
 */
let t: FileTestApp;
let base: string;
const clients: SocketClient[] = [];
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const XSS = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

beforeAll(async () => {
  t = await createFileTestApp();
  base = await listen(t.app);
  for (const account of ['admin', 'zhangwei', 'liuyang', 'chenjing', 'zhoujie']) {
    ids[account] = (await t.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
    tokens[account] = await t.login(account);
  }
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

async function open(token: string, lang = 'zh'): Promise<SocketClient> {
  const c = await SocketClient.open(`${base}/api/message/websocket/${encodeURIComponent(token)}?lang=${lang}`);
  clients.push(c);
  return c;
}

async function online(account: string, lang = 'zh'): Promise<{ c: SocketClient; init: Frame }> {
  const c = await open(tokens[account]!, lang);
  return { c, init: await c.connect() };
}

const send = (c: SocketClient, to: string, messageContent: unknown, messageType = 'text', token?: string) =>
  c.send({ method: 'SendMessage', toUserId: ids[to] ?? to, messageType, messageContent, ...(token ? { token } : {}) });

const history = async (c: SocketClient, peer: string, extra: Record<string, unknown> = {}) => {
  c.send({ method: 'MessageList', toUserId: ids[peer] ?? peer, currentPage: 1, pageSize: 30, sord: 'desc', keyword: '', ...extra });
  return c.next('messageList');
};

const messageCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('chatMessages')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const quiet = (c: SocketClient, method: string) =>
  Promise.race([c.next(method, 300).then(() => 'heard'), after(400, 'quiet')]).catch(() => 'quiet');

/** A real PNG header followed by noise (the upload checks the magic bytes). */
const png = (size: number, seed: number) => {
  const b = bytes(size, seed);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
};
const uploadIm = async (account: string, seed: number) => {
  const res = await t.send('POST', '/api/file/Uploader/IM', {
    token: tokens[account],
    body: multipart({}, [{ name: 'photo.png', data: png(3000, seed) }]),
  });
  expect(res.code).toBe(200);
  return res.data.name as string;
};

describe('SendMessage', () => {
  it('stores first, echoes to the sender, pushes to every socket of the receiver and the sender’s other sockets; HTML stays text', async () => {
    const a = await online('zhangwei');
    const a2 = await online('zhangwei');
    const b = await online('liuyang');
    const b2 = await online('liuyang');
    const before = await messageCount();
    send(a.c, 'liuyang', `  你好 ${XSS}  `);
    const echo = await a.c.next('sendMessage');
    expect(echo).toMatchObject({
      method: 'sendMessage',
      UserId: ids.zhangwei,
      account: 'zhangwei',
      toUserId: ids.liuyang,
      toAccount: 'liuyang',
      messageType: 'text',
      toMessage: `你好 ${XSS}`,
    });
    expect(typeof echo.id).toBe('string');
    const got = await b.c.next('receiveMessage');
    expect(got).toMatchObject({
      method: 'receiveMessage',
      id: echo.id,
      formUserId: ids.zhangwei,
      toUserId: ids.liuyang,
      formMessage: `你好 ${XSS}`,
      account: 'zhangwei',
    });
    expect((await b2.c.next('receiveMessage')).id).toBe(echo.id);
    expect((await a2.c.next('sendMessage')).id).toBe(echo.id);
    // Stored before it was pushed, exactly once; the sender's socket heard no receiveMessage, nobody heard it twice.
    expect(await messageCount()).toBe(before + 1);
    const row = await t.ctx.db.selectFrom('chatMessages').selectAll().where('id', '=', echo.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      senderId: ids.zhangwei,
      receiverId: ids.liuyang,
      contentType: 'text',
      content: `你好 ${XSS}`,
      readAt: null,
    });
    expect(await quiet(a.c, 'receiveMessage')).toBe('quiet');
    expect(await quiet(b.c, 'receiveMessage')).toBe('quiet');
    // Someone else online hears nothing.
    const other = await online('chenjing');
    send(a.c, 'liuyang', 'second');
    await b.c.next('receiveMessage');
    expect(await quiet(other.c, 'receiveMessage')).toBe('quiet');
  });

  it('refuses empty, too long, to myself, to nobody, unknown and unsupported types, and stores nothing', async () => {
    const { c } = await online('zhangwei', 'en');
    const before = await messageCount();
    const refusal = async (content: unknown, type = 'text', to = 'liuyang') => {
      send(c, to, content, type);
      return (await c.next('error')).msg as string;
    };
    expect(await refusal('   \n\t ')).toBe('An empty message cannot be sent');
    expect(await refusal('字'.repeat(CHAT_TEXT_MAX_LENGTH + 1))).toBe(
      `The message is too long (at most ${CHAT_TEXT_MAX_LENGTH} characters)`,
    );
    expect(await refusal({ text: 'hi' })).toBe('A text message’s content must be text');
    expect(await refusal('hi', 'text', 'zhangwei')).toBe('You cannot send a message to yourself');
    expect(await refusal('hi', 'text', '999999999')).toBe('The contact does not exist or is disabled');
    expect(await refusal(`hi ${XSS}`, 'text', `1' or '1'='1`)).toBe('The contact does not exist or is disabled');
    expect(await refusal('hi', 'voice')).toBe('Unsupported message type voice');
    expect(await refusal('hi', '<b>html</b>')).toBe('Invalid frame field messageType');
    c.send({ method: 'SendMessage', messageType: 'text', messageContent: 'no receiver' });
    expect((await c.next('error')).msg).toBe('Invalid frame field toUserId');
    expect(await messageCount()).toBe(before);
    // The longest allowed text goes through, counted in characters, not bytes.
    send(c, 'liuyang', `  ${'字'.repeat(CHAT_TEXT_MAX_LENGTH)}  `);
    expect((await c.next('sendMessage')).toMessage).toHaveLength(CHAT_TEXT_MAX_LENGTH);
  });

  it('an image must be an IM upload of the sender, at most 5 MB; its content is JSON with path, name, width, height', async () => {
    const { c } = await online('zhangwei', 'en');
    const b = await online('chenjing');
    const mine = await uploadIm('zhangwei', 11);
    const theirs = await uploadIm('liuyang', 12);
    send(c, 'chenjing', { name: mine, width: 640, height: 480 }, 'image');
    const echo = await c.next('sendMessage');
    expect(echo.messageType).toBe('image');
    expect(JSON.parse(echo.toMessage)).toEqual({ path: `/api/file/Image/IM/${mine}`, name: mine, width: 640, height: 480 });
    expect(JSON.parse((await b.c.next('receiveMessage')).formMessage).path).toBe(`/api/file/Image/IM/${mine}`);
    // As JSON text too (JNPF clients).
    send(c, 'chenjing', JSON.stringify({ name: mine, width: 1, height: 2 }), 'image');
    expect(JSON.parse((await c.next('sendMessage')).toMessage).width).toBe(1);

    const before = await messageCount();
    send(c, 'chenjing', { name: theirs, width: 1, height: 1 }, 'image');
    expect((await c.next('error')).msg).toBe('The image does not exist or is not a chat image you uploaded');
    send(c, 'chenjing', { name: '../../etc/passwd', width: 1, height: 1 }, 'image');
    expect((await c.next('error')).msg).toBe('The image does not exist or is not a chat image you uploaded');
    send(c, 'chenjing', '{not json', 'image');
    expect((await c.next('error')).msg).toBe('An image message needs the name, width and height of an uploaded image');
    // A file of another type is not a chat image.
    const annex = await t.send('POST', '/api/file/Uploader/annexpic', {
      token: tokens.zhangwei,
      body: multipart({}, [{ name: 'p.png', data: png(2000, 13) }]),
    });
    send(c, 'chenjing', { name: annex.data.name, width: 1, height: 1 }, 'image');
    expect((await c.next('error')).msg).toBe('The image does not exist or is not a chat image you uploaded');
    // A record over 5 MB (written some other way) is refused with the spec's text.
    await t.ctx.db.updateTable('files').set({ fileSize: 5242881 }).where('name', '=', mine).execute();
    send(c, 'chenjing', { name: mine, width: 1, height: 1 }, 'image');
    expect((await c.next('error')).msg).toBe('Image size cannot exceed 5M');
    expect(await messageCount()).toBe(before);
  });
});

describe('MessageList, UpdateReadMessage and initMessage', () => {
  it('pages the pair’s history both ways, newest first; unread counts reach initMessage and go with UpdateReadMessage', async () => {
    const a = await online('zhoujie');
    const b0 = await online('admin');
    expect(b0.init).toMatchObject({ unreadNums: [], unreadChatCount: 0, chatBlink: false });
    for (let i = 1; i <= 5; i++) {
      send(a.c, 'admin', `m${i} ${XSS}`);
      await a.c.next('sendMessage');
    }
    send(b0.c, 'zhoujie', 'reply');
    await b0.c.next('sendMessage');

    // A fresh socket of the receiver: the real counts, and the blink.
    const b = await online('admin');
    expect(b.init.unreadNums).toEqual([
      expect.objectContaining({
        sendUserId: ids.zhoujie,
        receiveUserId: ids.admin,
        unreadNum: 5,
        defaultMessage: 'reply',
        defaultMessageType: 'text',
      }),
    ]);
    expect(b.init).toMatchObject({ unreadChatCount: 5, chatBlink: true });

    const page = await history(b.c, 'zhoujie', { pageSize: 4 });
    expect(page.toUserId).toBe(ids.zhoujie);
    expect(page.pagination).toEqual({ currentPage: 1, pageSize: 4, total: 6 });
    expect(page.list.map((m: any) => m.content)).toEqual(['reply', `m5 ${XSS}`, `m4 ${XSS}`, `m3 ${XSS}`]);
    expect(page.list[1]).toMatchObject({
      sendUserId: ids.zhoujie,
      receiveUserId: ids.admin,
      contentType: 'text',
      state: 0,
      receiveTime: null,
    });
    const older = await history(b.c, 'zhoujie', { pageSize: 4, currentPage: 2 });
    expect(older.list.map((m: any) => m.content)).toEqual([`m2 ${XSS}`, `m1 ${XSS}`]);
    const asc = await history(b.c, 'zhoujie', { sord: 'asc', pageSize: 1 });
    expect(asc.list[0].content).toBe(`m1 ${XSS}`);
    const kw = await history(b.c, 'zhoujie', { keyword: 'M3' });
    expect(kw.list.map((m: any) => m.content)).toEqual([`m3 ${XSS}`]);
    expect((await history(b.c, 'zhoujie', { keyword: "%' or 1=1 --" })).list).toEqual([]);
    // The sender sees the same history.
    expect((await history(a.c, 'admin')).pagination.total).toBe(6);
    // Nobody else's pair: liuyang sees nothing of it, and formUserId must be me.
    const l = await online('liuyang', 'en');
    expect((await history(l.c, 'zhoujie')).list.every((m: any) => m.sendUserId !== ids.admin && m.receiveUserId !== ids.admin)).toBe(true);
    l.c.send({ method: 'MessageList', toUserId: ids.zhoujie, formUserId: ids.admin });
    expect((await l.c.next('error')).msg).toBe('You can read only your own chat history');
    l.c.send({ method: 'MessageList', toUserId: ids.zhoujie, pageSize: 1000 });
    expect((await l.c.next('error')).msg).toBe('Invalid frame field pageSize');
    l.c.send({ method: 'MessageList', toUserId: ids.zhoujie, sord: 'sideways' });
    expect((await l.c.next('error')).msg).toBe('Invalid frame field sord');

    b.c.send({ method: 'UpdateReadMessage', formUserId: ids.zhoujie });
    const read = await history(b.c, 'zhoujie');
    expect(
      read.list.filter((m: any) => m.sendUserId === ids.zhoujie).every((m: any) => m.state === 1 && typeof m.receiveTime === 'number'),
    ).toBe(true);
    // The reply from admin to zhoujie is still unread on zhoujie's side.
    expect(read.list.find((m: any) => m.content === 'reply').state).toBe(0);
    const again = await online('admin');
    expect(again.init).toMatchObject({ unreadNums: [], unreadChatCount: 0, chatBlink: false });
    l.c.send({ method: 'UpdateReadMessage' });
    expect((await l.c.next('error')).msg).toBe('Invalid frame field formUserId');
  });
});

describe('bad frames and sessions', () => {
  it('bad JSON, oversized, binary and unknown methods get an error and keep the socket', async () => {
    const { c } = await online('chenjing', 'en');
    c.send('{"method":"SendMessage",');
    expect((await c.next('error')).msg).toBe('The frame is not valid JSON');
    c.send({ method: 'SendMessage', toUserId: ids.liuyang, messageType: 'text', messageContent: 'x'.repeat(SOCKET_MAX_FRAME_BYTES) });
    expect((await c.next('error')).msg).toBe(`Frame too large (limit ${SOCKET_MAX_FRAME_BYTES / 1024} KB)`);
    c.send({ method: '<script>alert(1)</script>' });
    expect((await c.next('error')).msg).toBe('Unsupported method <script>alert(1)</script>');
    c.send('[1,2]');
    expect((await c.next('error')).msg).toBe('Malformed frame: expected a JSON object with a method');
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await c.next('error')).msg).toBe('Binary frames are not supported');
    expect(c.open).toBe(true);
    send(c, 'liuyang', 'still here');
    expect((await c.next('sendMessage')).toMessage).toBe('still here');
  });

  it('a frame carrying another session’s token is refused and changes nothing', async () => {
    const { c } = await online('chenjing', 'en');
    const before = await messageCount();
    send(c, 'liuyang', 'as someone else', 'text', tokens.liuyang);
    expect((await c.next('error')).msg).toBe('The frame’s token does not match this connection’s sign-in');
    send(c, 'liuyang', 'junk token', 'text', 'x'.repeat(40));
    expect((await c.next('error')).msg).toBe('The frame’s token does not match this connection’s sign-in');
    expect(await messageCount()).toBe(before);
    // Its own token, with or without Bearer, is fine.
    send(c, 'liuyang', 'mine', 'text', tokens.chenjing);
    expect((await c.next('sendMessage')).toMessage).toBe('mine');
    send(c, 'liuyang', 'mine too', 'text', tokenFrom(tokens.chenjing)!);
    expect((await c.next('sendMessage')).toMessage).toBe('mine too');
  });

  it('a frame for a session that has ended (revoked by someone else, expired) closes the socket and stores nothing', async () => {
    const token = await t.login('liuyang');
    const c = await open(token, 'en');
    await c.connect();
    // Revoked in the database by another process, with no bus to carry it: the next frame finds out.
    await t.ctx.db
      .updateTable('sessions')
      .set({ revokedAt: Date.now(), revokedReason: 'offline' })
      .where('id', '=', sha256(tokenFrom(token)!))
      .execute();
    const before = await messageCount();
    send(c, 'chenjing', 'after the end');
    expect(await c.next('logout')).toEqual({ method: 'logout', msg: 'An administrator signed you out' });
    expect((await c.closed).code).toBe(4001);
    expect(await messageCount()).toBe(before);

    const token2 = await t.login('liuyang');
    const d = await open(token2, 'en');
    await d.connect();
    await t.ctx.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1 })
      .where('id', '=', sha256(tokenFrom(token2)!))
      .execute();
    d.send({ method: 'MessageList', toUserId: ids.chenjing });
    expect((await d.next('logout')).method).toBe('logout');
    await d.closed;

    // An ended token on a new socket's frames is refused at once.
    const bare = await SocketClient.open(`${base}/api/message/websocket`);
    clients.push(bare);
    send(bare, 'chenjing', 'hi', 'text', token);
    expect((await bare.next('logout')).method).toBe('logout');
    await bare.closed;
    // Before OnConnection a chat frame is not delivered anywhere either.
    expect(await messageCount()).toBe(before);
  });
});

describe('imreply paths', () => {
  const get = (url: string, token = tokens.zhangwei) => t.call('GET', url, { token });

  it('lists my conversations, newest first, with unread counts and the latest message; keyword over name and account', async () => {
    const a = await online('zhangwei');
    const z = await online('zhoujie');
    send(z.c, 'zhangwei', `hello ${XSS}`);
    await z.c.next('sendMessage');
    await a.c.next('receiveMessage');
    const res = await get('/api/message/imreply');
    expect(res.code).toBe(200);
    expect(res.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20 });
    const first = res.data.list[0];
    expect(first).toMatchObject({
      id: ids.zhoujie,
      account: 'zhoujie',
      unreadMessage: 1,
      latestMessage: `hello ${XSS}`,
      messageType: 'text',
    });
    expect(typeof first.latestDate).toBe('number');
    expect(typeof first.department).toBe('string');
    expect(typeof first.headIcon).toBe('string');
    // The peers zhangwei wrote to are there, with no unread of their own.
    expect(res.data.list.find((r: any) => r.id === ids.liuyang)).toMatchObject({ unreadMessage: 0 });
    expect(res.data.list.map((r: any) => r.id)).not.toContain(ids.zhangwei);

    const kw = await get('/api/message/imreply?keyword=ZHOU');
    expect(kw.data.list.map((r: any) => r.account)).toEqual(['zhoujie']);
    expect((await get(`/api/message/imreply?keyword=${encodeURIComponent("' or 1=1 --")}`)).data.list).toEqual([]);
    expect((await get(`/api/message/imreply?keyword=${encodeURIComponent(XSS)}`)).data.list).toEqual([]);
    const paged = await get('/api/message/imreply?currentPage=1&pageSize=1');
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.pagination.total).toBeGreaterThanOrEqual(3);
    expect((await get('/api/message/imreply?pageSize=abc')).status).toBe(400);
    expect((await t.call('GET', '/api/message/imreply')).status).toBe(401);
  });

  it('deleteChatRecord clears my records only: unread, latest message and type, history; the peer keeps theirs', async () => {
    const a = await online('zhangwei');
    const z = await online('zhoujie');
    send(z.c, 'zhangwei', 'one more');
    await a.c.next('receiveMessage');
    const res = await t.call('DELETE', `/api/message/imreply/deleteChatRecord/${ids.zhoujie}`, { token: tokens.zhangwei });
    expect(res.code).toBe(200);
    const row = (await get('/api/message/imreply')).data.list.find((r: any) => r.id === ids.zhoujie);
    expect(row).toMatchObject({ unreadMessage: 0, latestMessage: null, messageType: null, latestDate: null });
    expect((await history(a.c, 'zhoujie')).list).toEqual([]);
    expect((await history(z.c, 'zhangwei')).pagination.total).toBeGreaterThanOrEqual(2);
    // New messages show again.
    send(z.c, 'zhangwei', 'after the clear');
    await a.c.next('receiveMessage');
    expect((await history(a.c, 'zhoujie')).list.map((m: any) => m.content)).toEqual(['after the clear']);

    expect((await t.call('DELETE', '/api/message/imreply/deleteChatRecord/999999', { token: tokens.zhangwei })).status).toBe(404);
    expect((await t.call('DELETE', `/api/message/imreply/deleteChatRecord/${ids.zhoujie}`)).status).toBe(401);
  });

  it('relocation removes the conversation from my list only; a new message brings it back', async () => {
    const z = await online('zhoujie');
    const res = await t.call('DELETE', `/api/message/imreply/relocation/${ids.zhoujie}`, { token: tokens.zhangwei });
    expect(res.code).toBe(200);
    expect((await get('/api/message/imreply')).data.list.map((r: any) => r.id)).not.toContain(ids.zhoujie);
    expect((await get('/api/message/imreply', tokens.zhoujie)).data.list.map((r: any) => r.id)).toContain(ids.zhangwei);
    send(z.c, 'zhangwei', 'back');
    await z.c.next('sendMessage');
    expect((await get('/api/message/imreply')).data.list[0]).toMatchObject({ id: ids.zhoujie, latestMessage: 'back' });
    expect(
      (await t.call('DELETE', `/api/message/imreply/relocation/${encodeURIComponent("1' or '1'='1")}`, { token: tokens.zhangwei })).status,
    ).toBe(404);
  });

  it('contacts: enabled users but me, 20 a page, keyword over name and account', async () => {
    const res = await get('/api/message/imreply/contacts');
    expect(res.code).toBe(200);
    expect(res.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20 });
    expect(res.data.list.length).toBeLessThanOrEqual(20);
    expect(res.data.list.map((r: any) => r.id)).not.toContain(ids.zhangwei);
    expect(Object.keys(res.data.list[0]).sort()).toEqual(['account', 'department', 'headIcon', 'id', 'realName']);
    const kw = await get('/api/message/imreply/contacts?keyword=liuy');
    expect(kw.data.list.map((r: any) => r.account)).toEqual(['liuyang']);
    expect((await get(`/api/message/imreply/contacts?keyword=${encodeURIComponent("%' or 1=1 --")}`)).data.list).toEqual([]);
    const all = await get('/api/message/imreply/contacts?pageSize=200');
    expect(all.data.list).toHaveLength(all.data.pagination.total);
    expect((await t.call('GET', '/api/message/imreply/contacts')).status).toBe(401);
  });
});

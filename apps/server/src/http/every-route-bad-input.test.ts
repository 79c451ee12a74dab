import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RegisteredRoute } from './access.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Malformed input to every registered route (issue 12): over-long and
 * undecodable path parameters, SQL, HTML and path traversal in parameters and
 * queries, malformed JSON, wrong types, huge strings, wrong content types,
 * broken multipart. Every answer is the `{ code, msg, data }` envelope, Fastify's
 * own refusals before routing included; none is a 5xx and no row changes.
 */
let t: TestApp;
let admin: string;

/** Tables that record requests rather than hold data: any request may add to them (sign-in attempts are counted per address). */
const RECORDS = new Set([
  'sys_logs',
  'login_logs',
  'data_interface_logs',
  'sessions',
  'signin_throttle',
  'signin_unknown_accounts',
  'health_audit_log', // every view of a resident's page is audited
]);

/**
 * Routes whose effect needs no input, so bad input cannot be told from a real call:
 * signing out ends the very session this test uses; a QR ticket and a captcha are
 * made for whoever asks (the captcha's path parameters are only its size and a cache buster);
 * "read all" marks the caller's messages read (the seeded approval flows leave the administrator some).
 */
const NO_INPUT_EFFECT = new Set([
  'GET /api/oauth/Logout',
  'POST /api/oauth/QrTicket',
  'GET /api/oauth/ImageCode/:codeLength/:timestamp',
  'POST /api/message/Actions/ReadAll',
]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  // Also on a real port: what Node's parser refuses never reaches app.inject.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const HUGE = 'x'.repeat(300_000);
const PARAM_VALUES: Record<string, string> = {
  sql: encodeURIComponent("1' OR '1'='1"),
  drop: encodeURIComponent('1; DROP TABLE users; --'),
  html: encodeURIComponent('<script>alert(1)</script>'),
  traversal: '..%2F..%2F..%2Fetc%2Fpasswd',
  unicode: encodeURIComponent('\u0000\u202e𠀀'),
  number: '99999999999999999999999',
  negative: '-1',
};
const QUERY =
  '?currentPage=-1&pageSize=99999999&keyword=%27%20OR%201%3D1--%00&sidx=%3Cscript%3E&sort=1;DROP%20TABLE%20users' +
  '&queryJson=%7Bbad&menuId=..%2F..%2Fx&id[]=1&id[$ne]=&fileName=..%2F..%2Fetc%2Fpasswd&url=%2Fapi%2Ffile%2F..%2F..%2Fetc';

/** Values of the wrong type for the field names our bodies use. */
const WRONG_TYPES = Object.fromEntries(
  ['id', 'ids', 'fullName', 'enCode', 'account', 'password', 'realName', 'parentId', 'organizeId', 'list', 'currentPage', 'pageSize']
    .concat(['keyword', 'type', 'enabledMark', 'sortCode', 'json', 'queryJson', 'userIds', 'objectId', 'moduleId', 'value', 'data'])
    .map((k, i) => [k, [{ $ne: null }, [1, [2]], true, -1.5, { a: { b: [] } }][i % 5]]),
);
const HUGE_FIELDS = { fullName: HUGE, enCode: HUGE.slice(0, 100_000), account: HUGE.slice(0, 100_000), keyword: HUGE.slice(0, 100_000) };

interface Probe {
  label: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** The path with every parameter replaced by `value` (the wildcard web route keeps its own path). */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]\w*/g, value);

function probes(route: RegisteredRoute): Probe[] {
  const hasParams = /:[A-Za-z_]/.test(route.url);
  const list: Probe[] = [];
  const base = hasParams ? fill(route.url, 'no-such-id') : route.url;
  list.push({ label: 'query injection', url: base + QUERY });
  if (hasParams) {
    list.push({ label: 'over-long param', url: fill(route.url, 'x'.repeat(101)) });
    list.push({ label: 'undecodable param', url: fill(route.url, '%E0%A4%A') });
    for (const [label, value] of Object.entries(PARAM_VALUES)) list.push({ label: `param ${label}`, url: fill(route.url, value) });
  }
  if (route.method !== 'GET') {
    const json = (label: string, payload: string) => list.push({ label, url: base, payload, contentType: 'application/json' });
    json('malformed JSON', '{"fullName": "a",');
    json('empty JSON', '');
    json('JSON null', 'null');
    json('JSON array', '[1, "2", {"3": null}]');
    json('JSON string', '"<script>alert(1)</script>"');
    json('wrong types', JSON.stringify(WRONG_TYPES));
    json('huge strings', JSON.stringify(HUGE_FIELDS));
    json('over the body limit', JSON.stringify({ fullName: 'x'.repeat(1.2 * 1024 * 1024) }));
    json('NUL characters', JSON.stringify({ fullName: 'a\u0000b', enCode: '\u0000', keyword: '\u0000', account: 'admin\u0000' }));
    json('prototype pollution', '{"__proto__": {"isAdministrator": true}, "constructor": {"prototype": {"x": 1}}}');
    list.push({ label: 'text body', url: base, payload: 'fullName=a', contentType: 'text/plain' });
    list.push({
      label: 'form with injection',
      url: base,
      payload: "account=' OR 1=1--&password[]=x",
      contentType: 'application/x-www-form-urlencoded',
    });
    list.push({
      label: 'broken multipart',
      url: base,
      payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd"\r\n\r\nabc',
      contentType: 'multipart/form-data; boundary=XYZ',
    });
  }
  return list;
}

type Snapshot = Record<string, string>;

/** Every row of every data table, to tell whether anything changed. */
async function snapshot(): Promise<Snapshot> {
  const schema = t.dbOptions.pgSchema;
  const tables = (await t.ctx.db.introspection.getTables({ withInternalKyselyTables: false }))
    .filter((tb) => !tb.isView && (!schema || tb.schema === schema) && !RECORDS.has(tb.name))
    .map((tb) => tb.name);
  const out: Snapshot = {};
  for (const name of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.ctx.db)).rows;
    const text = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();
    out[name] = text.join('\n');
  }
  return out;
}

const isEnvelope = (body: unknown) =>
  !!body &&
  typeof body === 'object' &&
  !Array.isArray(body) &&
  Object.keys(body).sort().join() === 'code,data,msg' &&
  typeof (body as { code: unknown }).code === 'number' &&
  typeof (body as { msg: unknown }).msg === 'string';

it('answers malformed input to every route with the envelope, never a 5xx, and changes no row', async () => {
  expect(t.routes.length).toBeGreaterThan(150);
  const before = await snapshot();
  const failures: string[] = [];
  // Routes that take large bodies (imports) have a higher limit and refuse the body's content instead.
  const expectStatus: Record<string, number[]> = {
    'over-long param': [414],
    'undecodable param': [400],
    'over the body limit': [413, 400],
  };
  let sent = 0;
  for (const route of t.routes) {
    if (NO_INPUT_EFFECT.has(`${route.method} ${route.url}`) || route.url.endsWith('*')) continue;
    for (const probe of probes(route)) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: probe.url,
        headers: { authorization: admin, ...(probe.contentType ? { 'content-type': probe.contentType } : {}) },
        ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
      });
      sent++;
      const where = `${route.method} ${route.url} [${probe.label}] → ${res.statusCode}`;
      const json = /^application\/json/.test(String(res.headers['content-type']));
      let body: unknown = null;
      try {
        body = json ? res.json() : null;
      } catch {
        failures.push(`${where}: unparseable JSON`);
        continue;
      }
      if (res.statusCode >= 500) failures.push(`${where}: ${res.body.slice(0, 200)}`);
      else if ((res.statusCode >= 400 || json) && !isEnvelope(body)) failures.push(`${where}: not the envelope: ${res.body.slice(0, 200)}`);
      else if (expectStatus[probe.label] && !expectStatus[probe.label]!.includes(res.statusCode))
        failures.push(`${where}: expected ${expectStatus[probe.label]}`);
      else if (res.statusCode >= 400 && !(body as { msg: string }).msg) failures.push(`${where}: no message`);
    }
  }
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(1500);
  // The session still works: nothing above signed us out or broke the app.
  expect((await t.call('GET', '/api/oauth/CurrentUser', { token: admin })).code).toBe(200);
  const after = await snapshot();
  const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
  expect(changed).toEqual([]);
}, 300_000);

/** A raw HTTP exchange on a fresh connection: what Node's parser refuses never reaches app.inject. */
async function rawExchange(port: number, request: string): Promise<{ status: number; head: string; body: string }> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(request);
  await new Promise((resolve) => socket.once('close', resolve));
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), head, body };
}

it('answers requests Node itself refuses (headers too large, malformed HTTP) with the envelope and our headers', async () => {
  const port = (t.app.server.address() as AddressInfo).port;
  const big = await rawExchange(
    port,
    `GET /api/oauth/getConfig/admin HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  );
  expect(big.status).toBe(431);
  expect(JSON.parse(big.body)).toEqual({ code: 400, msg: 'The request address or headers are too large', data: null });
  expect(big.head.toLowerCase()).toContain('x-content-type-options: nosniff');
  expect(big.head.toLowerCase()).not.toContain('strict-transport-security');

  const garbage = await rawExchange(port, 'HELLO /api WORLD\r\n\r\n');
  expect(garbage.status).toBe(400);
  expect(isEnvelope(JSON.parse(garbage.body))).toBe(true);

  // And over a real socket, a parameter over Fastify's 100 characters.
  const long = await fetch(`http://127.0.0.1:${port}/api/oauth/getConfig/${'x'.repeat(101)}`, { headers: { 'accept-language': 'en' } });
  expect(long.status).toBe(414);
  expect(await long.json()).toEqual({ code: 400, msg: 'A parameter in the request address is too long', data: null });
  expect(long.headers.get('x-content-type-options')).toBe('nosniff');
});

it('while the server closes, a request still arriving on an open connection gets a 503 envelope', async () => {
  const port = (t.app.server.address() as AddressInfo).port;
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((resolve) => socket.once('connect', resolve));
  // A request whose body has not all arrived keeps the connection busy, so closing does not drop it.
  const body = 'account=admin&password=x';
  socket.write(
    `POST /api/oauth/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((r) => setTimeout(r, 100));
  const closed = t.app.close();
  await new Promise((r) => setTimeout(r, 100));
  socket.write(`${body.slice(5)}GET /api/oauth/getConfig/admin HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n`);
  await new Promise((resolve) => socket.once('close', resolve));
  await closed;
  // Two answers on the connection: the sign-in's own refusal, then the 503 for the one that came during close.
  const answers = Buffer.concat(chunks)
    .toString('utf8')
    .split(/(?=HTTP\/1\.1 )/);
  expect(answers).toHaveLength(2);
  const [head = '', answer = ''] = answers[1]!.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 503 /);
  expect(head.toLowerCase()).toContain('connection: close');
  expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
  expect(JSON.parse(answer)).toEqual({ code: 500, msg: 'The server is restarting or stopping, please retry shortly', data: null });
});

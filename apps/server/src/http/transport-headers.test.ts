import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { md5 } from '../lib/crypto.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * HSTS and upgrade-insecure-requests go only with answers that really went
 * over TLS (issue 12): served over HTTPS by this process, or by a proxy listed
 * in TRUST_PROXY that says so. X-Forwarded-For / -Proto from anyone else are
 * not believed: not for the headers, not for the address in the sign-in log.
 */
const PROXY = '10.1.2.3';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-tls-'));
const certFile = path.join(work, 'cert.pem');
const keyFile = path.join(work, 'key.pem');
let behindProxy: TestApp;
let overTls: TestApp;
let plainBase: string;
let tlsBase: string;

const isTls = (headers: Record<string, unknown>) => ({
  hsts: 'strict-transport-security' in headers,
  upgrade: String(headers['content-security-policy'] ?? '').includes('upgrade-insecure-requests'),
});

beforeAll(async () => {
  // A self-signed certificate for 127.0.0.1; the client below trusts exactly it.
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]),
    { stdio: 'ignore' },
  );
  fs.mkdirSync(path.join(work, 'web'));
  fs.writeFileSync(path.join(work, 'web', 'index.html'), '<!doctype html><title>app</title>');
  behindProxy = await createTestApp({ trustProxy: [PROXY], webDist: path.join(work, 'web') });
  await behindProxy.app.listen({ port: 0, host: '127.0.0.1' });
  plainBase = `http://127.0.0.1:${(behindProxy.app.server.address() as AddressInfo).port}`;
  overTls = await createTestApp({ tls: { certFile, keyFile } });
  await overTls.app.listen({ port: 0, host: '127.0.0.1' });
  tlsBase = `https://127.0.0.1:${(overTls.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await behindProxy?.close();
  await overTls?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A GET over TLS that trusts only our self-signed certificate. */
function httpsGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    https
      .get(url, { ca: fs.readFileSync(certFile), headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

const loginForm = new URLSearchParams({ account: 'admin', password: md5('admin123'), grant_type: 'password', scope: 'all' }).toString();

async function loginFrom(t: TestApp, remoteAddress: string, forwardedFor: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    payload: loginForm,
  });
  expect(res.json().code).toBe(200);
}

const loggedIps = async (t: TestApp) =>
  (await t.ctx.db.selectFrom('loginLogs').select('ip').where('account', '=', 'admin').execute()).map((r) => r.ip);

describe('over plain HTTP', () => {
  it('sends neither HSTS nor upgrade-insecure-requests, for the page and for the API, and keeps the rest of the policy', async () => {
    for (const url of ['/', '/login', '/api/oauth/getConfig/admin', '/api/no-such-thing']) {
      const res = await fetch(plainBase + url, { headers: { host: 'medalliance.intranet:3000' } });
      expect(isTls(Object.fromEntries(res.headers)), url).toEqual({ hsts: false, upgrade: false });
      expect(res.headers.get('content-security-policy'), url).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
  });

  it('a client claiming X-Forwarded-Proto https is not believed', async () => {
    const res = await fetch(`${plainBase}/`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.9' } });
    expect(isTls(Object.fromEntries(res.headers))).toEqual({ hsts: false, upgrade: false });
  });
});

describe('over TLS served by the server itself', () => {
  it('sends HSTS and upgrade-insecure-requests', async () => {
    const res = await httpsGet(`${tlsBase}/api/oauth/getConfig/admin`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).code).toBe(200);
    expect(isTls(res.headers)).toEqual({ hsts: true, upgrade: true });
    expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
  });

  it('a forged X-Forwarded-Proto http does not take them away (no proxy is trusted)', async () => {
    const res = await httpsGet(`${tlsBase}/api/no-such-thing`, { 'x-forwarded-proto': 'http' });
    expect(res.status).toBe(404);
    expect(isTls(res.headers)).toEqual({ hsts: true, upgrade: true });
  });
});

describe('behind a reverse proxy', () => {
  it('a trusted proxy saying X-Forwarded-Proto https gets the TLS headers; the same from another address does not', async () => {
    const ask = (remoteAddress: string) =>
      behindProxy.app.inject({
        method: 'GET',
        url: '/api/oauth/getConfig/admin',
        remoteAddress,
        headers: { 'x-forwarded-proto': 'https' },
      });
    expect(isTls((await ask(PROXY)).headers)).toEqual({ hsts: true, upgrade: true });
    expect(isTls((await ask('192.0.2.7')).headers)).toEqual({ hsts: false, upgrade: false });
    // The proxy's own plain-HTTP traffic stays plain.
    const plain = await behindProxy.app.inject({ method: 'GET', url: '/', remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'http' } });
    expect(isTls(plain.headers)).toEqual({ hsts: false, upgrade: false });
  });

  it('the sign-in log records the address a trusted proxy forwards, and the peer itself for anyone else', async () => {
    await loginFrom(behindProxy, '192.0.2.7', '203.0.113.50');
    // What the client put in X-Forwarded-For before the proxy appended the address it saw.
    await loginFrom(behindProxy, PROXY, '6.6.6.6, 198.51.100.23');
    const ips = await loggedIps(behindProxy);
    expect(ips).toContain('192.0.2.7');
    expect(ips).toContain('198.51.100.23');
    expect(ips).not.toContain('203.0.113.50');
    expect(ips).not.toContain('6.6.6.6');
  });

  it('without TRUST_PROXY no forwarded address is believed, not even from loopback', async () => {
    await loginFrom(overTls, '127.0.0.1', '203.0.113.51');
    expect(await loggedIps(overTls)).toEqual(['127.0.0.1']);
  });
});

describe('TLS_* and TRUST_PROXY settings', () => {
  it('parse proxy lists and refuse what would believe every client', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['true', '*', '2', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('need both TLS files', () => {
    expect(loadConfig({}).tls).toBeNull();
    expect(loadConfig({ TLS_CERT_FILE: '/x/cert.pem', TLS_KEY_FILE: '/x/key.pem' }).tls).toEqual({
      certFile: '/x/cert.pem',
      keyFile: '/x/key.pem',
    });
    expect(() => loadConfig({ TLS_CERT_FILE: '/x/cert.pem' })).toThrow(/TLS_KEY_FILE/);
  });
});

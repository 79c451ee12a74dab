import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The built web app is served by one declared route: assets, history-mode fallback, API 404s. */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  // What the build's precompress step writes beside a text asset.
  const big = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js'), big);
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(big));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

it('serves hashed assets with a year of immutable cache', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toContain('immutable');
  expect(res.body).toBe('console.log(1)');
});

it('sends the precompressed variant the browser accepts, the plain file to others', async () => {
  const plain = fs.readFileSync(path.join(dist, 'assets', 'big-def456.js'), 'utf8');
  const br = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
  expect(br.rawPayload.length).toBeLessThan(plain.length / 3);
  const gz = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);
  const none = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
  expect(none.headers['content-encoding']).toBeUndefined();
  expect(none.body).toBe(plain);
  // An asset without variants is sent as it is, whatever the browser accepts.
  const small = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br' } });
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body).toBe('console.log(1)');
});

it('answers index.html for app routes so a reload keeps the page', async () => {
  for (const url of ['/', '/home', '/permission/user?x=1', '/redirect/home']) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

it('unknown API paths get the 404 envelope, not the page', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/unknown/thing' });
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe(404);
});

it('never serves a file outside the build folder', async () => {
  for (const url of ['/..%2F..%2Fetc%2Fpasswd', '/assets/..%2F..%2F..%2Fetc%2Fpasswd', '/%00index.html']) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.body).not.toContain('root:');
  }
});

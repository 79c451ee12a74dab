import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

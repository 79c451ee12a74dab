import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, pgUrl, type TestApp } from '../../test/harness.ts';
import { nextBillNumber } from './bill-rule.service.ts';

/**
 * Bill numbers from several OS processes on one SQLite file (two servers on
 * one machine). PostgreSQL's cross-pool proof is in bill-rule.test.ts.
 */
describe.skipIf(!!pgUrl)('bill numbers across processes (SQLite file)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { shareable: true });
  });
  afterAll(() => t.close());

  const issue = (count: number) =>
    new Promise<string[]>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, 'bill-rule.race-child.ts'),
          t.dbOptions.sqliteFile!,
          'referralNo',
          String(count),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`child exited ${code}`))));
    });

  it('200 numbers from two processes plus this one, all distinct, no gaps', async () => {
    const admin = await t.login('admin');
    const [a, b, c] = await Promise.all([
      issue(80),
      issue(80),
      // Meanwhile this process previews (which must not consume) and issues.
      Promise.all(Array.from({ length: 40 }, () => t.call('GET', '/api/system/BillRule/BillNumber/referralNo', { token: admin }))).then(
        () => Promise.all(Array.from({ length: 40 }, () => nextBillNumber(t.ctx, t.ctx.db, 'referralNo'))),
      ),
    ]);
    const all = [...a, ...b, ...c];
    expect(new Set(all).size).toBe(200);
    expect(all.map((n) => Number(n.slice(-4))).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 60_000);
});

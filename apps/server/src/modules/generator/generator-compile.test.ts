import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, pgUrl, type TestApp } from '../../test/harness.ts';
import { generate } from './generator.service.ts';
import { applyRegistrations } from './registrations.ts';
import { copyRepo, run } from './repo-copy.ts';

/**
 * The generated code compiles here and its own test passes: the seeded model
 * outpatientLog (fields, dictionary select, calculations, a sub-table) is
 * generated into a temporary copy of the repository, registered, typechecked
 * (server, web, contract), linted, format-checked and its generated server test run with vitest.
 * The typecheck runs on the SQLite pass only (it does not depend on the
 * database); the PostgreSQL pass runs the generated test on PostgreSQL.
 */

let t: TestApp;
let dir = '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** tsc's error lines. */
const errors = (output: string) => output.split('\n').filter((l) => /error TS\d+/.test(l));

describe('generated module in a copy of the repository', () => {
  it(
    pgUrl ? 'passes its generated test on PostgreSQL' : 'typechecks, lints and passes its generated test',
    { timeout: 1_200_000 },
    async () => {
      const started = Date.now();
      dir = copyRepo();
      const copySeconds = (Date.now() - started) / 1000;
      const { files, registrations, spec } = await generate(t.ctx, 'outpatientLog', { area: 'system' });
      for (const f of files) {
        if (f.path.endsWith('.md')) continue;
        const target = path.join(dir, f.path);
        expect(fs.existsSync(target), `${f.path} would overwrite a file`).toBe(false);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, f.content);
      }
      applyRegistrations(dir, registrations);
      const ours = new Set([...files.map((f) => f.path), ...registrations.map((r) => r.path)]);
      console.info(`generator compile test: copy ${copySeconds.toFixed(1)} s`);

      const tsc = path.join(dir, 'node_modules/typescript/bin/tsc');
      if (!pgUrl) {
        const code = files.filter((f) => !f.path.endsWith('.md')).map((f) => f.path);
        const [lint, format, ...checks] = await Promise.all([
          run(dir, process.execPath, [path.join(dir, 'node_modules/eslint/bin/eslint.js'), '--max-warnings', '0', ...code]),
          run(dir, process.execPath, [path.join(dir, 'node_modules/prettier/bin/prettier.cjs'), '--check', ...code]),
          ...['packages/contract', 'apps/server', 'apps/web'].map(async (p) => ({
            p,
            ...(await run(dir, process.execPath, [tsc, '-p', p, '--noEmit'])),
          })),
        ]);
        // The generated files pass the repository's lint and format rules as they are.
        expect(lint.code, lint.output).toBe(0);
        expect(format.code, format.output).toBe(0);
        for (const { p, output } of checks) {
          const all = errors(output);
          // Errors in files the generator wrote or registered in are ours; others are the checkout's own (reported, not ours).
          const mine = all.filter(
            (l) => ours.has(l.slice(0, l.indexOf('('))) || l.includes(spec.names.kebab) || l.includes(spec.names.camel),
          );
          if (all.length > mine.length)
            console.warn(
              `${p}: ${all.length - mine.length} type errors outside the generated files:\n${all.filter((l) => !mine.includes(l)).join('\n')}`,
            );
          expect(mine, `${p}\n${output.slice(0, 4000)}`).toEqual([]);
        }
        console.info(`generator compile test: typecheck done at ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }

      const testFile = files.find((f) => f.path.endsWith('.test.ts'))!.path;
      const vitest = path.join(dir, 'node_modules/vitest/vitest.mjs');
      const result = await run(dir, process.execPath, [vitest, 'run', '--project', 'server', testFile], {
        TEST_DATABASE_URL: pgUrl ?? '',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      });
      expect(result.code, result.output.slice(-6000)).toBe(0);
      // eslint-disable-next-line no-control-regex
      expect(result.output.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/Tests\s+\d+ passed/);
      console.info(`generator compile test: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
    },
  );
});

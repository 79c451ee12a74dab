#!/usr/bin/env node
/**
 * `npm test`: every test of the repository in one run — contract, server (on
 * SQLite, or PostgreSQL with TEST_DATABASE_URL), web units, and the browser
 * tests when a Chromium is installed — then one closing line
 * `N passed, N failed` for the whole run.
 *
 *   node scripts/test.mjs                 everything available here
 *   node scripts/test.mjs --project server   one Vitest project (repeatable)
 *   node scripts/test.mjs --no-e2e        skip the browser tests
 *   node scripts/test.mjs --summary FILE  also add the counts to FILE (used by .ci/run)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const args = process.argv.slice(2);
const projects = [];
let e2e = true;
let summary = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--project') projects.push(args[++i]);
  else if (args[i] === '--no-e2e') e2e = false;
  else if (args[i] === '--summary') summary = args[++i];
}
const selected = projects.length ? projects : ['contract', 'server', 'web', ...(e2e ? ['e2e'] : [])];
const chromium = findChromium();
const runE2e = selected.includes('e2e');
if (runE2e && !chromium) {
  console.log('Browser tests skipped: no Chromium found (set CHROMIUM_PATH or install the chromium package).');
}
const vitestProjects = selected.filter((p) => p !== 'e2e' || chromium);

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-test-')), 'vitest.json');
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...vitestProjects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { stdio: 'inherit', env: { ...process.env, ...(chromium ? { CHROMIUM_PATH: chromium } : {}) } },
);

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  // A file that failed to load has no test results but must still fail the run.
  failed = r.numFailedTests + (r.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.length).length;
} else {
  failed = 1;
}
// The report's folder is ours alone: a run leaves nothing behind in the system's temporary folder.
fs.rmSync(path.dirname(report), { recursive: true, force: true });
if (run.status !== 0 && failed === 0) failed = 1;
if (summary) fs.appendFileSync(summary, `${passed} ${failed}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

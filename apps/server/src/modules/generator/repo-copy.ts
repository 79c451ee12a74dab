import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A temporary copy of the repository's sources, enough to typecheck and run
 * tests in (the compile test writes a generated module into it). Sources and
 * configs are copied; node_modules entries are linked, except our own
 * workspace packages, which point into the copy so the copy's contract is read.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

const ROOT_FILES = ['package.json', 'tsconfig.base.json', 'vitest.config.ts', 'eslint.config.js', '.prettierrc.json'];
const APPS = ['apps/server', 'apps/web'];

function copyDir(from: string, to: string) {
  fs.cpSync(from, to, { recursive: true, filter: (src) => !/[\\/](node_modules|dist|\.vite)([\\/]|$)/.test(src.slice(from.length)) });
}

export function copyRepo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-gen-'));
  for (const f of ROOT_FILES) fs.copyFileSync(path.join(repoRoot, f), path.join(dir, f));
  copyDir(path.join(repoRoot, 'packages'), path.join(dir, 'packages'));
  for (const app of APPS) {
    fs.mkdirSync(path.join(dir, app), { recursive: true });
    copyDir(path.join(repoRoot, app, 'src'), path.join(dir, app, 'src'));
    for (const f of fs.readdirSync(path.join(repoRoot, app))) {
      if (/^(package\.json|tsconfig.*\.json|vite\.config\.ts|index\.html)$/.test(f))
        fs.copyFileSync(path.join(repoRoot, app, f), path.join(dir, app, f));
    }
  }
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@medalliance') continue;
    fs.symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  // The workspace links, relative as npm makes them, so they resolve inside the copy.
  fs.mkdirSync(path.join(modules, '@medalliance'));
  for (const [name, target] of [
    ['contract', '../../packages/contract'],
    ['server', '../../apps/server'],
    ['web', '../../apps/web'],
  ] as const) {
    fs.symlinkSync(target, path.join(modules, '@medalliance', name));
  }
  return dir;
}

export interface RunResult {
  code: number | null;
  output: string;
}

/** Runs a command in the copy and collects its output. */
export function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

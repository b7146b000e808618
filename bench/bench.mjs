#!/usr/bin/env node
// `npm run bench`: builds chatbox when dist/ is missing, compiles the benchmarks (TypeScript, like the
// rest of the code, reusing testing's fakes), then runs them. Plain JavaScript because it runs
// before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function run(command, args) {
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

if (!existsSync(join(root, 'dist', 'bin', 'chatbox.js')) || !existsSync(join(root, 'ui', 'dist', 'index.html'))) {
  console.log('-- dist/ or ui/dist/ is missing: npm run build');
  run('npm', ['run', 'build']);
}
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'bench', 'tsconfig.json')]);
await import('./.build/bench/main.js');

#!/usr/bin/env node
// `pnpm test`: the whole gate, in order: build every package, typecheck, lint, the API reference, then every
// test suite (unit and end-to-end), the examples, and one closing line "N passed, N failed, N skipped".
// Exits non-zero if any step failed, if a test failed, or if no test ran.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const REPORT = '.vitest-report.json';
const WORKSPACE_ROOTS = ['packages', 'apps', 'tooling'];
/** How much of a failed test's first message line the closing summary keeps: enough for both sides of a comparison. */
const FAILURE_MESSAGE_CHARS = 1200;

function packageDirs() {
  return WORKSPACE_ROOTS.filter((root) => existsSync(root)).flatMap((root) =>
    readdirSync(root).map((name) => join(root, name)),
  );
}

function step(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) console.log(`=== ${label} failed (exit ${status})`);
  return status === 0;
}

for (const dir of packageDirs()) rmSync(join(dir, REPORT), { force: true });

const failures = [];
// CI must run the README's own test command: the last command line of .ci/run has to appear in README.md.
const ciCommand = readFileSync('.ci/run', 'utf8').trim().split('\n').at(-1) ?? '';
if (!readFileSync('README.md', 'utf8').includes(ciCommand)) {
  console.log(`README.md does not contain the command .ci/run runs: ${ciCommand}`);
  failures.push('readme-command');
}

const gate = [
  ['build', 'pnpm', ['exec', 'turbo', 'run', 'build']],
  ['typecheck', 'pnpm', ['exec', 'turbo', 'run', 'typecheck']],
  ['lint', 'pnpm', ['exec', 'biome', 'check', '.']],
  ['docs', 'pnpm', ['run', 'docs']],
  ['test', 'pnpm', ['exec', 'turbo', 'run', 'test', '--concurrency=2', '--continue']],
  // Every program in examples/, offline against its scripted model; each checks its own outcome.
  ['examples', 'pnpm', ['run', 'examples']],
];
for (const [label, command, args] of gate) {
  if (!step(label, command, args)) failures.push(label);
  if (label === 'build' && failures.length > 0) break;
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n=== test counts by package');
for (const dir of packageDirs()) {
  const file = join(dir, REPORT);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${dir}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  for (const line of failedTestLines(dir, report)) console.log(line);
}
if (failures.length > 0) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failures.length > 0 || failed > 0 || passed === 0 ? 1 : 0;

/**
 * One line per failed test (file, name, the first line of its first failure message), so the
 * closing summary, the part of a CI log that is always kept, names what failed.
 */
function failedTestLines(dir, report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const where = relative(dir, file.name ?? '');
      const why = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, FAILURE_MESSAGE_CHARS);
      lines.push(`  FAILED ${where} > ${test.fullName ?? test.title}: ${why}`);
    }
  }
  return lines;
}

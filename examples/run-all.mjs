#!/usr/bin/env node
// `pnpm examples`: runs every example offline (against its scripted model), one after the other,
// and exits non-zero if one failed. Each example checks its own outcome and exits non-zero when
// the scripted scenario did not come out as it should. Pass names to run only those.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Longest one example may take, in ms; past it its whole process group is killed. */
const EXAMPLE_TIMEOUT_MS = 120_000;

const HERE = dirname(fileURLToPath(import.meta.url));
const TSX = ['--import', 'tsx'];

/** Every example: its file, and the terminal input its offline run is fed. */
const EXAMPLES = [
  { name: 'one-shot', args: [...TSX, 'src/one-shot.ts'] },
  { name: 'chat', args: [...TSX, 'src/chat.ts'], input: 'Hello there\nWhat did I just say?\n' },
  { name: 'approval-prompt', args: [...TSX, 'src/approval-prompt.ts'], input: 'y\nn\n' },
  { name: 'hooks-audit-log', args: [...TSX, 'src/hooks-audit-log.ts'] },
  { name: 'mcp-tool', args: [...TSX, 'src/mcp-tool.ts'] },
  { name: 'structured-output', args: [...TSX, 'src/structured-output.ts'] },
  { name: 'session-browser', args: [...TSX, 'src/session-browser.ts'] },
  { name: 'mirror-and-resume', args: [...TSX, 'src/mirror-and-resume.ts'] },
  { name: 'direct-connect', args: [...TSX, 'src/direct-connect.ts'] },
  // The web chat's own session code, written for the browser, checked here in Node (WHATWG WebSocket).
  { name: 'web-chat', args: ['--experimental-websocket', ...TSX, 'src/web-chat/server.ts', '--check'] },
  { name: 'tracing', args: [...TSX, 'src/tracing.ts'] },
  {
    name: 'testing-an-agent',
    args: ['node_modules/vitest/vitest.mjs', 'run', 'src/testing-an-agent.test.ts'],
  },
];

/** The offline environment: no API key (so each example uses its scripted model). */
function offlineEnv() {
  const env = { ...process.env };
  delete env.ANTHROPIC_API_KEY;
  return env;
}

function run(example) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, example.args, {
      cwd: HERE,
      env: offlineEnv(),
      stdio: ['pipe', 'inherit', 'inherit'],
      detached: true,
    });
    const timer = setTimeout(() => {
      console.log(`--- ${example.name}: timed out after ${EXAMPLE_TIMEOUT_MS} ms, killing it`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, EXAMPLE_TIMEOUT_MS);
    child.stdin.end(example.input ?? '');
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ name: example.name, ok: code === 0, code: code ?? signal, ms: Date.now() - started });
    });
  });
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !EXAMPLES.some((example) => example.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown example(s): ${unknown.join(', ')}. Known: ${EXAMPLES.map((e) => e.name).join(', ')}`,
  );
  process.exit(2);
}
const results = [];
for (const example of EXAMPLES.filter((e) => wanted.length === 0 || wanted.includes(e.name))) {
  console.log(`\n=== example ${example.name}`);
  results.push(await run(example));
}
console.log('\n=== examples');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.ms} ms${r.ok ? '' : `, exit ${r.code}`})`);
const failed = results.filter((r) => !r.ok);
console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
process.exitCode = failed.length > 0 ? 1 : 0;

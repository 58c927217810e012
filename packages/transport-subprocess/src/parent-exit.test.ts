import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CLI, isRunning, waitUntil } from './__fixtures__/support.js';

const PARENT = fileURLToPath(new URL('./__fixtures__/parent-exits.mjs', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'ccsdk-parent-exit-'));
let bundle: string;

// The parent runs in a plain Node process, so it needs this package as JavaScript: bundle the
// sources (and control-protocol's, through the @ccsdk/source condition) once.
beforeAll(async () => {
  await build({
    entry: { transport: fileURLToPath(new URL('./index.ts', import.meta.url)) },
    outDir: scratch,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    silent: true,
    config: false,
    noExternal: [/^@ccsdk\//],
    esbuildOptions(options) {
      options.conditions = ['@ccsdk/source'];
    },
  });
  bundle = path.join(scratch, 'transport.js');
}, 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Pids {
  child: number;
  grandchild: number;
}

function runParent(mode: 'exit' | 'wait' | 'graceful'): {
  pids: Promise<Pids>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  pid: number;
} {
  const parent = spawn(process.execPath, [PARENT, bundle, FAKE_CLI, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  parent.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const pids = new Promise<Pids>((resolve, reject) => {
    parent.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line !== undefined) resolve(JSON.parse(line) as Pids);
    });
    parent.on('exit', () => setTimeout(() => reject(new Error(`parent printed no pids: ${err}`)), 50));
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    parent.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { pids, exited, pid: parent.pid as number };
}

describe('no child outlives its parent', () => {
  it('should end the CLI and its grandchild when the parent exits normally', async () => {
    const parent = runParent('exit');
    const { child, grandchild } = await parent.pids;
    expect(await parent.exited).toEqual({ code: 0, signal: null });
    await waitUntil(() => !isRunning(child) && !isRunning(grandchild), 5000, 'the children to end');
  });

  it('should end the CLI and its grandchild when the parent is interrupted', async () => {
    const parent = runParent('wait');
    const { child, grandchild } = await parent.pids;
    expect(isRunning(child)).toBe(true);
    expect(isRunning(grandchild)).toBe(true);
    process.kill(parent.pid, 'SIGINT');
    expect(await parent.exited).toEqual({ code: null, signal: 'SIGINT' });
    await waitUntil(() => !isRunning(child) && !isRunning(grandchild), 5000, 'the children to end');
  });

  it('should leave a SIGTERM to the application that listens with once(), so its own shutdown runs', async () => {
    const parent = runParent('graceful');
    const { child, grandchild } = await parent.pids;
    process.kill(parent.pid, 'SIGTERM');
    expect(await parent.exited).toEqual({ code: 0, signal: null });
    await waitUntil(() => !isRunning(child) && !isRunning(grandchild), 5000, 'the children to end');
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { WarmPoolStats } from '@ccsdk/direct-connect-server';
import {
  createSdkMcpServer,
  isSDKResultMessage,
  isSDKSystemInitMessage,
  query,
  type SDKMessage,
  tool,
} from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';
import { assistantTexts, collect } from './support/collect.js';
import { findProcessesWithEnv, waitForNoProcessesWithEnv } from './support/process-table.js';

/**
 * How long the pool may take to start its spares, in ms: spares start at lowered priority, and on
 * a 2-core machine under a load average of 30 a refill took over 60 s; this is past the pool's own
 * start timeout (`WARM_SPARE_START_TIMEOUT_MS`, 120 s).
 */
const FILL_TIMEOUT_MS = 150_000;

let dc: DirectConnectRig | undefined;
afterEach(async () => {
  const marker = dc?.rig.processMarker;
  await dc?.dispose();
  dc = undefined;
  // close() ends the pool's spares with the sessions: no process of the test is left.
  if (marker !== undefined) expect(await waitForNoProcessesWithEnv(marker, 15_000)).toEqual([]);
});

async function statsUntil(check: (stats: WarmPoolStats) => boolean, what: string): Promise<WarmPoolStats> {
  const deadline = Date.now() + FILL_TIMEOUT_MS;
  for (;;) {
    const stats = dc?.server.warmPoolStats();
    if (stats !== undefined && check(stats)) return stats;
    if (Date.now() > deadline) throw new Error(`pool never got ${what}: ${JSON.stringify(stats)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The parked spares in the process table: the CLIs started with `--await-claim`. */
async function spareProcesses(): Promise<number[]> {
  const marker = dc?.rig.processMarker ?? '';
  return (await findProcessesWithEnv(marker))
    .filter((p) => p.command.includes('--await-claim') && p.command.includes('--input-format'))
    .map((p) => p.pid);
}

describe('ccsdk serve --warm: pooled sessions through the real CLI', () => {
  it('should serve a session from a spare with the client initialize in effect: stream, canUseTool, hook, MCP tool', {
    timeout: 400_000,
  }, async () => {
    dc = await startDirectConnectRig(
      {
        script: [
          reply(toolUse('Bash', { command: 'touch pooled-allowed.txt', description: 'create a file' })),
          reply(toolUse('mcp__calc__add', { a: 20, b: 22 })),
          reply(text('Pooled answer: 42.')),
        ],
      },
      { warm: 2 },
    );
    await statsUntil((s) => s.ready === 2, 'two ready spares');
    expect(await spareProcesses()).toHaveLength(2);
    const asked: string[] = [];
    const hooked: string[] = [];
    const sums: Array<{ a: number; b: number }> = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async (args) => {
          sums.push(args);
          return { content: [{ type: 'text', text: String(args.a + args.b) }] };
        }),
      ],
    });
    const messages: SDKMessage[] = await collect(
      query({
        prompt: 'Create the file, then add 20 and 22',
        options: {
          transport: dc.transport(),
          mcpServers: { calc },
          canUseTool: async (name, input) => {
            asked.push(`${name}:${String(input['command'] ?? '')}`);
            return { behavior: 'allow' };
          },
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  async (input) => {
                    const toolInput =
                      'tool_input' in input ? (input.tool_input as { command?: string }) : undefined;
                    hooked.push(`${input.hook_event_name}:${String(toolInput?.command)}`);
                    return {};
                  },
                ],
              },
            ],
          },
        },
      }),
    );
    const poolLogs = dc.logs.filter((entry) => String(entry.event).startsWith('warm_pool.'));
    expect({ stats: dc.server.warmPoolStats(), poolLogs }).toMatchObject({ stats: { hits: 1, misses: 0 } });
    // Bound to the session's folder, not the parking folder the spare started in.
    expect(messages.find(isSDKSystemInitMessage)?.cwd).toBe(dc.rig.sandbox.cwd);
    expect(existsSync(join(dc.rig.sandbox.cwd, 'pooled-allowed.txt'))).toBe(true);
    expect(asked).toContain('Bash:touch pooled-allowed.txt');
    expect(hooked).toEqual(['PreToolUse:touch pooled-allowed.txt']);
    expect(sums).toEqual([{ a: 20, b: 22 }]);
    expect(assistantTexts(messages)).toContain('Pooled answer: 42.');
    const result = messages.at(-1);
    expect(isSDKResultMessage(result) ? result.subtype : result).toBe('success');
    // Nothing of the claim reaches the client: no control_response for it, no parking folder.
    expect(JSON.stringify(messages)).not.toContain('warm-claim-');
    expect(JSON.stringify(messages)).not.toContain(`${join(dc.rig.sandbox.configDir, 'spares')}`);
  });

  it('should refill after claims, back to two parked processes', { timeout: 400_000 }, async () => {
    dc = await startDirectConnectRig({ script: async () => reply(text('Served.')) }, { warm: 2 });
    await statsUntil((s) => s.ready === 2, 'two ready spares');
    const before = await spareProcesses();
    const runs = await Promise.all(
      [1, 2].map(() => collect(query({ prompt: 'hello', options: { transport: dc?.transport() } }))),
    );
    for (const messages of runs) expect(assistantTexts(messages)).toContain('Served.');
    expect(dc.server.warmPoolStats()).toMatchObject({ hits: 2, misses: 0 });
    await statsUntil((s) => s.ready === 2, 'refilled to two');
    const after = await spareProcesses();
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    // A third create while the pool is full again is a hit as well.
    await collect(query({ prompt: 'again', options: { transport: dc.transport() } }));
    expect(dc.server.warmPoolStats()).toMatchObject({ hits: 3, misses: 0 });
  });

  it('should replace a spare killed with SIGKILL', { timeout: 400_000 }, async () => {
    dc = await startDirectConnectRig({ script: async () => reply(text('After the kill.')) }, { warm: 2 });
    await statsUntil((s) => s.ready === 2, 'two ready spares');
    const [victim, survivor] = await spareProcesses();
    process.kill(victim as number, 'SIGKILL');
    await statsUntil((s) => s.replaced === 1 && s.ready === 2, 'the killed spare replaced');
    const now = await spareProcesses();
    expect(now).toHaveLength(2);
    expect(now).toContain(survivor);
    expect(now).not.toContain(victim);
    const messages = await collect(query({ prompt: 'hi', options: { transport: dc.transport() } }));
    expect(assistantTexts(messages)).toContain('After the kill.');
    expect(dc.server.warmPoolStats()).toMatchObject({ hits: 1, misses: 0 });
  });

  it('should start cold when the pool is empty, and end every spare on close', {
    timeout: 400_000,
  }, async () => {
    dc = await startDirectConnectRig({ script: async () => reply(text('Cold start.')) }, { warm: 1 });
    // At once, before the spare is ready: a miss, served by a cold CLI.
    const messages = await collect(query({ prompt: 'hi', options: { transport: dc.transport() } }));
    expect(assistantTexts(messages)).toContain('Cold start.');
    expect(dc.server.warmPoolStats()?.misses).toBeGreaterThanOrEqual(1);
    await statsUntil((s) => s.ready === 1, 'one ready spare');
    await dc.server.close();
    expect(await spareProcesses()).toEqual([]);
  });
});

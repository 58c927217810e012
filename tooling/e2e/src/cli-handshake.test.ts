// What query() hands the real CLI at start, and where: the options the official SDK sends in the
// `initialize` request (the system prompt, launch MCP servers and plugins) must take effect
// through it, and stay off the command line (argv has a size limit and is visible in `ps`).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Options, query, type SDKMessage } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { writeLocalPlugin } from './support/local-plugin.js';
import { recordingSpawn } from './support/recording-spawn.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

const ELICIT_SERVER = join(import.meta.dirname, 'support', 'elicit-mcp-server.mjs');
/** Past Linux's 128 KiB bound on one argument (MAX_ARG_STRLEN), where a prompt on argv fails to spawn. */
const LONG_PROMPT_CHARS = 200_000;

/** Runs one prompt with `options`, recording the command line the CLI was started with. */
async function runRecordingArgv(
  r: Rig,
  options: Options,
): Promise<{ messages: SDKMessage[]; argv: string[] }> {
  const { calls, spawnClaudeCodeProcess } = recordingSpawn();
  const messages = await collect(
    query({ prompt: 'hi', options: { env: r.env, cwd: r.sandbox.cwd, ...options, spawnClaudeCodeProcess } }),
  );
  expect(calls).toHaveLength(1);
  return { messages, argv: calls[0]?.args ?? [] };
}

function initOf(messages: SDKMessage[]): Record<string, unknown> {
  const init = messages.find((m) => m.type === 'system' && m.subtype === 'init');
  expect(init).toBeDefined();
  return init as unknown as Record<string, unknown>;
}

describe('the CLI handshake through the real CLI: what travels in initialize, not on argv', () => {
  it('systemPrompt: 200,000 characters in blocks reach the model, and nothing of them is on argv', async () => {
    rig = await startRig({ script: [reply(text('Prompted.'))] });
    const long = `long-block-5c1 ${'Z'.repeat(LONG_PROMPT_CHARS)}`;
    const { messages, argv } = await runRecordingArgv(rig, { systemPrompt: ['block-one-4e1', long] });
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Prompted.' });
    const system = rig.fake.mainRequests()[0]?.systemText ?? '';
    expect(system).toContain('block-one-4e1');
    expect(system).toContain(long);
    expect(argv.join(' ')).not.toMatch(/system-prompt|block-one-4e1|ZZZZ/);
  });

  it('systemPrompt: unset is an empty prompt; a preset with append is Claude Code’s own prompt plus the text', async () => {
    rig = await startRig({ script: [reply(text('One.')), reply(text('Two.'))] });
    await runRecordingArgv(rig, {});
    const { argv } = await runRecordingArgv(rig, {
      systemPrompt: { type: 'preset', preset: 'claude_code', append: 'appended-rule-9f2' },
    });
    const [unset, preset] = rig.fake.mainRequests().map((request) => request.systemText);
    expect(unset).not.toContain('appended-rule-9f2');
    expect(preset).toContain('appended-rule-9f2');
    // Claude Code's own prompt is many times what the SDK adds to an empty one.
    expect(preset?.length ?? 0).toBeGreaterThan(10 * (unset?.length ?? 0));
    expect(argv.join(' ')).not.toMatch(/append-system-prompt|appended-rule-9f2/);
  });

  it("mcpServersDelivery 'initialize': the server connects and its env never reaches argv", async () => {
    rig = await startRig({ script: [reply(toolUse('mcp__elic__ask', {})), reply(text('Asked.'))] });
    const { messages, argv } = await runRecordingArgv(rig, {
      mcpServersDelivery: 'initialize',
      mcpServers: {
        elic: {
          type: 'stdio',
          command: process.execPath,
          args: [ELICIT_SERVER],
          env: { ELICIT_TOKEN: 'secret-token-3a7' },
        },
      },
      allowedTools: ['mcp__elic__ask'],
      onElicitation: async () => ({ action: 'accept', content: { name: 'Grace-8b1' } }),
    });
    expect(initOf(messages)['mcp_servers']).toContainEqual(
      expect.objectContaining({ name: 'elic', status: 'connected' }),
    );
    expect(argv).toContain('--await-initialize');
    expect(argv.join(' ')).not.toMatch(/secret-token-3a7|mcp-config/);
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results[0]?.text).toContain('Grace-8b1');
  });

  it("pluginDelivery 'initialize': the plugin is loaded without a --plugin-dir", async () => {
    rig = await startRig({ script: [reply(text('Loaded.'))] });
    const plugin = await writeLocalPlugin(rig.sandbox.root, 'plugin-6e4');
    const { messages, argv } = await runRecordingArgv(rig, {
      pluginDelivery: 'initialize',
      plugins: [{ type: 'local', path: plugin }],
    });
    expect(initOf(messages)['plugins']).toContainEqual(expect.objectContaining({ name: 'plugin-6e4' }));
    expect(argv).toContain('--await-initialize');
    expect(argv.join(' ')).not.toMatch(/plugin-dir|plugin-6e4/);
  });

  it('skills: every settings source is still read, the local one included (as the official SDK)', async () => {
    rig = await startRig({ script: [reply(text('Skilled.'))] });
    await mkdir(join(rig.sandbox.cwd, '.claude'), { recursive: true });
    await writeFile(
      join(rig.sandbox.cwd, '.claude', 'settings.local.json'),
      JSON.stringify({ model: 'claude-local-model-2d6' }),
    );
    const { argv } = await runRecordingArgv(rig, { skills: ['pdf'] });
    expect(argv.join(' ')).not.toContain('setting-sources');
    expect(rig.fake.mainRequests()[0]?.model).toBe('claude-local-model-2d6');
  });
});

describe('the environment the real CLI runs with', () => {
  const SECRET = 'CCSDK_E2E_PARENT_ONLY_SECRET';
  afterEach(() => {
    delete process.env[SECRET];
  });

  it('env: a given env is the CLI’s whole environment, so a variable of this process only never reaches its tools', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: `echo "[\${${SECRET}:-unset}] [$CCSDK_E2E_GIVEN]"` }, 'toolu_env')),
        reply(text('Printed.')),
      ],
    });
    // Set after the rig took its copy of the environment: only the parent process has it.
    process.env[SECRET] = 'parent-only-value';
    const messages = await collect(
      query({
        prompt: 'Print them',
        options: {
          env: { ...rig.env, CCSDK_E2E_GIVEN: 'given-value' },
          cwd: rig.sandbox.cwd,
          allowedTools: ['Bash'],
        },
      }),
    );
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Printed.' });
    const result = rig.fake.mainRequests().flatMap((request) => request.toolResults)[0];
    expect(result?.text).toBe('[unset] [given-value]');
  });
});

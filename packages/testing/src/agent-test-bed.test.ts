import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postJson } from '../test/helpers/http.js';
import { type AgentTestBed, createAgentTestBed } from './agent-test-bed.js';
import { text, toolUse } from './blocks.js';
import { QUIET_CLI_ENV } from './quiet-cli-env.js';
import { reply } from './reply.js';

const FAKE_BINARY = '/opt/claude-test/claude';

/** Sends one Messages request to the bed's fake, as the CLI would (tools on offer, so it is a main request). */
async function send(bed: AgentTestBed, content: unknown): Promise<void> {
  const response = await postJson(`${bed.api.url}/v1/messages?beta=true`, {
    model: 'claude-test',
    max_tokens: 64,
    messages: [{ role: 'user', content }],
    tools: [{ name: 'Bash', input_schema: { type: 'object' } }],
  });
  await response.text();
}

describe('createAgentTestBed', () => {
  it('should give query options pointing the CLI at the fake, the sandbox and the binary', async () => {
    const bed = await createAgentTestBed({
      script: [reply(text('hi'))],
      pathToClaudeCodeExecutable: FAKE_BINARY,
      baseEnv: { PATH: '/usr/bin', ANTHROPIC_AUTH_TOKEN: 'real-token', HTTPS_PROXY: 'http://proxy' },
    });
    try {
      const { options, sandbox, api } = bed;
      expect(options.pathToClaudeCodeExecutable).toBe(FAKE_BINARY);
      expect(options.cwd).toBe(sandbox.cwd);
      expect(statSync(options.cwd).isDirectory()).toBe(true);
      expect(options.env).toMatchObject({
        ...QUIET_CLI_ENV,
        PATH: '/usr/bin',
        ANTHROPIC_BASE_URL: api.url,
        CLAUDE_CONFIG_DIR: sandbox.configDir,
        CLAUDE_CODE_TMPDIR: sandbox.tmpDir,
      });
      expect(options.env['CLAUDE_CODE_TMPDIR']?.startsWith(sandbox.root)).toBe(true);
      // Present as undefined, so a merging env option deletes the inherited value too.
      expect('ANTHROPIC_AUTH_TOKEN' in options.env && options.env['ANTHROPIC_AUTH_TOKEN']).toBe(undefined);
      expect(options.env['HTTPS_PROXY']).toBeUndefined();
      expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await bed.dispose();
    }
  });

  it('should locate the real CLI by default', async () => {
    const bed = await createAgentTestBed({ script: [] });
    try {
      expect(statSync(bed.options.pathToClaudeCodeExecutable).size).toBeGreaterThan(1024 * 1024);
    } finally {
      await bed.dispose();
    }
  });

  it('should report prompts and tool results the model was sent, each tool result once', async () => {
    const bed = await createAgentTestBed({
      script: [reply(toolUse('Bash', { command: 'echo hi' }, 'toolu_a')), reply(text('done'))],
      pathToClaudeCodeExecutable: FAKE_BINARY,
    });
    try {
      await send(bed, [
        { type: 'text', text: '<system-reminder>context</system-reminder>' },
        { type: 'text', text: 'List the files' },
      ]);
      const toolResult = { type: 'tool_result', tool_use_id: 'toolu_a', content: 'hi', is_error: false };
      await send(bed, [toolResult]);
      await send(bed, [toolResult, { type: 'text', text: 'And now?' }]);
      expect(bed.prompts()).toEqual(['List the files', 'And now?']);
      expect(bed.toolResults().map((r) => [r.toolUseId, r.text, r.isError])).toEqual([
        ['toolu_a', 'hi', false],
      ]);
      expect(bed.toolResult('toolu_a')?.text).toBe('hi');
      expect(bed.toolResult('toolu_missing')).toBeUndefined();
    } finally {
      await bed.dispose();
    }
  });

  it('should remove the sandbox and stop the fake on dispose, once, also through await using', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'ccsdk-bed-'));
    let root = '';
    let url = '';
    {
      await using bed = await createAgentTestBed({
        script: [],
        pathToClaudeCodeExecutable: FAKE_BINARY,
        parentDir: parent,
      });
      root = bed.sandbox.root;
      url = bed.api.url;
      expect(root.startsWith(parent)).toBe(true);
      expect(existsSync(root)).toBe(true);
    }
    expect(existsSync(root)).toBe(false);
    await expect(fetch(`${url}/v1/messages`)).rejects.toThrow();
    await rm(parent, { recursive: true });

    const bed = await createAgentTestBed({ script: [], pathToClaudeCodeExecutable: FAKE_BINARY });
    const first = bed.dispose();
    expect(bed.dispose()).toBe(first);
    await first;
  });

  it('should refuse bad options with a TypeError quoting the value, before starting anything', async () => {
    await expect(createAgentTestBed(null as never)).rejects.toThrow(TypeError);
    await expect(createAgentTestBed({ script: [], pathToClaudeCodeExecutable: '' })).rejects.toThrow(/""/);
    await expect(
      createAgentTestBed({ script: 'nope' as never, pathToClaudeCodeExecutable: FAKE_BINARY }),
    ).rejects.toThrow(TypeError);
    await expect(
      createAgentTestBed({ script: [], pathToClaudeCodeExecutable: FAKE_BINARY, baseEnv: 5 as never }),
    ).rejects.toThrow(/5/);
  });
});

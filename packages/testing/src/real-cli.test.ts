/**
 * End-to-end: the real Claude Code CLI (the devDependency's native binary) against the fake,
 * fully offline on 127.0.0.1, spawned with node:child_process.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { assistantTexts, type CliMessage, runCli, startCli, userLine } from '../test/helpers/run-cli.js';
import { text, thinking, toolUse } from './blocks.js';
import { type CliSandbox, createCliSandbox } from './cli-sandbox.js';
import { createDemoScript } from './demo-script.js';
import { type FakeMessagesApi, isMessagesRequest, startFakeMessagesApi } from './fake-messages-api.js';
import type { FakeMessagesApiOptions } from './fake-messages-api-options.js';
import { locateClaudeCodeBinary } from './locate-claude-code-binary.js';
import { reply } from './reply.js';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const binary = locateClaudeCodeBinary({ from: packageDir });
const CLI_TEST_TIMEOUT_MS = 90_000;
const cleanups: (() => Promise<void>)[] = [];

async function setup(
  options: FakeMessagesApiOptions,
): Promise<{ api: FakeMessagesApi; sandbox: CliSandbox; env: Record<string, string> }> {
  const api = await startFakeMessagesApi(options);
  const sandbox = await createCliSandbox();
  cleanups.push(
    () => api.close(),
    () => sandbox.dispose(),
  );
  return { api, sandbox, env: sandbox.fullEnv(api.url) };
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function resultOf(messages: readonly CliMessage[]): CliMessage | undefined {
  return messages.find((m) => m.type === 'result');
}

describe('the real Claude Code CLI against the fake', () => {
  it(
    'should print the scripted text as an assistant message and a successful result',
    async () => {
      const { api, sandbox, env } = await setup({
        script: [reply(thinking('a scripted thought'), text('Hello from the fake model'))],
      });
      const run = await runCli({ binary, cwd: sandbox.cwd, env, input: [userLine('Say hello')] });
      expect(run.code).toBe(0);
      expect(assistantTexts(run.messages)).toEqual(['Hello from the fake model']);
      expect(resultOf(run.messages)).toMatchObject({
        subtype: 'success',
        is_error: false,
        result: 'Hello from the fake model',
      });
      const [main] = api.mainRequests();
      expect(main).toMatchObject({
        url: '/v1/messages?beta=true',
        stream: true,
        hasTools: true,
        lastUserText: 'Say hello',
        outcome: 'script',
      });
      expect(main?.toolNames).toContain('Bash');
      expect(main?.headers['x-api-key']).toBe('sk-test-ccsdk');
      expect(api.requests.some((r) => r.path === '/api/hello')).toBe(false);
      expect(api.scriptExhausted).toBe(false);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'should run a scripted Bash tool_use and send the tool_result back to the fake',
    async () => {
      const { api, sandbox, env } = await setup({
        script: [
          reply(
            text('Running it.'),
            toolUse(
              'Bash',
              { command: 'echo hi-from-bash', description: 'Print a marker' },
              'toolu_e2e_bash',
            ),
          ),
          reply(text('The command printed the marker.')),
        ],
      });
      const run = await runCli({ binary, cwd: sandbox.cwd, env, input: [userLine('Run echo for me')] });
      expect(resultOf(run.messages)).toMatchObject({
        subtype: 'success',
        result: 'The command printed the marker.',
      });
      const second = await api.waitForRequest((r) => isMessagesRequest(r) && r.toolResults.length > 0);
      expect(isMessagesRequest(second) && second.toolResults).toEqual([
        { toolUseId: 'toolu_e2e_bash', isError: false, text: 'hi-from-bash', content: 'hi-from-bash' },
      ]);
      const echoed = run.messages.find(
        (m) => m.type === 'user' && JSON.stringify(m).includes('toolu_e2e_bash'),
      );
      expect(echoed).toBeDefined();
      expect(api.remainingReplies).toBe(0);
      expect(api.scriptExhausted).toBe(false);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'should play the demo script: list the folder, then quote the listing',
    async () => {
      const { api, sandbox, env } = await setup({ script: createDemoScript() });
      await writeFile(join(sandbox.cwd, 'alpha.txt'), 'a');
      await writeFile(join(sandbox.cwd, 'beta.md'), 'b');
      await mkdir(join(sandbox.cwd, 'gamma'));
      const run = await runCli({
        binary,
        cwd: sandbox.cwd,
        env,
        input: [userLine('Say hello and list this folder')],
      });
      expect(resultOf(run.messages)).toMatchObject({ subtype: 'success' });
      const final = String(resultOf(run.messages)?.['result']);
      expect(final).toContain('3 entries');
      expect(final).toContain('- alpha.txt\n- beta.md\n- gamma');
      expect(api.mainRequests()).toHaveLength(2);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'should answer the count_tokens requests a context-usage control request triggers',
    async () => {
      const { api, sandbox, env } = await setup({ script: [] });
      const run = await runCli({
        binary,
        cwd: sandbox.cwd,
        env,
        input: [
          { type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize', hooks: null } },
          { type: 'control_request', request_id: 'req_2', request: { subtype: 'get_context_usage' } },
        ],
        onMessage: (m) => m.type === 'control_response' && JSON.stringify(m).includes('"req_2"'),
      });
      const usage = run.messages.find(
        (m) => m.type === 'control_response' && JSON.stringify(m).includes('"req_2"'),
      );
      expect(usage).toMatchObject({ response: { subtype: 'success' } });
      const counts = api.requests.filter((r) => r.kind === 'count_tokens');
      expect(counts.length).toBeGreaterThan(0);
      expect(counts.every((r) => r.status === 200 && r.url.endsWith('?beta=true'))).toBe(true);
      expect(api.messageRequests()).toEqual([]);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('the real CLI interrupting a slow scripted reply', () => {
  it(
    'should let an interrupt control request cut a reply streamed with a long chunk delay',
    async () => {
      const { api, sandbox, env } = await setup({
        script: [{ content: [text('this reply crawls')], chunkDelayMs: 60_000 }],
      });
      const cli = startCli({
        binary,
        cwd: sandbox.cwd,
        env,
        input: [
          { type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize', hooks: null } },
          userLine('Be slow'),
        ],
      });
      const main = await api.waitForRequest((r) => isMessagesRequest(r) && r.isMain);
      await expect.poll(() => main.status).toBe(200);
      cli.write({ type: 'control_request', request_id: 'req_stop', request: { subtype: 'interrupt' } });
      const run = await cli.done;
      await expect.poll(() => main.interrupted).toBe(true);
      expect(assistantTexts(run.messages)).not.toContain('this reply crawls');
      expect(resultOf(run.messages)).toBeDefined();
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

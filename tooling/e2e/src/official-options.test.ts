import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ExtendedOptions, listSessions, query } from '@ccsdk/sdk';
import { locateClaudeCodeBinary, reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { recordingSpawn } from './support/recording-spawn.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

function base(r: Rig, warnings: Error[] = []): ExtendedOptions {
  return { env: r.env, cwd: r.sandbox.cwd, onWarning: (e) => warnings.push(e) };
}

const ELICIT_SERVER = join(import.meta.dirname, 'support', 'elicit-mcp-server.mjs');

describe('the official SDK options through the real CLI', () => {
  it('title: the session is listed under the title, not the prompt', async () => {
    rig = await startRig({ script: [reply(text('Hello.'))] });
    const messages = await collect(
      query({ prompt: 'first prompt text 51c', options: { ...base(rig), title: 'Release notes 7f3' } }),
    );
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    const sessions = await listSessions({ dir: rig.sandbox.cwd, configDir: rig.sandbox.configDir });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ summary: 'Release notes 7f3' });
    expect(messages).toContainEqual(
      expect.objectContaining({
        type: 'system',
        subtype: 'session_title_changed',
        title: 'Release notes 7f3',
      }),
    );
  });

  it('toolAliases: a tool_use under the alias runs the target tool', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Shell', { command: 'echo alias-ran-4d2', description: 'print' })),
        reply(text('Done.')),
      ],
    });
    await collect(query({ prompt: 'Run it', options: { ...base(rig), toolAliases: { Shell: 'Bash' } } }));
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results).toEqual([
      expect.objectContaining({ isError: false, text: expect.stringContaining('alias-ran-4d2') }),
    ]);
  });

  it('toolAliases: without the alias the same tool_use is an unknown tool', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Shell', { command: 'echo alias-ran-4d2', description: 'print' })),
        reply(text('Done.')),
      ],
    });
    await collect(query({ prompt: 'Run it', options: base(rig) }));
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results).toEqual([expect.objectContaining({ isError: true })]);
    expect(results[0]?.text).not.toContain('alias-ran-4d2');
  });

  it('verbatimPrompts: an @file mention reaches the model as written, not expanded', async () => {
    const runWith = async (verbatimPrompts: boolean) => {
      rig = await startRig({ script: [reply(text('Read.'))] });
      await writeFile(join(rig.sandbox.cwd, 'notes.txt'), 'file-body-marker-9e1\n');
      await collect(query({ prompt: 'Summarize @notes.txt', options: { ...base(rig), verbatimPrompts } }));
      const sent = JSON.stringify(rig.fake.mainRequests()[0]?.messages ?? []);
      await rig.dispose();
      rig = undefined;
      return sent;
    };
    expect(await runWith(false)).toContain('file-body-marker-9e1');
    const verbatim = await runWith(true);
    expect(verbatim).toContain('Summarize @notes.txt');
    expect(verbatim).not.toContain('file-body-marker-9e1');
  });

  it('toolConfig: askUserQuestion.previewFormat html changes the AskUserQuestion tool the model loads', async () => {
    // AskUserQuestion is offered with canUseTool and is deferred: the model loads it through ToolSearch.
    const descriptionWith = async (toolConfig?: ExtendedOptions['toolConfig']) => {
      rig = await startRig({
        script: [
          reply(toolUse('ToolSearch', { query: 'select:AskUserQuestion', max_results: 1 })),
          reply(text('Ok.')),
        ],
      });
      await collect(
        query({
          prompt: 'hi',
          options: {
            ...base(rig),
            canUseTool: async () => ({ behavior: 'allow' }),
            ...(toolConfig ? { toolConfig } : {}),
          },
        }),
      );
      const body = rig.fake.mainRequests()[1]?.body as { tools?: Array<{ name: string }> } | undefined;
      const tool = body?.tools?.find((t) => t.name === 'AskUserQuestion');
      await rig.dispose();
      rig = undefined;
      return JSON.stringify(tool ?? null);
    };
    const markdown = await descriptionWith();
    const html = await descriptionWith({ askUserQuestion: { previewFormat: 'html' } });
    expect(markdown).toContain('AskUserQuestion');
    expect(markdown).not.toContain('self-contained HTML fragment');
    expect(html).toContain('self-contained HTML fragment');
  });

  it('onElicitation: an MCP server asks, the callback answers, the server gets the answer', async () => {
    rig = await startRig({ script: [reply(toolUse('mcp__elic__ask', {})), reply(text('Thanks.'))] });
    const asked: unknown[] = [];
    await collect(
      query({
        prompt: 'Ask me',
        options: {
          ...base(rig),
          mcpServers: { elic: { type: 'stdio', command: process.execPath, args: [ELICIT_SERVER] } },
          allowedTools: ['mcp__elic__ask'],
          onElicitation: async (request) => {
            asked.push(request);
            return { action: 'accept', content: { name: 'Ada-3c9' } };
          },
        },
      }),
    );
    expect(asked).toEqual([
      expect.objectContaining({ serverName: 'elic', message: 'What is your name?', mode: 'form' }),
    ]);
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results[0]?.text).toContain('"action":"accept"');
    expect(results[0]?.text).toContain('Ada-3c9');
  });

  it('onElicitation: without the callback the server is told decline', async () => {
    rig = await startRig({ script: [reply(toolUse('mcp__elic__ask', {})), reply(text('Thanks.'))] });
    await collect(
      query({
        prompt: 'Ask me',
        options: {
          ...base(rig),
          mcpServers: { elic: { type: 'stdio', command: process.execPath, args: [ELICIT_SERVER] } },
          allowedTools: ['mcp__elic__ask'],
        },
      }),
    );
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results[0]?.text).toContain('"action":"decline"');
  });

  it('spawnClaudeCodeProcess: is called with the command line and its process is driven', async () => {
    rig = await startRig({ script: [reply(text('Spawned answer 2b8.'))] });
    const { calls, spawnClaudeCodeProcess } = recordingSpawn();
    const messages = await collect(
      query({
        prompt: 'hi',
        options: { ...base(rig), model: 'claude-sonnet-4-5', spawnClaudeCodeProcess },
      }),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args).toEqual(
      expect.arrayContaining(['--output-format', 'stream-json', '--model', 'claude-sonnet-4-5']),
    );
    expect(calls[0]?.cwd).toBe(rig.sandbox.cwd);
    expect(calls[0]?.env['CLAUDE_CONFIG_DIR']).toBe(rig.sandbox.configDir);
    expect(messages.at(-1)).toMatchObject({
      type: 'result',
      subtype: 'success',
      result: 'Spawned answer 2b8.',
    });
  });

  it('executable: a script CLI runs under the named runtime with executableArgs', async () => {
    rig = await startRig({ script: [reply(text('Via node.'))] });
    const wrapper = join(rig.sandbox.root, 'claude-wrapper.mjs');
    const real = locateClaudeCodeBinary({ from: import.meta.dirname });
    await writeFile(
      wrapper,
      [
        "import { spawn } from 'node:child_process';",
        `const child = spawn(${JSON.stringify(real)}, process.argv.slice(2), { stdio: 'inherit' });`,
        "process.stderr.write('runtime-flags:' + process.execArgv.join(' ') + '\\n');",
        "child.on('exit', (code) => process.exit(code ?? 1));",
        "process.on('SIGTERM', () => child.kill('SIGTERM'));",
      ].join('\n'),
    );
    const stderr: string[] = [];
    const messages = await collect(
      query({
        prompt: 'hi',
        options: {
          ...base(rig),
          pathToClaudeCodeExecutable: wrapper,
          executable: 'node',
          executableArgs: ['--no-warnings'],
          stderr: (line) => stderr.push(line),
        },
      }),
    );
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    expect(stderr).toContain('runtime-flags:--no-warnings\n');
  });

  // Their effects need a subagent running for ~30 s (summaries) or a dialog the CLI only raises
  // online (refusal_fallback_prompt), so offline this shows only that the CLI takes the fields;
  // perTaskStopAffordance has its own test (per-task-stop.test.ts).
  it('agentProgressSummaries, supportedDialogKinds: the CLI takes them in initialize', async () => {
    rig = await startRig({ script: [reply(text('Fine.'))] });
    const q = query({
      prompt: 'hi',
      options: {
        ...base(rig),
        agentProgressSummaries: true,
        supportedDialogKinds: ['refusal_fallback_prompt'],
        onUserDialog: async () => ({ behavior: 'cancelled' }),
      },
    });
    const messages = await collect(q);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
  });
});

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isSDKAssistantMessage, isSDKResultMessage, isSDKSystemInitMessage, query } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  findProcessesWithEnv,
  type MarkedProcess,
  waitForNoProcessesWithEnv,
} from './support/process-table.js';

/** Polls (up to 10 s) until a marked process matches; returns every marked process's command line then. */
async function waitForProcess(marker: string, match: (p: MarkedProcess) => boolean): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await findProcessesWithEnv(marker);
    if (found.some(match) || Date.now() > deadline) return found.map((p) => p.command);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import { assistantTexts, collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

/**
 * A tool command that runs for 25 s as a grandchild of the query (the CLI's shell runs node).
 * Not `sleep`: the CLI refuses long sleeps in the foreground.
 */
const LONG_COMMAND_MARK = 'ccsdk-long-tool';
const LONG_COMMAND = `node -e "setTimeout(() => {}, 25000)" ${LONG_COMMAND_MARK}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

describe('query() through the real Claude Code CLI', () => {
  it('should stream init, the scripted assistant text and a success result, and write the transcript', async () => {
    rig = await startRig({ script: [reply(text('Hello from the scripted model.'))] });
    const messages = await collect(
      query({ prompt: 'Say hello, marker-7f3a', options: { env: rig.env, cwd: rig.sandbox.cwd } }),
    );

    const init = messages.find(isSDKSystemInitMessage);
    expect(init).toBeDefined();
    const sessionId = String(init?.session_id);
    expect(sessionId).toMatch(UUID);
    expect(assistantTexts(messages)).toContain('Hello from the scripted model.');
    const result = messages.at(-1);
    expect(isSDKResultMessage(result) ? result.subtype : result).toBe('success');

    const prompts = rig.fake.mainRequests().map((r) => r.lastUserText);
    expect(prompts.some((p) => p.includes('marker-7f3a'))).toBe(true);

    const projectsDir = join(rig.sandbox.configDir, 'projects');
    const projects = await readdir(projectsDir);
    const transcripts = await Promise.all(
      projects.map((p) => readFile(join(projectsDir, p, `${sessionId}.jsonl`), 'utf8').catch(() => '')),
    );
    const transcript = transcripts.find((t) => t !== '');
    expect(transcript).toBeDefined();
    expect(transcript).toContain('marker-7f3a');
    expect(transcript).toContain('Hello from the scripted model.');
  });

  it('should leave no CLI process (nor its tool processes) alive after the consumer breaks out early', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: LONG_COMMAND, description: 'wait' })),
        reply(text('Waited.')),
      ],
    });
    const marker = rig.processMarker;
    const run = query({
      prompt: 'Run the long command',
      options: { env: rig.env, cwd: rig.sandbox.cwd, canUseTool: async () => ({ behavior: 'allow' }) },
    });
    let aliveWhileRunning: string[] = [];
    for await (const message of run) {
      if (isSDKAssistantMessage(message)) {
        aliveWhileRunning = await waitForProcess(marker, (p) => p.command.includes(LONG_COMMAND_MARK));
        break;
      }
    }
    expect(aliveWhileRunning.some((command) => command.includes(LONG_COMMAND_MARK))).toBe(true);
    expect(aliveWhileRunning.length).toBeGreaterThan(1);
    expect(await waitForNoProcessesWithEnv(marker, 12_000)).toEqual([]);
  });

  it('should fail with CLINotFoundError for an executable path that does not exist', async () => {
    rig = await startRig({ script: [] });
    const run = query({
      prompt: 'hi',
      options: { env: rig.env, pathToClaudeCodeExecutable: join(rig.sandbox.root, 'no-such-claude') },
    });
    await expect(collect(run)).rejects.toMatchObject({ code: 'CLI_NOT_FOUND' });
  });

  it('should fail with the CLI stderr tail when the CLI exits non-zero', async () => {
    rig = await startRig({ script: [] });
    const run = query({
      prompt: 'hi',
      options: { env: rig.env, cwd: rig.sandbox.cwd, extraArgs: { 'no-such-flag-ccsdk': null } },
    });
    const error = await collect(run).then(
      () => undefined,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(error?.code).toBe('PROCESS_EXITED');
    expect(error?.message).toContain('no-such-flag-ccsdk');
    expect(await waitForNoProcessesWithEnv(rig.processMarker, 5_000)).toEqual([]);
  });
});

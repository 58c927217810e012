// query() with a string prompt, through the real CLI, side by side with the official SDK 0.3.332
// (its runtime called, never read): the prompt must reach the CLI, the transcript and the model
// in the shape the official gives it, so a session written through either SDK reads back the same.
import { readFileSync } from 'node:fs';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { locateSessionTranscript } from '@ccsdk/session-jsonl';
import { createCliSandbox, locateClaudeCodeBinary, reply, startFakeMessagesApi, text } from '@ccsdk/testing';
import { describe, expect, it } from 'vitest';
import { cliBaseEnv } from './stream-timing.js';

type Sdk = typeof official;
const CLI = locateClaudeCodeBinary({ from: import.meta.dirname });
/** Two CLI runs per SDK; the CLI's start alone can take seconds on a shared machine. */
const CASE_TIMEOUT_MS = 120_000;

/** The prompts a person typed, as the transcript holds them (`message` of each non-meta user entry). */
async function typedPrompts(configDir: string, sessionId: string): Promise<unknown[]> {
  const found = await locateSessionTranscript(sessionId, { configDir });
  if (found === undefined) throw new Error(`no transcript ${sessionId}`);
  return readFileSync(found.filePath, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { type?: string; isMeta?: boolean; message?: unknown })
    .filter((entry) => entry.type === 'user' && entry.isMeta !== true)
    .map((entry) => entry.message);
}

/** Runs a first prompt and a resumed second one through `sdk`; what the transcript and the model got. */
async function promptsThrough(sdk: Sdk): Promise<{ transcript: unknown[]; lastToModel: unknown }> {
  const fake = await startFakeMessagesApi({ script: () => reply(text('answered')) });
  const sandbox = await createCliSandbox();
  try {
    const options = {
      cwd: sandbox.cwd,
      env: { ...cliBaseEnv(), ...sandbox.env(fake.url) },
      pathToClaudeCodeExecutable: CLI,
    };
    let sessionId = '';
    for await (const message of sdk.query({ prompt: 'FIRST prompt', options }))
      sessionId = message.session_id ?? sessionId;
    for await (const _ of sdk.query({
      prompt: 'SECOND prompt',
      options: { ...options, resume: sessionId },
    })) {
      // drained: the turn runs to its result
    }
    const lastRequest = fake.mainRequests().at(-1)!;
    const lastUser = lastRequest.messages.filter((m) => (m as { role?: unknown }).role === 'user').at(-1);
    return { transcript: await typedPrompts(sandbox.configDir, sessionId), lastToModel: lastUser };
  } finally {
    await fake.close();
    await sandbox.dispose();
  }
}

describe('query() with a string prompt, through the real CLI, as the official SDK', () => {
  it(
    'should hand the CLI the prompt as one text block, so the transcript and the model get what the official gives them',
    async () => {
      const theirs = await promptsThrough(official);
      const mine = await promptsThrough(ours as unknown as Sdk);
      expect(theirs.transcript).toEqual([
        { role: 'user', content: [{ type: 'text', text: 'FIRST prompt' }] },
        { role: 'user', content: [{ type: 'text', text: 'SECOND prompt' }] },
      ]);
      expect(mine.transcript).toEqual(theirs.transcript);
      expect(JSON.stringify(mine.lastToModel)).toBe(JSON.stringify(theirs.lastToModel));
      // The CLI sends the model the prompt's block as the last of that user message.
      const blocks = (theirs.lastToModel as { content: { type: string; text?: string }[] }).content;
      expect(blocks.at(-1)).toMatchObject({ type: 'text', text: 'SECOND prompt' });
    },
    CASE_TIMEOUT_MS,
  );
});

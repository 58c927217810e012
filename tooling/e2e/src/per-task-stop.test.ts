import { query, type SDKMessage } from '@ccsdk/sdk';
import { reply, type ScriptFunction, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptStream } from './support/prompt-stream.js';
import { type Rig, startRig } from './support/rig.js';

/** How long the background subagent's model call takes: long enough to interrupt it. */
const SUBAGENT_REPLY_DELAY_MS = 6_000;

/** The main thread starts a background subagent; the subagent's one model call is slow. */
const script: ScriptFunction = (request) => {
  if (JSON.stringify(request.messages).includes('SUBTASK-MARK')) {
    return { content: [text('subagent done')], delayMs: SUBAGENT_REPLY_DELAY_MS };
  }
  if (request.lastUserText.includes('START') && request.toolResults.length === 0) {
    return reply(
      toolUse('Agent', {
        description: 'background work',
        prompt: 'Work on it SUBTASK-MARK',
        subagent_type: 'general-purpose',
        run_in_background: true,
      }),
    );
  }
  return reply(text('main ok'));
};

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

/** Starts the background agent, interrupts the turn, and returns how the agent's task ended. */
async function interruptWithBackgroundAgent(perTaskStopAffordance: boolean): Promise<string | undefined> {
  rig = await startRig({ script });
  const prompts = new PromptStream();
  const q = query({
    prompt: prompts,
    options: { env: rig.env, cwd: rig.sandbox.cwd, perTaskStopAffordance },
  });
  const seen: SDKMessage[] = [];
  let wake: () => void = () => {};
  const reading = (async () => {
    for await (const message of q) {
      seen.push(message);
      wake();
    }
  })();
  const until = async (test: (m: SDKMessage) => boolean): Promise<SDKMessage> => {
    for (;;) {
      const found = seen.find(test);
      if (found) return found;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  const isSystem = (subtype: string) => (m: SDKMessage) =>
    m.type === 'system' && (m as { subtype?: string }).subtype === subtype;
  try {
    prompts.push('START');
    await until(isSystem('task_started'));
    await q.interrupt();
    const ended = await until(isSystem('task_updated'));
    return (ended as { patch?: { status?: string } }).patch?.status;
  } finally {
    prompts.end();
    await q.close();
    await reading.catch(() => undefined);
  }
}

describe('perTaskStopAffordance through the real CLI', () => {
  it('without it, an interrupt kills the running background agent', async () => {
    expect(await interruptWithBackgroundAgent(false)).toBe('killed');
  }, 60_000);

  it('with it, an interrupt spares the background agent, which runs to completion', async () => {
    expect(await interruptWithBackgroundAgent(true)).toBe('completed');
  }, 60_000);
});

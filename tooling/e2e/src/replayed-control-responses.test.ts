import { type ExtendedOptions, query } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

// A command that writes a file, so the CLI asks canUseTool (a plain `echo` is allowed unasked).
const WRITE = { command: 'echo replay > replay-e2e.txt', description: 'write a marker file' };

describe('the CLI echoing our control responses (--replay-user-messages)', () => {
  it('should answer canUseTool and a hook, and drop the echoed replies without a warning', async () => {
    rig = await startRig({ script: [reply(toolUse('Bash', WRITE)), reply(text('Written.'))] });
    const warnings: Error[] = [];
    const asked: string[] = [];
    const hookCalls: string[] = [];
    const options: ExtendedOptions = {
      env: rig.env,
      cwd: rig.sandbox.cwd,
      onWarning: (warning) => warnings.push(warning),
      extraArgs: { 'replay-user-messages': null },
      canUseTool: async (toolName) => {
        asked.push(toolName);
        return { behavior: 'allow' };
      },
      hooks: {
        PostToolUse: [
          {
            hooks: [
              async (input) => {
                hookCalls.push(input.hook_event_name);
                return {};
              },
            ],
          },
        ],
      },
    };
    const messages = await collect(query({ prompt: 'Write the file', options }));

    expect(asked).toEqual(['Bash']);
    expect(hookCalls).toEqual(['PostToolUse']);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    expect(warnings.map((w) => `${(w as { code?: string }).code}: ${w.message}`)).toEqual([]);
  });
});

import {
  type CanUseToolContext,
  isKnownSDKMessage,
  type PermissionUpdate,
  query,
  type SDKMessage,
  unknownSDKMessage,
} from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

/** The kinds of permission update the official types name. */
const UPDATE_TYPES = new Set<PermissionUpdate['type']>([
  'addRules',
  'replaceRules',
  'removeRules',
  'setMode',
  'addDirectories',
  'removeDirectories',
]);

describe('the official types against the real CLI 2.1.332', () => {
  it('should type every message the CLI sends, and give canUseTool the official context', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: 'touch typed.txt', description: 'create a file' })),
        reply(text('Created.')),
      ],
    });
    const contexts: CanUseToolContext[] = [];
    const messages: SDKMessage[] = await collect(
      query({
        prompt: 'Create the file',
        options: {
          env: rig.env,
          cwd: rig.sandbox.cwd,
          includePartialMessages: true,
          canUseTool: async (_tool, input, context) => {
            contexts.push(context);
            return { behavior: 'allow', updatedInput: input };
          },
        },
      }),
    );
    // Every kind the real CLI sent is a member of the closed union.
    expect(messages.filter((m) => !isKnownSDKMessage(m)).map((m) => unknownSDKMessage(m)?.type)).toEqual([]);
    const kinds = new Set(messages.map((m) => (m.type === 'system' ? `system/${m.subtype}` : m.type)));
    expect([...kinds]).toEqual(
      expect.arrayContaining(['system/init', 'assistant', 'user', 'stream_event', 'result']),
    );
    const last = messages.at(-1);
    expect(last?.type === 'result' && last.subtype === 'success' && last.result).toBe('Created.');
    // The context the official CanUseTool type promises: the tool use id the model sent, the
    // request id, and suggestions shaped as PermissionUpdate values.
    const toolUseIds = messages.flatMap((m) =>
      m.type === 'assistant' ? m.message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])) : [],
    );
    expect(contexts).toHaveLength(1);
    const [context] = contexts;
    expect(toolUseIds).toContain(context?.toolUseID);
    expect(context?.requestId).toMatch(/\S/);
    for (const suggestion of context?.suggestions ?? []) expect(UPDATE_TYPES.has(suggestion.type)).toBe(true);
  });
});

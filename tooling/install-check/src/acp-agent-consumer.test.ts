import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshProject } from './fresh-project.js';
import { createOfficialSdkConsumer, runConsumerDriver } from './official-sdk-consumer-project.js';

/*
 * The drop-in seen from an editor: claude-agent-acp (the Agent Client Protocol agent that Zed and
 * other editors run for Claude Code, written for the official SDK) installed from npm in a fresh
 * project, with npm `overrides` putting @ccsdk/sdk's tarball in place of the official package, and
 * driven unchanged over ACP through the real CLI. It calls query methods the official SDK has but
 * does not declare (`generateSessionTitle`, `getSettings`) after a typeof check, so a missing one
 * would not fail the run: the session would just go without its generated title.
 */

/** The agent, pinned (it depends on the official SDK 0.3.318). */
const AGENT_DEPENDENCIES = { '@agentclientprotocol/claude-agent-acp': '0.101.0' } as const;
/** Longest run of the editor side (a turn with a permission request, a list, a close and a load). */
const CLIENT_TIMEOUT_MS = 150_000;
const DRIVER = { folder: 'acp-agent-consumer', file: 'acp-client.mjs' } as const;
/** The title the scripted fake gives when the CLI asks a small model for one (DEFAULT_SIDE_REPLY_STRING). */
const GENERATED_TITLE = 'Scripted session';

let project: FreshProject | undefined;

beforeAll(async () => {
  project = await createOfficialSdkConsumer(AGENT_DEPENDENCIES, DRIVER);
}, 240_000);

afterAll(() => {
  if (project !== undefined) rmSync(project.root, { recursive: true, force: true });
});

describe('an ACP agent written for the official SDK, on ours', () => {
  it(
    'runs a permissioned tool call, titles, lists and reloads the session through the real CLI, unchanged',
    async () => {
      const outcome = await runConsumerDriver(project, DRIVER, CLIENT_TIMEOUT_MS);
      // The agent's import of the official package resolved to ours.
      expect(outcome['sdkPackage']).toBe('@ccsdk/sdk');
      expect(outcome).toMatchObject({
        stopReason: 'end_turn',
        // canUseTool reached the editor as one permission request, and its answer let the tool run.
        permissionOptions: [['allow_once', 'reject_once']],
        toolResult: { isError: false },
        fileMade: true,
        prompts: ['Make a file for me'],
        // generateSessionTitle(): the CLI's generated title, published and stored in the transcript
        // (without it the agent falls back to the first prompt).
        title: GENERATED_TITLE,
        listed: [{ sessionId: true, title: GENERATED_TITLE }],
        // getSessionMessages(): loading the closed session replays its prompt.
        replayedPrompts: ['Make a file for me'],
      });
    },
    CLIENT_TIMEOUT_MS,
  );
});

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshProject } from './fresh-project.js';
import { createOfficialSdkConsumer, runConsumerDriver } from './official-sdk-consumer-project.js';
import { REPO_ROOT, readManifest } from './workspace-packages.js';

/*
 * The drop-in seen from a library written for the official SDK: ai-sdk-provider-claude-code (the
 * Vercel AI SDK's Claude Code provider, which depends on @anthropic-ai/claude-agent-sdk) installed
 * from npm in a fresh project, with npm `overrides` putting @ccsdk/sdk's tarball in place of the
 * official package, and run unchanged through the real CLI.
 */

/** The library and the AI SDK it is written for, pinned. */
const CONSUMER_DEPENDENCIES = { 'ai-sdk-provider-claude-code': '4.1.0', ai: '7.0.185' } as const;
/** Longest run of the consumer program (two queries through the real CLI), ms. */
const CONSUMER_TIMEOUT_MS = 120_000;
const HERE = join(REPO_ROOT, 'tooling', 'install-check');
const DRIVER = { folder: 'official-sdk-consumer', file: 'consumer.mjs' } as const;

let project: FreshProject | undefined;

beforeAll(async () => {
  const typesNode = readManifest(HERE).devDependencies?.['@types/node'];
  if (typesNode === undefined) throw new Error('tooling/install-check names no @types/node version');
  project = await createOfficialSdkConsumer({ '@types/node': typesNode, ...CONSUMER_DEPENDENCIES }, DRIVER);
}, 240_000);

afterAll(() => {
  if (project !== undefined) rmSync(project.root, { recursive: true, force: true });
});

describe('a library written for the official SDK, on ours', () => {
  it(
    'runs generateText with a tool call and streamText through the real CLI, unchanged',
    async () => {
      const outcome = await runConsumerDriver(project, DRIVER, CONSUMER_TIMEOUT_MS);
      // The library's import of the official package resolved to ours.
      expect(outcome['sdkPackage']).toBe('@ccsdk/sdk');
      expect(outcome).toMatchObject({
        generatedText: 'Let me check.It printed hello.',
        generatedFinish: 'stop',
        streamedText: 'Streamed answer.',
        streamedFinish: 'stop',
        toolResult: { text: 'hello', isError: false },
        // The library writes the prompt as a transcript of its own (`Human: ...`).
        prompts: ['Human: What does echo hello print?', 'Human: Stream something'],
      });
      // The CLI ran as an SDK's (its env given by the library), naming the library as the client.
      const agents = outcome['userAgents'] as string[];
      expect(agents).toHaveLength(3);
      for (const agent of agents) {
        expect(agent).toMatch(
          /\(external, sdk-ts, agent-sdk\/[^,]+, client-app\/ai-sdk-provider-claude-code\/4\.1\.0\)/,
        );
      }
    },
    CONSUMER_TIMEOUT_MS,
  );
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { query } from '@ccsdk/sdk';
import { locateClaudeCodeBinary, reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

/** A `.mjs` CLI that runs the real binary, so that `executable` decides which runtime starts it. */
const SCRIPT_CLI = join(import.meta.dirname, 'support', 'script-cli.mjs');

describe('executable given as a path (as the ACP adapter passes process.execPath)', () => {
  it('should run the script CLI under that runtime, through the real CLI, as the official SDK does', async () => {
    rig = await startRig({ script: [reply(text('Ran under the given runtime.'))] });
    const mark = join(rig.sandbox.cwd, 'runtime.txt');
    const messages = await collect(
      query({
        prompt: 'hello',
        options: {
          cwd: rig.sandbox.cwd,
          env: { ...rig.env, CCSDK_REAL_CLI: locateClaudeCodeBinary(), CCSDK_SCRIPT_CLI_MARK: mark },
          pathToClaudeCodeExecutable: SCRIPT_CLI,
          // The official type names the runtimes; at run time both SDKs take any command.
          executable: process.execPath as 'node',
        },
      }),
    );
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    expect(await readFile(mark, 'utf8')).toBe(process.execPath);
    expect(rig.fake.mainRequests()).toHaveLength(1);
  });
});

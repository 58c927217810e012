// A SessionStart hook that runs longer than the initialize timeout, through the real CLI: the CLI
// runs it before it answers initialize, so the SDK must not count that time (as the official SDK
// does not, checked side by side: both of its start paths waited out a 68 s hook, ours failed at
// 60 s before). One slow run of each start path, side by side, so the suite pays the wait once.
import { query, type SDKMessage, startup } from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

const rigs: Rig[] = [];
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((rig) => rig.dispose()));
});

/** Past the default `INITIALIZE_TIMEOUT_MS` (60 s). */
const HOOK_SECONDS = 62;
const TEST_TIMEOUT_MS = 150_000;

function slowHookOptions(rig: Rig) {
  return {
    env: rig.env,
    cwd: rig.sandbox.cwd,
    settings: {
      hooks: {
        SessionStart: [
          { hooks: [{ type: 'command', command: `sleep ${HOOK_SECONDS}; echo ready-8c4`, timeout: 600 }] },
        ],
      },
    },
  } as const;
}

describe('start-up hooks longer than the initialize timeout, through the real CLI', () => {
  it(
    'query() and startup() wait them out, and the hook reports precede the session',
    async () => {
      const [a, b] = await Promise.all([
        startRig({ script: [reply(text('After the hook.'))] }),
        startRig({ script: [reply(text('Warm after the hook.'))] }),
      ]);
      rigs.push(a, b);
      const started = Date.now();
      const [viaQuery, viaStartup] = await Promise.all([
        collect(query({ prompt: 'hi', options: slowHookOptions(a) })),
        (async (): Promise<SDKMessage[]> => {
          const warm = await startup({ options: slowHookOptions(b) });
          return collect(warm.query('hi'));
        })(),
      ]);
      expect(Date.now() - started).toBeGreaterThan(HOOK_SECONDS * 1000);
      for (const messages of [viaQuery, viaStartup]) {
        expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
        const kinds = messages.map((m) => `${m.type}/${'subtype' in m ? m.subtype : ''}`);
        // What the SDK watches to hold the deadline comes before the session starts.
        const hookStarted = kinds.indexOf('system/hook_started');
        expect(hookStarted).toBeGreaterThanOrEqual(0);
        expect(kinds.indexOf('system/hook_response')).toBeGreaterThan(hookStarted);
        expect(kinds.indexOf('system/init')).toBeGreaterThan(kinds.indexOf('system/hook_response'));
      }
      expect(JSON.stringify(viaQuery)).toContain('ready-8c4');
    },
    TEST_TIMEOUT_MS,
  );
});

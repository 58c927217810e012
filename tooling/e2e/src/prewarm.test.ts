import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { listSessions, PrewarmError, prewarm, type SDKMessage, type SpareProcess } from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { waitForNoProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
let spare: SpareProcess | undefined;
afterEach(async () => {
  spare?.close();
  await spare?.exited;
  spare = undefined;
  await rig?.dispose();
  rig = undefined;
});

describe('prewarm() through the real CLI (--await-claim, claim_session)', () => {
  it('should park a spare, then claim it for a folder chosen later and run the prompt there', async () => {
    rig = await startRig({ script: [reply(text('Answer from the claimed spare.'))] });
    spare = await prewarm({ options: { env: rig.env } });
    const folder = join(rig.sandbox.root, 'project-a');
    await mkdir(folder);
    const q = spare.claim({ prompt: 'hello', options: { cwd: folder, title: 'Claimed title 3e7' } });
    const messages: SDKMessage[] = await collect(q);
    const claim = await spare.claimed;
    expect(claim.cwd).toBe(folder);
    expect(claim.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const init = messages.find((m) => m.type === 'system' && m.subtype === 'init');
    expect(init).toMatchObject({ cwd: folder, session_id: claim.sessionId });
    expect(messages.at(-1)).toMatchObject({
      type: 'result',
      subtype: 'success',
      result: 'Answer from the claimed spare.',
    });
    expect(await q.initializationResult()).toMatchObject({ commands: expect.any(Array) });
    const sessions = await listSessions({ dir: folder, configDir: rig.sandbox.configDir });
    expect(sessions).toEqual([
      expect.objectContaining({ sessionId: claim.sessionId, summary: 'Claimed title 3e7' }),
    ]);
    await spare.exited;
    await waitForNoProcessesWithEnv(rig.processMarker, 10_000);
  });

  it("should reject claimed with the CLI's reason when the folder does not exist", async () => {
    rig = await startRig({ script: [reply(text('never'))] });
    spare = await prewarm({ options: { env: rig.env } });
    const q = spare.claim({ prompt: 'hello', options: { cwd: join(rig.sandbox.root, 'missing-folder') } });
    const refused = await spare.claimed.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PrewarmError);
    expect(refused).toMatchObject({ code: 'PREWARM_FAILED', reason: 'CLAIM_REFUSED' });
    expect((refused as Error).message).toMatch(/^cwd_not_found: /);
    await expect(collect(q)).rejects.toBeInstanceOf(PrewarmError);
    expect(rig.fake.mainRequests()).toHaveLength(0);
  });

  it('should refuse a second claim and a hook setting in the overlay without sending anything', async () => {
    rig = await startRig({ script: [reply(text('ok'))] });
    spare = await prewarm({ options: { env: rig.env } });
    expect(() =>
      spare?.claim({ prompt: 'x', options: { cwd: rig?.sandbox.cwd ?? '', settings: { hooks: {} } } }),
    ).toThrow(/hooks/);
    const q = spare.claim({ prompt: 'x', options: { cwd: rig.sandbox.cwd } });
    expect(() => spare?.claim({ prompt: 'y', options: { cwd: rig?.sandbox.cwd ?? '' } })).toThrow(
      /already claimed/,
    );
    await collect(q);
  });

  it('close() before a claim ends the spare and rejects claimed with SPARE_CLOSED', async () => {
    rig = await startRig({ script: [] });
    spare = await prewarm({ options: { env: rig.env } });
    spare.close();
    await expect(spare.claimed).rejects.toMatchObject({ reason: 'SPARE_CLOSED' });
    await spare.exited;
    await waitForNoProcessesWithEnv(rig.processMarker, 10_000);
  });
});

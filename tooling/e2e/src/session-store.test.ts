/**
 * Issue 6 end to end: transcripts of the real Claude Code CLI mirrored into a SessionStore, and
 * sessions resumed from a store in a fresh config dir, against the scripted fake Messages API.
 *
 * Two ways in: `query({ options: { sessionStore } })` (the SDK wiring), and a tap on the
 * subprocess transport that feeds `transcript_mirror` frames to a `TranscriptMirrorBatcher`
 * directly (the mirror without the facade, with short timeouts for the fault tests).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transport } from '@ccsdk/control-protocol';
import {
  resolveMirrorProjectsDir,
  type SystemMirrorErrorMessage,
  TranscriptMirrorBatcher,
  type TranscriptMirrorBatcherOptions,
} from '@ccsdk/mirror-batcher';
import { isSDKResultMessage, isSDKSystemInitMessage, query, type SDKMessage } from '@ccsdk/sdk';
import {
  InMemorySessionStore,
  materializeResumeFromStore,
  projectKeyForDirectory,
  type SessionStore,
} from '@ccsdk/session-store';
import { reply, text } from '@ccsdk/testing';
import { SubprocessTransport } from '@ccsdk/transport-subprocess';
import { afterEach, describe, expect, it } from 'vitest';
import { findProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';
import {
  agentScript,
  expectStoreMatchesLocal,
  localTranscripts,
  mirroredOf,
  twoTurns,
} from './support/store-mirror.js';

const rigs: Rig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.dispose();
});

async function rigWith(script: Parameters<typeof startRig>[0]['script']): Promise<Rig> {
  const rig = await startRig({ script });
  rigs.push(rig);
  return rig;
}

/**
 * The scripted model: turn 1 runs `echo` then spawns a subagent (which runs its own `echo`);
 * turn 2 answers plainly. Replies are keyed on the request, never on a counter.
 */
async function collect(
  run: AsyncIterable<SDKMessage>,
  onMessage?: (m: SDKMessage) => void,
): Promise<SDKMessage[]> {
  const out: SDKMessage[] = [];
  for await (const message of run) {
    out.push(message);
    onMessage?.(message);
  }
  return out;
}

/** A transport that spawns the CLI with `--session-mirror` and hands its mirror frames to a batcher. */
function mirroringTransport(
  rig: Rig,
  batcher: () => TranscriptMirrorBatcher,
  options: { cwd?: string; env?: Record<string, string | undefined>; resume?: string } = {},
): Transport {
  const { cwd = rig.sandbox.cwd, env = rig.env, resume } = options;
  const inner = new SubprocessTransport({
    env,
    cwd,
    sessionMirror: true,
    ...(resume === undefined ? {} : { resume }),
  });
  const outer: Transport = {
    start: () => inner.start(),
    send: (m) => inner.send(m),
    endInput: () => inner.endInput(),
    close: () => inner.close(),
  };
  inner.onmessage = (message) => {
    const frame = message as { type?: unknown; filePath?: unknown; entries?: unknown };
    if (frame.type === 'transcript_mirror')
      batcher().enqueue(frame as { filePath: string; entries: unknown[] });
    outer.onmessage?.(message);
  };
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onclose = (info) => outer.onclose?.(info);
  return outer;
}

async function tappedRun(
  rig: Rig,
  store: SessionStore,
  options: Partial<TranscriptMirrorBatcherOptions> = {},
): Promise<{
  messages: SDKMessage[];
  errors: SystemMirrorErrorMessage[];
  batcher: TranscriptMirrorBatcher;
  sessionId: string;
}> {
  const errors: SystemMirrorErrorMessage[] = [];
  const batcher = new TranscriptMirrorBatcher({
    store,
    projectsDir: resolveMirrorProjectsDir({ env: rig.env, processEnv: process.env }),
    onError: (m) => errors.push(m),
    ...options,
  });
  const turns = twoTurns();
  const messages = await collect(
    query({ prompt: turns.prompt, options: { transport: mirroringTransport(rig, () => batcher) } }),
    (m) => {
      if (isSDKResultMessage(m)) turns.release();
    },
  );
  await batcher.close();
  const sessionId = String(messages.find(isSDKSystemInitMessage)?.session_id);
  return { messages, errors, batcher, sessionId };
}

describe('transcript mirror through the real CLI (batcher on the transport)', () => {
  it('should leave the store holding exactly the local main and subagent entries, then resume from the store in a fresh config dir', async () => {
    const rig = await rigWith(agentScript);
    const store = new InMemorySessionStore();
    const { messages, errors, sessionId } = await tappedRun(rig, store);
    expect(messages.filter(isSDKResultMessage).length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    expect(
      await expectStoreMatchesLocal(store, rig.sandbox.configDir, rig.sandbox.cwd, sessionId),
    ).toBeGreaterThanOrEqual(1);

    const fresh = await rigWith([reply(text('resumed from the store'))]);
    const resume = await materializeResumeFromStore({
      store,
      sessionId,
      cwd: rig.sandbox.cwd,
      env: fresh.env,
      processEnv: process.env,
    });
    expect(resume?.sessionId).toBe(sessionId);
    const env = { ...fresh.env, ...resume!.env };
    const resumedErrors: SystemMirrorErrorMessage[] = [];
    const batcher = new TranscriptMirrorBatcher({
      store,
      projectsDir: resolveMirrorProjectsDir({ env, processEnv: process.env }),
      onError: (m) => resumedErrors.push(m),
    });
    const resumed = await collect(
      query({
        prompt: 'Continue RESUME-MARK',
        options: {
          transport: mirroringTransport(fresh, () => batcher, {
            cwd: rig.sandbox.cwd,
            env,
            resume: sessionId,
          }),
        },
      }),
    );
    await batcher.close();
    expect(resumed.filter(isSDKResultMessage).at(-1)).toMatchObject({ subtype: 'success' });
    const [request] = fresh.fake.mainRequests();
    const history = JSON.stringify(request?.messages);
    expect(history).toContain('MAIN-MARK');
    expect(history).toContain('second turn answered');
    expect(history).toContain('RESUME-MARK');
    expect(resumedErrors).toEqual([]);
    const resumedLocal = (await localTranscripts(resume!.configDir)).get(
      `${resume!.projectKey}/${sessionId}`,
    )!;
    const storedMain = store.getEntries({ projectKey: resume!.projectKey, sessionId });
    expect(storedMain.map((e) => e.uuid)).toEqual(mirroredOf(resumedLocal).map((e) => e['uuid']));
    await expect(stat(join(fresh.sandbox.configDir, 'projects'))).rejects.toMatchObject({ code: 'ENOENT' });
    await resume!.cleanup();
    await expect(stat(resume!.configDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('should lose nothing when the store fails twice per batch and then succeeds', async () => {
    const rig = await rigWith(agentScript);
    const memory = new InMemorySessionStore();
    let calls = 0;
    const flaky: SessionStore = {
      append: async (key, entries) => {
        calls++;
        if (calls % 3 !== 0) throw new Error(`flaky ${calls}`);
        await memory.append(key, entries);
      },
      load: (key) => memory.load(key),
      listSubkeys: (key) => memory.listSubkeys(key),
    };
    const { errors, sessionId } = await tappedRun(rig, flaky);
    expect(errors).toEqual([]);
    expect(calls % 3).toBe(0);
    await expectStoreMatchesLocal(memory, rig.sandbox.configDir, rig.sandbox.cwd, sessionId);
  });

  it('should report mirror_error for a store that always fails and leave the local JSONL whole', async () => {
    const rig = await rigWith(agentScript);
    let calls = 0;
    const broken: SessionStore = {
      append: async () => {
        calls++;
        throw new Error('store is down');
      },
      load: async () => null,
    };
    const { messages, errors, batcher, sessionId } = await tappedRun(rig, broken, {
      retryDelaysMs: [10, 20],
    });
    expect(errors.length).toBeGreaterThan(0);
    expect(calls).toBe(errors.length * 3);
    expect(batcher.batchesDropped).toBe(true);
    for (const error of errors)
      expect(error).toMatchObject({ type: 'system', subtype: 'mirror_error', session_id: sessionId });
    expect(errors[0]?.error).toContain('store is down');
    const local = await localTranscripts(rig.sandbox.configDir);
    const main = local.get(`${await projectKeyForDirectory(rig.sandbox.cwd)}/${sessionId}`)!;
    expect(JSON.stringify(main)).toContain('second turn answered');
    expect(messages.filter(isSDKResultMessage).at(-1)).toMatchObject({ subtype: 'success' });
  });

  it('should time out a hanging store once per batch without retrying', async () => {
    const rig = await rigWith(agentScript);
    let calls = 0;
    const hanging: SessionStore = {
      append: () => {
        calls++;
        return new Promise<void>(() => undefined);
      },
      load: async () => null,
    };
    const { errors } = await tappedRun(rig, hanging, { appendTimeoutMs: 200 });
    expect(errors.length).toBeGreaterThan(0);
    expect(calls).toBe(errors.length);
    expect(errors.every((e) => e.error.includes('timed out after 200 ms'))).toBe(true);
  });

  it('should fail a resume whose store load fails with SessionStoreError before any CLI starts', async () => {
    const rig = await rigWith([reply(text('never'))]);
    const failing: SessionStore = {
      append: async () => undefined,
      load: async () => Promise.reject(new Error('load exploded')),
    };
    const error = await materializeResumeFromStore({
      store: failing,
      sessionId: '11111111-1111-4111-8111-111111111111',
      cwd: rig.sandbox.cwd,
      env: rig.env,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SessionStoreError', code: 'STORE_CALL_FAILED' });
    expect(rig.fake.requests).toHaveLength(0);
    expect(await findProcessesWithEnv(rig.processMarker)).toEqual([]);
  });
});

describe('query() with options.sessionStore through the real CLI', () => {
  async function storedRun(rig: Rig, store: SessionStore) {
    const turns = twoTurns();
    const messages = await collect(
      query({ prompt: turns.prompt, options: { sessionStore: store, env: rig.env, cwd: rig.sandbox.cwd } }),
      (m) => {
        if (isSDKResultMessage(m)) turns.release();
      },
    );
    return { messages, sessionId: String(messages.find(isSDKSystemInitMessage)?.session_id) };
  }

  const mirrorErrors = (messages: SDKMessage[]) =>
    messages.filter(
      (m) => (m as { subtype?: unknown }).subtype === 'mirror_error',
    ) as unknown as SystemMirrorErrorMessage[];

  it('should mirror a multi-turn query with a tool call and a subagent, then resume and continue from the store with no local files', async () => {
    const rig = await rigWith(agentScript);
    const store = new InMemorySessionStore();
    const { messages, sessionId } = await storedRun(rig, store);
    expect(mirrorErrors(messages)).toEqual([]);
    await expectStoreMatchesLocal(store, rig.sandbox.configDir, rig.sandbox.cwd, sessionId);

    const fresh = await rigWith([reply(text('resumed via query')), reply(text('continued via query'))]);
    const resumed = await collect(
      query({
        prompt: 'Resume RESUME-MARK',
        options: { sessionStore: store, resume: sessionId, env: fresh.env, cwd: rig.sandbox.cwd },
      }),
    );
    expect(resumed.filter(isSDKResultMessage).at(-1)).toMatchObject({ subtype: 'success' });
    expect(resumed.find(isSDKSystemInitMessage)?.session_id).toBe(sessionId);
    const history = JSON.stringify(fresh.fake.mainRequests()[0]?.messages);
    expect(history).toContain('MAIN-MARK');
    expect(history).toContain('second turn answered');
    await expect(stat(join(fresh.sandbox.configDir, 'projects'))).rejects.toMatchObject({ code: 'ENOENT' });
    const storedTexts = JSON.stringify(
      store.getEntries({ projectKey: await projectKeyForDirectory(rig.sandbox.cwd), sessionId }),
    );
    expect(storedTexts).toContain('resumed via query');

    const continued = await collect(
      query({
        prompt: 'Continue CONTINUE-MARK',
        options: { sessionStore: store, continue: true, env: fresh.env, cwd: rig.sandbox.cwd },
      }),
    );
    expect(continued.find(isSDKSystemInitMessage)?.session_id).toBe(sessionId);
    const continuedHistory = JSON.stringify(fresh.fake.mainRequests()[1]?.messages);
    expect(continuedHistory).toContain('RESUME-MARK');
    expect(continuedHistory).toContain('MAIN-MARK');
  });

  it('should lose nothing when the store fails twice per batch and then succeeds', async () => {
    const rig = await rigWith(agentScript);
    const memory = new InMemorySessionStore();
    let calls = 0;
    const flaky: SessionStore = {
      append: async (key, entries) => {
        calls++;
        if (calls % 3 !== 0) throw new Error(`flaky ${calls}`);
        await memory.append(key, entries);
      },
      load: (key) => memory.load(key),
      listSubkeys: (key) => memory.listSubkeys(key),
    };
    const { messages, sessionId } = await storedRun(rig, flaky);
    expect(mirrorErrors(messages)).toEqual([]);
    await expectStoreMatchesLocal(memory, rig.sandbox.configDir, rig.sandbox.cwd, sessionId);
  });

  it('should yield system/mirror_error for a store that always fails and keep the local JSONL whole', async () => {
    const rig = await rigWith(agentScript);
    const broken: SessionStore = {
      append: async () => Promise.reject(new Error('store is down')),
      load: async () => null,
    };
    const { messages, sessionId } = await storedRun(rig, broken);
    const errors = mirrorErrors(messages);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ type: 'system', subtype: 'mirror_error', session_id: sessionId });
    expect(errors[0]?.error).toContain('store is down');
    const main = (await localTranscripts(rig.sandbox.configDir)).get(
      `${await projectKeyForDirectory(rig.sandbox.cwd)}/${sessionId}`,
    );
    expect(JSON.stringify(main)).toContain('second turn answered');
  });

  it('should fail with SessionStoreError before any process starts when the store load fails', async () => {
    const rig = await rigWith([reply(text('never'))]);
    const failing: SessionStore = {
      append: async () => undefined,
      load: async () => Promise.reject(new Error('load exploded')),
    };
    const error = await collect(
      query({
        prompt: 'hi',
        options: {
          sessionStore: failing,
          resume: '11111111-1111-4111-8111-111111111111',
          env: rig.env,
          cwd: rig.sandbox.cwd,
        },
      }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SessionStoreError', code: 'STORE_CALL_FAILED' });
    expect(rig.fake.requests).toHaveLength(0);
    expect(await findProcessesWithEnv(rig.processMarker)).toEqual([]);
  });

  it('should refuse sessionStore with persistSession: false', async () => {
    const rig = await rigWith([reply(text('never'))]);
    const attempt = async () =>
      collect(
        query({
          prompt: 'hi',
          options: { sessionStore: new InMemorySessionStore(), persistSession: false, env: rig.env },
        }),
      );
    await expect(attempt()).rejects.toThrow(TypeError);
    expect(rig.fake.requests).toHaveLength(0);
  });
});

/**
 * Issue 14, point 4, end to end: two `ccsdk serve` processes share one database store. A session
 * created on A is resumed on B with its whole history; A is killed with SIGKILL in the middle of
 * a turn, loses at most the batch it had not flushed, and nothing is duplicated when B resumes.
 * Real CLI, real servers (PostgreSQL and Redis, throwaway), the scripted fake Messages API.
 */
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import { generateToken } from '@ccsdk/direct-connect-server';
import {
  isSDKResultMessage,
  isSDKSystemInitMessage,
  query,
  type SDKMessage,
  type SDKUserMessage,
} from '@ccsdk/sdk';
import { projectKeyForDirectory, type SessionStore } from '@ccsdk/session-store';
import { PostgresSessionStore } from '@ccsdk/session-store-postgres';
import { RedisSessionStore } from '@ccsdk/session-store-redis';
import { startPostgresServer, startRedisServer } from '@ccsdk/test-databases';
import { type RecordedMessagesRequest, reply, text, toolUse } from '@ccsdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';
import { type ServeProcess, startServeProcess } from './support/serve-process.js';
import { localTranscripts, mirroredOf } from './support/store-mirror.js';

/** How long the stalled reply of A's second turn waits: far longer than the test. */
const STALL_MS = 120_000;

/** Starts `ccsdk serve --store <url>` with `root` as its only root and a fresh token. */
async function serve(rig: Rig, root: string, storeUrl: string): Promise<ServeProcess & { token: string }> {
  const token = generateToken();
  const served = await startServeProcess(rig, token, ['--store', storeUrl, '--log-level', 'warn'], { root });
  return { ...served, token };
}

/** A's model: turn 1 runs `echo` and answers; turn 2 runs `echo` and then never answers. */
function scriptA(request: RecordedMessagesRequest) {
  const last = request.lastUserText;
  if (request.toolResults.some((r) => r.text.includes('stall-hi'))) {
    return { ...reply(text('never delivered')), delayMs: STALL_MS };
  }
  if (last.includes('TURN-TWO')) {
    return reply(text('turn two: echo'), toolUse('Bash', { command: 'echo stall-hi', description: 'echo' }));
  }
  if (request.toolResults.some((r) => r.text.includes('one-hi'))) return reply(text('turn one answered'));
  return reply(text('turn one: echo'), toolUse('Bash', { command: 'echo one-hi', description: 'echo' }));
}

function userMessage(content: string): SDKUserMessage {
  return {
    type: 'user',
    session_id: '',
    parent_tool_use_id: null,
    message: { role: 'user', content },
  } as SDKUserMessage;
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type ClosableStore = SessionStore & { close(): Promise<void> };
const adapters: [
  string,
  () => Promise<{ url: string; dispose(): Promise<void> }>,
  (url: string) => ClosableStore,
][] = [
  ['PostgreSQL', startPostgresServer, (url) => new PostgresSessionStore({ connectionString: url })],
  ['Redis', startRedisServer, (url) => new RedisSessionStore({ url })],
];

describe.each(adapters)('two ccsdk serve processes sharing a %s store', (_name, startDb, openStore) => {
  let db: { url: string; dispose(): Promise<void> };
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    db = await startDb();
  }, 60_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('should resume on B a session created on A, after A was SIGKILLed mid-turn, whole and without duplicates', async () => {
    const rigA = await startRig({ script: scriptA });
    cleanups.push(() => rigA.dispose());
    const rigB = await startRig({ script: [reply(text('B carries on'))] });
    cleanups.push(() => rigB.dispose());
    const cwd = rigA.sandbox.cwd;
    const a = await serve(rigA, cwd, db.url);
    cleanups.push(async () => {
      a.child.kill('SIGKILL');
      for (const orphan of await findProcessesWithEnv(rigA.processMarker))
        process.kill(orphan.pid, 'SIGKILL');
    });
    const b = await serve(rigB, cwd, db.url);
    cleanups.push(async () => {
      b.child.kill('SIGTERM');
      await b.exited;
    });
    const store = openStore(db.url);
    cleanups.push(() => store.close());

    // On A: turn one completes (the server flushes the mirror before the result), turn two stalls.
    let firstResult!: () => void;
    const firstDone = new Promise<void>((resolve) => {
      firstResult = resolve;
    });
    async function* prompts() {
      yield userMessage('Start TURN-ONE');
      await firstDone;
      yield userMessage('Now TURN-TWO');
      await new Promise(() => undefined);
    }
    const seen: SDKMessage[] = [];
    const runA = (async () => {
      for await (const message of query({
        prompt: prompts(),
        options: { transport: new DirectConnectTransport({ url: a.url, cwd }) },
      })) {
        seen.push(message);
        if (isSDKResultMessage(message)) firstResult();
      }
    })().catch((error: unknown) => error);
    await until(
      () => rigA.fake.mainRequests().some((r) => r.toolResults.some((t) => t.text.includes('stall-hi'))),
      'the stalled request',
    );
    const sessionId = String(seen.find(isSDKSystemInitMessage)?.session_id);
    a.child.kill('SIGKILL');
    await a.exited;
    await runA;

    const projectKey = await projectKeyForDirectory(cwd);
    const key = { projectKey, sessionId };
    const afterKill = (await store.load(key))!;
    const localA = mirroredOf(
      (await localTranscripts(rigA.sandbox.configDir)).get(`${projectKey}/${sessionId}`)!,
    );
    // Whatever reached the store is A's transcript from its start, in order: at most the unflushed tail is missing.
    expect(afterKill.map((e) => e.uuid)).toEqual(localA.slice(0, afterKill.length).map((e) => e['uuid']));
    expect(JSON.stringify(afterKill)).toContain('turn one answered');
    expect(localA.length).toBeGreaterThanOrEqual(afterKill.length);

    // On B: resume from the store with the whole history.
    const created = await fetch(`${b.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cwd, resume: sessionId, session_key: 'on-b' }),
    });
    expect(created.status).toBe(201);
    const resumed: SDKMessage[] = [];
    const transport = new DirectConnectTransport({ url: b.url, cwd, sessionKey: 'on-b' });
    for await (const message of query({ prompt: 'Continue RESUME-ON-B', options: { transport } }))
      resumed.push(message);
    expect(resumed.filter(isSDKResultMessage).at(-1)).toMatchObject({ subtype: 'success' });
    const history = JSON.stringify(rigB.fake.mainRequests().at(-1)?.messages);
    expect(history).toContain('TURN-ONE');
    expect(history).toContain('turn one answered');
    expect(history).toContain('RESUME-ON-B');

    const resumedId = String(resumed.find(isSDKResultMessage)?.session_id);
    const final = (await store.load({ projectKey, sessionId: resumedId }))!;
    expect(JSON.stringify(final)).toContain('B carries on');
    const uuids = final.flatMap((e) => (e.uuid === undefined ? [] : [e.uuid]));
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(resumedId).toBe(sessionId);
    expect(final.slice(0, afterKill.length).map((e) => e.uuid)).toEqual(afterKill.map((e) => e.uuid));
    expect(final.length).toBeGreaterThan(afterKill.length);
  }, 120_000);
});

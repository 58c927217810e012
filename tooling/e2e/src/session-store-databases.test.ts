/**
 * Issue 14 end to end: the real Claude Code CLI's transcripts mirrored into PostgreSQL and Redis
 * through `query({ options: { sessionStore } })`, resumed from the database in a fresh config
 * dir, and mirrored on across a database restart between two turns. Each adapter runs on a
 * throwaway server of its own (the restart needs one), never a mock.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transport } from '@ccsdk/control-protocol';
import {
  type MirrorBatcherError,
  resolveMirrorProjectsDir,
  TranscriptMirrorBatcher,
} from '@ccsdk/mirror-batcher';
import {
  getSessionInfo,
  isSDKResultMessage,
  isSDKSystemInitMessage,
  query,
  renameSession,
  type SDKMessage,
  tagSession,
} from '@ccsdk/sdk';
import { projectKeyForDirectory, type SessionStore } from '@ccsdk/session-store';
import { PostgresSessionStore } from '@ccsdk/session-store-postgres';
import { RedisSessionStore } from '@ccsdk/session-store-redis';
import { startPostgresServer, startRedisServer } from '@ccsdk/test-databases';
import { reply, text } from '@ccsdk/testing';
import { SubprocessTransport } from '@ccsdk/transport-subprocess';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Rig, startRig } from './support/rig.js';
import {
  agentScript,
  expectStoreMatchesLocal,
  localTranscripts,
  mirroredOf,
  twoTurns,
} from './support/store-mirror.js';

interface Database {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

type ClosableStore = SessionStore & { close(): Promise<void> };

const adapters: [string, () => Promise<Database>, (url: string) => ClosableStore][] = [
  ['PostgreSQL', startPostgresServer, (url) => new PostgresSessionStore({ connectionString: url })],
  ['Redis', startRedisServer, (url) => new RedisSessionStore({ url })],
];

const rigs: Rig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.dispose();
});

async function rigWith(script: Parameters<typeof startRig>[0]['script']): Promise<Rig> {
  const rig = await startRig({ script });
  rigs.push(rig);
  return rig;
}

async function collect(run: AsyncIterable<SDKMessage>, onMessage?: (m: SDKMessage) => void) {
  const out: SDKMessage[] = [];
  for await (const message of run) {
    out.push(message);
    onMessage?.(message);
  }
  return out;
}

/** A transport that runs the CLI with `--session-mirror` and hands its mirror frames to `batcher`. */
function mirroringTransport(rig: Rig, batcher: TranscriptMirrorBatcher): Transport {
  const inner = new SubprocessTransport({ env: rig.env, cwd: rig.sandbox.cwd, sessionMirror: true });
  const outer: Transport = {
    start: () => inner.start(),
    send: (m) => inner.send(m),
    endInput: () => inner.endInput(),
    close: () => inner.close(),
  };
  inner.onmessage = (message) => {
    const frame = message as { type?: unknown; filePath?: string; entries?: unknown[] };
    if (frame.type === 'transcript_mirror')
      batcher.enqueue(frame as { filePath: string; entries: unknown[] });
    outer.onmessage?.(message);
  };
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onclose = (info) => outer.onclose?.(info);
  return outer;
}

/** `store` with every method call's name recorded, in order (what a session API call asked of it). */
function countingCalls(store: SessionStore): { store: SessionStore; calls: string[] } {
  const calls: string[] = [];
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) => {
        calls.push(name);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: counted, calls };
}

const mirrorErrors = (messages: SDKMessage[]) =>
  messages.filter((m) => (m as { subtype?: unknown }).subtype === 'mirror_error');

describe.each(adapters)(
  'query() with a %s session store through the real CLI',
  (_name, startServer, openStore) => {
    let db: Database;
    const stores: ClosableStore[] = [];
    beforeAll(async () => {
      db = await startServer();
    }, 60_000);
    afterAll(async () => {
      await Promise.all(stores.splice(0).map((store) => store.close()));
      await db?.dispose();
    });
    const store = () => {
      const opened = openStore(db.url);
      stores.push(opened);
      return opened;
    };

    async function storedRun(rig: Rig, sessionStore: SessionStore, between?: () => Promise<void>) {
      const turns = twoTurns(between);
      const messages = await collect(
        query({ prompt: turns.prompt, options: { sessionStore, env: rig.env, cwd: rig.sandbox.cwd } }),
        (m) => {
          if (isSDKResultMessage(m)) turns.release();
        },
      );
      return { messages, sessionId: String(messages.find(isSDKSystemInitMessage)?.session_id) };
    }

    it('should store exactly the local main and subagent entries, then resume from the database in a fresh config dir', async () => {
      const rig = await rigWith(agentScript);
      const mirror = store();
      const { messages, sessionId } = await storedRun(rig, mirror);
      expect(messages.filter(isSDKResultMessage).length).toBeGreaterThanOrEqual(2);
      expect(mirrorErrors(messages)).toEqual([]);
      expect(
        await expectStoreMatchesLocal(mirror, rig.sandbox.configDir, rig.sandbox.cwd, sessionId),
      ).toBeGreaterThan(0);

      // Another host: a fresh config dir and a store of its own on the same database.
      const fresh = await rigWith([reply(text('resumed from the database'))]);
      const elsewhere = store();
      const resumed = await collect(
        query({
          prompt: 'Resume RESUME-MARK',
          options: { sessionStore: elsewhere, resume: sessionId, env: fresh.env, cwd: rig.sandbox.cwd },
        }),
      );
      expect(resumed.filter(isSDKResultMessage).at(-1)).toMatchObject({ subtype: 'success' });
      expect(resumed.find(isSDKSystemInitMessage)?.session_id).toBe(sessionId);
      const history = JSON.stringify(fresh.fake.mainRequests()[0]?.messages);
      expect(history).toContain('MAIN-MARK');
      expect(history).toContain('second turn answered');
      expect(history).toContain('RESUME-MARK');
      await expect(stat(join(fresh.sandbox.configDir, 'projects'))).rejects.toMatchObject({ code: 'ENOENT' });
      const stored = (await elsewhere.load({
        projectKey: await projectKeyForDirectory(rig.sandbox.cwd),
        sessionId,
      }))!;
      expect(JSON.stringify(stored)).toContain('resumed from the database');
      const uuids = stored.flatMap((entry) => (entry.uuid === undefined ? [] : [entry.uuid]));
      expect(uuids.length).toBeGreaterThan(10);
      expect(new Set(uuids).size).toBe(uuids.length);

      // Renaming and tagging through the database store ask it whether the session exists from
      // past its end (loadFrom), never loading the transcript; an unknown session creates nothing.
      const counted = countingCalls(elsewhere);
      const dir = rig.sandbox.cwd;
      await renameSession(sessionId, 'Renamed in the database', { sessionStore: counted.store, dir });
      await tagSession(sessionId, 'db', { sessionStore: counted.store, dir });
      expect(counted.calls).toEqual(['loadFrom', 'append', 'loadFrom', 'append']);
      expect(await getSessionInfo(sessionId, { sessionStore: elsewhere, dir })).toMatchObject({
        customTitle: 'Renamed in the database',
        tag: 'db',
      });
      const unknown = randomUUID();
      await expect(renameSession(unknown, 'x', { sessionStore: counted.store, dir })).rejects.toMatchObject({
        code: 'SESSION_NOT_FOUND',
      });
      expect(
        await elsewhere.load({ projectKey: await projectKeyForDirectory(dir), sessionId: unknown }),
      ).toBeNull();
    });

    it('should mirror on across a database restart between two turns: no mirror_error, no duplicate, local transcript intact', async () => {
      const rig = await rigWith(agentScript);
      const mirror = store();
      const { messages, sessionId } = await storedRun(rig, mirror, async () => {
        await db.stop();
        await db.start();
      });
      expect(messages.filter(isSDKResultMessage).at(-1)).toMatchObject({ subtype: 'success' });
      expect(mirrorErrors(messages)).toEqual([]);
      await expectStoreMatchesLocal(mirror, rig.sandbox.configDir, rig.sandbox.cwd, sessionId);
      const local = (await localTranscripts(rig.sandbox.configDir)).get(
        `${await projectKeyForDirectory(rig.sandbox.cwd)}/${sessionId}`,
      )!;
      expect(JSON.stringify(mirroredOf(local))).toContain('second turn answered');
    });

    it('should retry an append that met the database down, land it once the server is back, and store nothing twice', async () => {
      const rig = await rigWith(agentScript);
      const real = store();
      let failures = 0;
      let restarting: Promise<void> | undefined;
      // The real store, watched: its first failure starts the server again, so the retries meet it back.
      const watched: SessionStore = {
        append: async (key, entries) => {
          try {
            await real.append(key, entries);
          } catch (error) {
            failures++;
            restarting ??= db.start();
            throw error;
          }
        },
        load: (key) => real.load(key),
      };
      const errors: MirrorBatcherError[] = [];
      const batcher = new TranscriptMirrorBatcher({
        store: watched,
        projectsDir: resolveMirrorProjectsDir({ env: rig.env, processEnv: process.env }),
        onError: (_message, error) => errors.push(error),
        retryDelaysMs: [1000, 3000, 6000],
      });
      const turns = twoTurns(() => db.stop());
      const messages = await collect(
        query({ prompt: turns.prompt, options: { transport: mirroringTransport(rig, batcher) } }),
        (m) => {
          if (isSDKResultMessage(m)) turns.release();
        },
      );
      await batcher.close();
      await restarting;
      expect(messages.filter(isSDKResultMessage).at(-1)).toMatchObject({ subtype: 'success' });
      expect(failures).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      const sessionId = String(messages.find(isSDKSystemInitMessage)?.session_id);
      await expectStoreMatchesLocal(real, rig.sandbox.configDir, rig.sandbox.cwd, sessionId);
    });

    it('should yield mirror_error once retries run out while the database is down, and keep the local JSONL whole', async () => {
      const rig = await rigWith(agentScript);
      const mirror = store();
      let restarted = false;
      try {
        const { messages, sessionId } = await storedRun(rig, mirror, () => db.stop());
        const errors = mirrorErrors(messages);
        expect(errors.length).toBeGreaterThan(0);
        expect(errors[0]).toMatchObject({ type: 'system', subtype: 'mirror_error', session_id: sessionId });
        const local = (await localTranscripts(rig.sandbox.configDir)).get(
          `${await projectKeyForDirectory(rig.sandbox.cwd)}/${sessionId}`,
        )!;
        expect(JSON.stringify(local)).toContain('second turn answered');
        await db.start();
        restarted = true;
        // What reached the database before it went down is there, in order, once.
        const stored = (await mirror.load({
          projectKey: await projectKeyForDirectory(rig.sandbox.cwd),
          sessionId,
        }))!;
        const localUuids = mirroredOf(local).map((e) => e['uuid']);
        expect(stored.map((e) => e.uuid)).toEqual(localUuids.slice(0, stored.length));
        expect(JSON.stringify(stored)).toContain('MAIN-MARK');
        expect(JSON.stringify(stored)).not.toContain('second turn answered');
      } finally {
        if (!restarted) await db.start();
      }
    });
  },
);

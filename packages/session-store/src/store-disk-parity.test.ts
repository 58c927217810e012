import { rm } from 'node:fs/promises';
import * as disk from '@ccsdk/session-jsonl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSessionToStore } from './import-session-to-store.js';
import { InMemorySessionStore } from './in-memory-session-store.js';
import {
  getSessionInfo,
  getSessionMessages,
  getSubagentMessages,
  getSubagentMetadata,
  listSessions,
  listSubagents,
} from './session-readers.js';
import { createSessionCorpus, type SessionCorpus } from './test-support/session-corpus.test-helpers.js';
import type { SessionStore, SessionStoreListEntry, SessionSummaryEntry } from './types.js';

/**
 * Newest first, equal mtimes by session id descending: the order a disk listing gives ties. A
 * store listing keeps the store's own order for ties (as the official SDK's does), so a store that
 * lists in this order is listed as the disk is.
 */
function inDiskOrder<T extends { sessionId: string; mtime: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => b.mtime - a.mtime || (a.sessionId > b.sessionId ? -1 : 1));
}

/**
 * An in-memory store that reports the corpus files' mtimes and lists in the disk's order, so disk
 * and store listings can be compared exactly (the corpus has two sessions with one mtime).
 */
class FileClockStore extends InMemorySessionStore {
  constructor(private readonly mtimes: ReadonlyMap<string, number>) {
    super();
  }
  override async listSessions(projectKey: string): Promise<SessionStoreListEntry[]> {
    return inDiskOrder(
      (await super.listSessions(projectKey)).map((row) => ({
        ...row,
        mtime: this.mtimes.get(row.sessionId) ?? row.mtime,
      })),
    );
  }
  override async listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]> {
    return inDiskOrder(
      (await super.listSessionSummaries(projectKey)).map((row) => ({
        ...row,
        mtime: this.mtimes.get(row.sessionId) ?? row.mtime,
      })),
    );
  }
}

let corpus: SessionCorpus;
let store: FileClockStore;
const warnings: disk.SessionJsonlWarning[] = [];

beforeAll(async () => {
  corpus = await createSessionCorpus();
  store = new FileClockStore(corpus.mtimes);
  for (const id of Object.values(corpus.ids)) {
    await importSessionToStore(id, store, {
      dir: corpus.projectDir,
      configDir: corpus.configDir,
      onWarning: (w) => warnings.push(w),
    });
  }
});

afterAll(async () => {
  await rm(corpus.root, { recursive: true, force: true });
});

const withoutFileSize = (rows: disk.SDKSessionInfo[]) => rows.map(({ fileSize: _, ...row }) => row);

function variants(): [string, () => SessionStore][] {
  const listOnly: SessionStore = {
    append: (k, e) => store.append(k, e),
    load: (k) => store.load(k),
    listSessions: (p) => store.listSessions(p),
  };
  const summariesOnly: SessionStore = {
    append: (k, e) => store.append(k, e),
    load: (k) => store.load(k),
    listSessionSummaries: (p) => store.listSessionSummaries(p),
  };
  return [
    ['summaries and listSessions', () => store],
    ['listSessions plus load', () => listOnly],
    ['summaries only', () => summariesOnly],
  ];
}

describe('store-backed readers agree with the disk readers over the fixture corpus', () => {
  it('should import every corpus session, skipping only the malformed lines', () => {
    expect(store.size).toBe(Object.keys(corpus.ids).length);
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED_LINE', 'MALFORMED_LINE']);
  });

  for (const [name, variant] of variants()) {
    it(`should list the same sessions, field by field and in the same order (${name})`, async () => {
      const fromDisk = await disk.listSessions({ configDir: corpus.configDir, dir: corpus.projectDir });
      const fromStore = await listSessions({ sessionStore: variant(), dir: corpus.projectDir });
      expect(fromDisk.length).toBeGreaterThan(10);
      expect(fromStore).toEqual(withoutFileSize(fromDisk));
      // Every key but `archived`, `fileSize` undefined: a stored listing row as the official SDK gives it.
      for (const row of fromStore) {
        expect(Object.keys(row)).toEqual(Object.keys(fromDisk[0]!).filter((key) => key !== 'archived'));
        expect(row.fileSize).toBeUndefined();
      }
      expect(fromDisk.map((r) => r.sessionId)).not.toContain(corpus.ids['sidechain']);
      expect(fromDisk.map((r) => r.sessionId)).not.toContain(corpus.ids['metadataOnly']);
    });
  }

  it('should page the same way', async () => {
    for (const [offset, limit] of [
      [0, 3],
      [2, 4],
      [5, 0],
      [14, 5],
      [40, 2],
    ] as const) {
      const fromDisk = await disk.listSessions({
        configDir: corpus.configDir,
        dir: corpus.projectDir,
        offset,
        limit,
      });
      const fromStore = await listSessions({ sessionStore: store, dir: corpus.projectDir, offset, limit });
      expect(fromStore).toEqual(withoutFileSize(fromDisk));
    }
  });

  it('should derive the same info per session', async () => {
    for (const id of Object.values(corpus.ids)) {
      const fromDisk = await disk.getSessionInfo(id, { configDir: corpus.configDir, dir: corpus.projectDir });
      const fromStore = await getSessionInfo(id, { sessionStore: store, dir: corpus.projectDir });
      if (fromDisk === undefined) {
        expect(fromStore).toBeUndefined();
        continue;
      }
      const projectKey = await disk.projectKeyForDirectory(corpus.projectDir);
      const entries = (await store.load({ projectKey, sessionId: id })) ?? [];
      const { fileSize, ...info } = fromStore!;
      // A store's info takes no cwd from the project when no entry gave one (the disk's does): the
      // official SDK's readers differ so, and ours follow them.
      const entryCwd = entries.some((entry) => typeof (entry as { cwd?: unknown }).cwd === 'string');
      const expected = { ...withoutFileSize([fromDisk])[0], ...(entryCwd ? {} : { cwd: undefined }) };
      expect(info).toEqual(expected);
      expect(Object.keys(fromStore!)).toEqual(Object.keys(fromDisk));
      // A stored session's size is its entries written as JSON lines, as the official SDK reports it.
      expect(fileSize).toBe(entries.reduce((n, e) => n + Buffer.byteLength(JSON.stringify(e)) + 1, 0));
    }
  });

  it('should read the same conversation chains, with and without system messages and paging', async () => {
    for (const id of Object.values(corpus.ids)) {
      for (const options of [{}, { includeSystemMessages: true }, { offset: 1, limit: 2 }]) {
        const fromDisk = await disk.getSessionMessages(id, {
          configDir: corpus.configDir,
          dir: corpus.projectDir,
          ...options,
        });
        const fromStore = await getSessionMessages(id, {
          sessionStore: store,
          dir: corpus.projectDir,
          ...options,
        });
        expect(fromStore).toEqual(fromDisk);
      }
    }
    const branched = await getSessionMessages(corpus.ids['branched']!, {
      sessionStore: store,
      dir: corpus.projectDir,
    });
    expect(branched.map((m) => (m.message as { content: unknown }).content)).toContainEqual('second branch');
    // A queued prompt's origin comes back from the store as from the disk.
    expect(branched.find((m) => m.origin !== undefined)?.origin).toEqual({ kind: 'task-notification' });
    expect(
      await getSessionMessages(corpus.ids['cycle']!, { sessionStore: store, dir: corpus.projectDir }),
    ).toEqual([]);
  });

  it('should list and read the same subagents, metadata included', async () => {
    const id = corpus.ids['withSubagents']!;
    const diskOptions = { configDir: corpus.configDir, dir: corpus.projectDir };
    const storeOptions = { sessionStore: store, dir: corpus.projectDir };
    const agents = await disk.listSubagents(id, diskOptions);
    expect(agents).toEqual(['a1', 'b2']);
    expect(await listSubagents(id, storeOptions)).toEqual(agents);
    for (const agent of agents) {
      expect(await getSubagentMessages(id, agent, storeOptions)).toEqual(
        await disk.getSubagentMessages(id, agent, diskOptions),
      );
      expect(await getSubagentMetadata(id, agent, storeOptions)).toEqual(
        await disk.getSubagentMetadata(id, agent, diskOptions),
      );
    }
    const nested = await getSubagentMessages(id, 'b2', { ...storeOptions, limit: 1 });
    expect(nested[0]).toMatchObject({ parent_tool_use_id: 'toolu_nested', parent_agent_id: 'a1' });
  });
});

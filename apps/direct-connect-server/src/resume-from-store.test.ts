import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectKeyForDirectory } from '@ccsdk/session-jsonl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { materializeFromStore } from './resume-from-store.js';
import type { MirrorKey } from './transcript-mirror.js';

const ID = '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11';
let base: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-resume-')));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('materializeFromStore', () => {
  it('should write the stored transcript where the CLI looks for it, once', async () => {
    const loads: MirrorKey[] = [];
    const entries = [
      { type: 'user', uuid: 'u1' },
      { type: 'assistant', uuid: 'a1' },
    ];
    const store = {
      append: async () => undefined,
      load: async (key: MirrorKey) => {
        loads.push(key);
        return entries;
      },
    };
    const params = { store, projectsDir: join(base, 'projects'), workDir: base, sessionId: ID };
    expect(await materializeFromStore(params)).toBe('materialized');
    const projectKey = await projectKeyForDirectory(base);
    expect(loads).toEqual([{ projectKey, sessionId: ID }]);
    const text = await readFile(join(base, 'projects', projectKey, `${ID}.jsonl`), 'utf8');
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(entries);
    expect(await materializeFromStore(params)).toBe('local');
    expect(loads).toHaveLength(1);
  });

  it('should report a session the store does not hold', async () => {
    const store = { append: async () => undefined, load: async () => null };
    expect(
      await materializeFromStore({ store, projectsDir: join(base, 'p'), workDir: base, sessionId: ID }),
    ).toBe('not-found');
  });
});

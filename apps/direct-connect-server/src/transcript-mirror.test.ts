import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from './logger.js';
import { createTranscriptMirror, type MirrorKey, mirrorKeyForPath } from './transcript-mirror.js';

const PROJECTS = '/cfg/projects';
const ID = '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11';

describe('mirrorKeyForPath', () => {
  it('should map main and subagent transcripts to store keys', () => {
    expect(mirrorKeyForPath(PROJECTS, join(PROJECTS, '-srv-app', `${ID}.jsonl`))).toEqual({
      projectKey: '-srv-app',
      sessionId: ID,
    });
    expect(mirrorKeyForPath(PROJECTS, join(PROJECTS, '-srv-app', ID, 'subagents', 'agent-a1.jsonl'))).toEqual(
      {
        projectKey: '-srv-app',
        sessionId: ID,
        subpath: 'subagents/agent-a1',
      },
    );
  });

  it('should refuse a path outside the projects folder or not a transcript', () => {
    expect(mirrorKeyForPath(PROJECTS, '/elsewhere/x.jsonl')).toBeUndefined();
    expect(mirrorKeyForPath(PROJECTS, join(PROJECTS, 'p', 'x.txt'))).toBeUndefined();
    expect(mirrorKeyForPath(PROJECTS, join(PROJECTS, 'only.jsonl'))).toBeUndefined();
  });
});

describe('createTranscriptMirror', () => {
  it('should append frames in order per key even when the store is slow, and log failures', async () => {
    const appended: Array<[MirrorKey, unknown[]]> = [];
    const logs: LogEntry[] = [];
    let calls = 0;
    const { mirror, flush } = createTranscriptMirror({
      projectsDir: PROJECTS,
      sessionId: 's',
      log: (entry) => logs.push(entry),
      store: {
        async append(key, entries) {
          calls += 1;
          if (calls === 2) throw new Error('store down');
          await new Promise((resolve) => setTimeout(resolve, calls === 1 ? 30 : 0));
          appended.push([key, entries]);
        },
        async load() {
          return null;
        },
      },
    });
    const file = join(PROJECTS, 'p', `${ID}.jsonl`);
    mirror({ filePath: file, entries: [{ type: 'user', uuid: '1' }] });
    mirror({ filePath: file, entries: [{ type: 'user', uuid: '2' }] });
    mirror({ filePath: file, entries: [{ type: 'user', uuid: '3' }, 'not an object'] });
    mirror({ filePath: file, entries: [] });
    mirror({ filePath: '/elsewhere/x.jsonl', entries: [{ type: 'user' }] });
    await flush();
    expect(appended.map(([, entries]) => entries)).toEqual([
      [{ type: 'user', uuid: '1' }],
      [{ type: 'user', uuid: '3' }],
    ]);
    expect(logs.map((e) => e.event).sort()).toEqual(['mirror.append_failed', 'mirror.unmapped_path']);
  });
});

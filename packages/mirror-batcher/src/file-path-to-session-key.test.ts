import { describe, expect, it } from 'vitest';
import { filePathToSessionKey } from './file-path-to-session-key.js';

const projects = '/home/u/.claude/projects';
const sid = '11111111-1111-4111-8111-111111111111';

describe('filePathToSessionKey', () => {
  it.each([
    [`${projects}/-w-app/${sid}.jsonl`, { projectKey: '-w-app', sessionId: sid }],
    [
      `${projects}/-w-app/${sid}/subagents/agent-a1.jsonl`,
      { projectKey: '-w-app', sessionId: sid, subpath: 'subagents/agent-a1' },
    ],
    [
      `${projects}/-w-app/${sid}/subagents/workflows/r1/agent-a2.jsonl`,
      { projectKey: '-w-app', sessionId: sid, subpath: 'subagents/workflows/r1/agent-a2' },
    ],
    [`${projects}/./-w-app//${sid}.jsonl`, { projectKey: '-w-app', sessionId: sid }],
  ])('should map %s', (path, key) => {
    expect(filePathToSessionKey(path, projects)).toEqual(key);
  });

  it.each([
    ['outside the projects dir', `/tmp/-w-app/${sid}.jsonl`],
    ['a sibling that shares the prefix', `${projects}-old/-w-app/${sid}.jsonl`],
    ['climbing out', `${projects}/../x/${sid}.jsonl`],
    ['the projects dir itself', projects],
    ['too few parts', `${projects}/${sid}.jsonl`],
    ['three parts', `${projects}/-w-app/${sid}/agent-a.jsonl`],
    ['no .jsonl suffix', `${projects}/-w-app/${sid}.json`],
    ['a subagent without suffix', `${projects}/-w-app/${sid}/subagents/agent-a`],
    ['an empty session name', `${projects}/-w-app/.jsonl`],
    ['an empty path', ''],
  ])('should give undefined for %s', (_, path) => {
    expect(filePathToSessionKey(path, projects)).toBeUndefined();
  });

  it('should compare NFC-normalized paths', () => {
    const nfd = '/home/cafe\u0301/.claude/projects';
    const nfc = '/home/caf\u00e9/.claude/projects';
    expect(filePathToSessionKey(`${nfc}/p/${sid}.jsonl`, nfd)).toEqual({ projectKey: 'p', sessionId: sid });
  });

  it('should accept a relative projects dir resolved against the cwd', () => {
    expect(filePathToSessionKey(`${process.cwd()}/projects/p/${sid}.jsonl`, 'projects')).toEqual({
      projectKey: 'p',
      sessionId: sid,
    });
  });
});

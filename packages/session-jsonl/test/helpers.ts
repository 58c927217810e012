import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh config directory under the system temp dir; `cleanup()` removes it. */
export interface TempConfig {
  readonly root: string;
  readonly configDir: string;
  readonly projectsDir: string;
  cleanup(): void;
}

export function makeTempConfig(prefix = 'ccsdk-sj-'): TempConfig {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const configDir = join(root, 'config');
  const projectsDir = join(configDir, 'projects');
  mkdirSync(projectsDir, { recursive: true });
  return { root, configDir, projectsDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A deterministic UUID for test number `n`. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** Serializes entries (objects or raw lines) as a transcript body, one line each. */
export function jsonl(entries: readonly (object | string)[], trailingNewline = true): string {
  const body = entries.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))).join('\n');
  return trailingNewline && entries.length > 0 ? `${body}\n` : body;
}

/** Writes a transcript `<projects>/<key>/<sessionId>.jsonl` and sets its mtime (epoch ms). */
export function writeTranscript(
  projectsDir: string,
  projectKey: string,
  sessionId: string,
  body: string | Buffer,
  mtimeMs?: number,
): string {
  const folder = join(projectsDir, projectKey);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${sessionId}.jsonl`);
  writeFileSync(path, body);
  if (mtimeMs !== undefined) utimesSync(path, mtimeMs / 1000, mtimeMs / 1000);
  return path;
}

let clock = Date.UTC(2026, 0, 1);

/** An ISO timestamp, one second after the previous one. */
export function nextTimestamp(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

/** A user prompt entry. */
export function userEntry(
  sessionId: string,
  uuidValue: string,
  parentUuid: string | null,
  content: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    parentUuid,
    isSidechain: false,
    type: 'user',
    message: { role: 'user', content },
    uuid: uuidValue,
    timestamp: nextTimestamp(),
    cwd: '/home/dev/project',
    sessionId,
    gitBranch: 'main',
    ...extra,
  };
}

/** An assistant entry with one text block. */
export function assistantEntry(
  sessionId: string,
  uuidValue: string,
  parentUuid: string | null,
  text: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    parentUuid,
    isSidechain: false,
    type: 'assistant',
    message: { role: 'assistant', content: [{ type: 'text', text }] },
    uuid: uuidValue,
    timestamp: nextTimestamp(),
    sessionId,
    ...extra,
  };
}

/** A simple alternating conversation of `turns` prompt/answer pairs; uuids are `uuid(base + i)`. */
export function conversation(sessionId: string, turns: number, base = 1000): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  let parent: string | null = null;
  for (let i = 0; i < turns; i++) {
    const u = uuid(base + 2 * i);
    const a = uuid(base + 2 * i + 1);
    entries.push(userEntry(sessionId, u, parent, `prompt ${i}`));
    entries.push(assistantEntry(sessionId, a, u, `answer ${i}`));
    parent = a;
  }
  return entries;
}

/** A reader's request for a whole conversation, as `getSessionMessages` makes it without options (what `messagesFromEntries` takes). */
export function wholeConversationRequest(includeSystemMessages = false, mode: 'main' | 'subagent' = 'main') {
  return {
    mode,
    includeSystemMessages,
    offset: undefined,
    limit: undefined,
    parentToolUseId: null,
    parentAgentId: null,
  } as const;
}

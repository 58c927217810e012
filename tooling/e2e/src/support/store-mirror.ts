/**
 * Shared pieces of the tests that mirror real CLI transcripts into a store: the scripted agent
 * (a tool call, then a subagent with its own tool call), a two-prompt conversation, and the check
 * that a store holds exactly what the CLI wrote locally.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SDKUserMessage } from '@ccsdk/sdk';
import { projectKeyForDirectory, type SessionKey, type SessionStore } from '@ccsdk/session-store';
import { type RecordedMessagesRequest, reply, text, toolUse } from '@ccsdk/testing';
import { expect } from 'vitest';

/**
 * The scripted model: turn 1 runs `echo` then spawns a subagent (which runs its own `echo`);
 * turn 2 answers plainly. Replies are keyed on the request, never on a counter.
 */
export function agentScript(request: RecordedMessagesRequest) {
  const last = request.lastUserText;
  const results = request.toolResults;
  const first = request.messages.find((m) => (m as { role?: unknown }).role === 'user');
  if (JSON.stringify(first ?? '').includes('SUBTASK-MARK')) {
    if (results.length === 0)
      return reply(
        text('sub: running echo'),
        toolUse('Bash', { command: 'echo sub-hi', description: 'echo' }),
      );
    return reply(text('sub done: SUBRESULT'));
  }
  if (last.includes('SECOND-TURN')) return reply(text('second turn answered'));
  if (results.some((r) => r.text.includes('main-hi'))) {
    return reply(
      text('main: now a subagent'),
      toolUse('Agent', {
        description: 'sub task',
        prompt: 'Do it SUBTASK-MARK',
        subagent_type: 'general-purpose',
      }),
    );
  }
  if (last.includes('MAIN-MARK') && results.length === 0) {
    return reply(text('main: echo first'), toolUse('Bash', { command: 'echo main-hi', description: 'echo' }));
  }
  return reply(text('main: all done'));
}

/** A two-prompt conversation: the second prompt goes once `release()` is called (after the first result). */
export function twoTurns(between: () => Promise<void> = async () => undefined): {
  prompt: AsyncIterable<SDKUserMessage>;
  release: () => void;
} {
  let release!: () => void;
  const firstResult = new Promise<void>((resolve) => {
    release = resolve;
  });
  const message = (content: string): SDKUserMessage =>
    ({
      type: 'user',
      session_id: '',
      parent_tool_use_id: null,
      message: { role: 'user', content },
    }) as SDKUserMessage;
  async function* prompt() {
    yield message('Please start MAIN-MARK');
    await firstResult;
    await between();
    yield message('One more thing SECOND-TURN');
  }
  return { prompt: prompt(), release: () => release() };
}

/** Every JSONL transcript under a config dir's projects folder, keyed `<project>/<session>[/<subpath>]`. */
export async function localTranscripts(configDir: string): Promise<Map<string, Record<string, unknown>[]>> {
  const projects = join(configDir, 'projects');
  const files = new Map<string, Record<string, unknown>[]>();
  for (const rel of await readdir(projects, { recursive: true })) {
    if (!rel.endsWith('.jsonl')) continue;
    const lines = (await readFile(join(projects, rel), 'utf8')).split('\n').filter((l) => l.trim() !== '');
    files.set(
      rel.slice(0, -'.jsonl'.length),
      lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    );
  }
  return files;
}

/** The CLI keeps its API request records local: it never emits them in transcript_mirror frames. */
export const LOCAL_ONLY = /^api-request/;

/** The entries of a local transcript the CLI mirrors (its local-only records left out). */
export function mirroredOf(entries: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return entries.filter((e) => !LOCAL_ONLY.test(String(e['type'])));
}

/**
 * Asserts that `store` holds exactly what the CLI mirrors of each local transcript of the
 * session, main and subagents: same entries, same uuids, same order. Returns the subkey count.
 */
export async function expectStoreMatchesLocal(
  store: SessionStore,
  configDir: string,
  cwd: string,
  sessionId: string,
): Promise<number> {
  const projectKey = await projectKeyForDirectory(cwd);
  const local = await localTranscripts(configDir);
  expect(local.get(`${projectKey}/${sessionId}`)?.length).toBeGreaterThan(5);
  const subkeys = (await store.listSubkeys?.({ projectKey, sessionId })) ?? [];
  expect(subkeys.length).toBeGreaterThan(0);
  let checked = 0;
  for (const [path, entries] of local) {
    const [pk, sid, ...rest] = path.split('/');
    if (pk !== projectKey || sid !== sessionId) continue;
    const key: SessionKey =
      rest.length === 0 ? { projectKey, sessionId } : { projectKey, sessionId, subpath: rest.join('/') };
    const stored = (await store.load(key)) ?? [];
    const transcript = stored.filter((e) => e.type !== 'agent_metadata');
    const mirrored = mirroredOf(entries);
    expect(transcript.map((e) => e.uuid)).toEqual(mirrored.map((e) => e['uuid']));
    expect(transcript).toEqual(mirrored);
    if (rest.length > 0) {
      // A subagent's last agent_metadata entry is what the CLI wrote to its .meta.json sidecar.
      const meta = JSON.parse(await readFile(join(configDir, 'projects', `${path}.meta.json`), 'utf8'));
      const { type: _type, ...lastMeta } = stored.filter((e) => e.type === 'agent_metadata').at(-1) ?? {};
      expect(lastMeta).toEqual(meta);
    }
    checked++;
  }
  expect(checked).toBe(subkeys.length + 1);
  return subkeys.length;
}

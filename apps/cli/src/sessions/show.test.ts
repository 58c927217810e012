import { getSessionMessages, getSubagentMessages, listSubagents } from '@ccsdk/session-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy, runCcsdk } from '../../test/run-ccsdk.js';

/** A session the real CLI wrote: a prompt that spawned a subagent through the Agent tool. */
const WITH_SUBAGENT = '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d';
/** A hand-written session with a compaction boundary (a system entry). */
const COMPACTED = '00000000-0000-4000-8000-000000000103';

let fixture: FixtureCopy;
beforeEach(() => {
  fixture = copyFixture();
});
afterEach(() => fixture.cleanup());

/** The texts a person reads of a stored message: string content, text blocks. */
function textsOf(message: { message: unknown }): string[] {
  const content = (message.message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content
    .filter((block): block is { type: string; text: string } => block?.type === 'text' && block.text !== '')
    .map((block) => block.text);
}

describe('ccsdk sessions show', () => {
  it('should print getSessionMessages() unchanged with --json, system entries with --include-system', async () => {
    for (const id of [WITH_SUBAGENT, COMPACTED]) {
      const plain = await runCcsdk(['sessions', 'show', id, '--json'], { env: fixture.env });
      expect(plain.code).toBe(0);
      const expected = await getSessionMessages(id, { configDir: fixture.configDir });
      expect(JSON.parse(plain.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
      const withSystem = await runCcsdk(['sessions', 'show', id, '--json', '--include-system'], {
        env: fixture.env,
      });
      const expectedSystem = await getSessionMessages(id, {
        configDir: fixture.configDir,
        includeSystemMessages: true,
      });
      expect(JSON.parse(withSystem.stdout)).toEqual(JSON.parse(JSON.stringify(expectedSystem)));
    }
    const compacted = await getSessionMessages(COMPACTED, {
      configDir: fixture.configDir,
      includeSystemMessages: true,
    });
    expect(compacted.some((message) => message.type === 'system')).toBe(true);
  });

  it('should render every text of the conversation in order, like a live run', async () => {
    const run = await runCcsdk(['sessions', 'show', WITH_SUBAGENT], { env: fixture.env });
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(
      `● session ${WITH_SUBAGENT} · please SPAWN a helper · /tmp/ccsdk-sessions-AGsyvc/cwd · 2026-11-30 06:20 UTC`,
    );
    let at = 0;
    for (const message of await getSessionMessages(WITH_SUBAGENT, { configDir: fixture.configDir })) {
      for (const text of textsOf(message)) {
        const found = run.stdout.indexOf(text, at);
        expect(found, `"${text.slice(0, 40)}" after offset ${at}`).toBeGreaterThanOrEqual(at);
        at = found + text.length;
      }
    }
  });

  it('should place the subagent, marked, between the Agent call and its result', async () => {
    const [agentId] = await listSubagents(WITH_SUBAGENT, { configDir: fixture.configDir });
    const subagent = await getSubagentMessages(WITH_SUBAGENT, agentId!, { configDir: fixture.configDir });
    expect(subagent.length).toBeGreaterThan(0);
    const lines = (await runCcsdk(['sessions', 'show', WITH_SUBAGENT], { env: fixture.env })).stdout.split(
      '\n',
    );
    const call = lines.findIndex((line) => line.startsWith('→ Agent(SUBTASK: say done)'));
    const result = lines.findIndex((line, index) => index > call && line.startsWith('← '));
    expect(call).toBeGreaterThan(0);
    const between = lines.slice(call + 1, result);
    expect(between).toEqual(['  ┃ ❯ SUBTASK: say done', '  ┃ subagent: subtask done']);
    expect(lines.filter((line) => line.startsWith('  ┃ '))).toHaveLength(between.length);
  });

  it('should show system entries only with --include-system', async () => {
    const without = await runCcsdk(['sessions', 'show', COMPACTED], { env: fixture.env });
    const withSystem = await runCcsdk(['sessions', 'show', COMPACTED, '--include-system'], {
      env: fixture.env,
    });
    // The fixture's boundary records a manual compaction of 1,000 tokens (its line, not the message, says so).
    expect(without.stdout).not.toContain('conversation compacted');
    expect(withSystem.stdout).toContain(
      '· conversation compacted (manual, 1,000 tokens before) at 2026-05-01T10:00:40.000Z',
    );
  });

  it('should refuse a malformed id with exit 2 and an unknown one with exit 1, one line each', async () => {
    const bad = await runCcsdk(['sessions', 'show', 'not-a-uuid'], { env: fixture.env });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('"not-a-uuid" is not a session id');
    const unknown = await runCcsdk(['sessions', 'show', '11111111-1111-4111-8111-111111111111', '--json'], {
      env: fixture.env,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe(
      'ccsdk sessions show: no session 11111111-1111-4111-8111-111111111111 in any project\n',
    );
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSessionMessages } from '@ccsdk/session-jsonl';
import { afterEach, describe, expect, it } from 'vitest';
import { generateRealCliCorpus } from './corpus-real-cli.js';
import { writeRealCliTranscript } from './session-list-corpora.js';

const SEED_SESSION = '11111111-2222-4333-8444-555555555555';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A small transcript shaped like the CLI's: a prompt, a tool call, its result. */
const SEED = [
  { parentUuid: null, type: 'user', message: { role: 'user', content: 'look at the build' }, uuid: uuid(1) },
  {
    parentUuid: uuid(1),
    type: 'assistant',
    requestId: 'req_seedRequest01',
    message: {
      id: 'msg_seedAnswer01',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_seed_read' }],
    },
    uuid: uuid(2),
  },
  {
    parentUuid: uuid(2),
    type: 'user',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_seed_read', content: 'x'.repeat(2000) }],
    },
    uuid: uuid(3),
  },
]
  .map((entry) => JSON.stringify({ ...entry, sessionId: SEED_SESSION, cwd: '/seed/cwd' }))
  .join('\n');

let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('writeRealCliTranscript', () => {
  it('should write one session of whole passes up to the size asked, in the project folder, every line an entry of one chain', async () => {
    root = mkdtempSync(join(tmpdir(), 'ccsdk-corpora-test-'));
    const configDir = join(root, 'config');
    const transcript = await writeRealCliTranscript(configDir, '-p-key', 200_000, [SEED]);
    expect(readdirSync(join(configDir, 'projects'))).toEqual(['-p-key']);
    expect(transcript.path).toBe(join(configDir, 'projects', '-p-key', `${transcript.sessionId}.jsonl`));
    expect(transcript.sessionId).not.toBe(SEED_SESSION);
    // Whole passes over the seed, as many as fit the size asked.
    const passBytes = SEED.length + 1;
    expect(transcript.bytes).toBeLessThanOrEqual(200_000);
    expect(transcript.bytes).toBeGreaterThan(200_000 - 2 * passBytes);
    expect(transcript.lines % 3).toBe(0);
    const entries = readFileSync(transcript.path, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(transcript.lines);
    expect(new Set(entries.map((entry) => entry['sessionId']))).toEqual(new Set([transcript.sessionId]));
    // Fresh uuids each pass, and the chain goes on across passes: one root, every parent seen before.
    expect(new Set(entries.map((entry) => entry['uuid'])).size).toBe(entries.length);
    const seen = new Set<unknown>();
    for (const [index, entry] of entries.entries()) {
      if (index === 0) expect(entry['parentUuid']).toBeNull();
      else expect(seen.has(entry['parentUuid'])).toBe(true);
      seen.add(entry['uuid']);
    }
    // The API's ids are fresh each pass too (same shape), and each result still answers its call.
    const answers = entries.filter((entry) => entry['type'] === 'assistant');
    const messageIds = answers.map((entry) => (entry['message'] as { id: string }).id);
    expect(new Set(messageIds).size).toBe(answers.length);
    expect(new Set(answers.map((entry) => entry['requestId'])).size).toBe(answers.length);
    for (const id of messageIds) expect(id).toMatch(/^msg_[0-9A-Za-z]{12}$/);
    const calls = answers.map((entry) => (entry['message'] as { content: { id: string }[] }).content[0]!.id);
    const results = entries
      .filter(
        (entry) =>
          Array.isArray((entry['message'] as { content: unknown }).content) && entry['type'] === 'user',
      )
      .map((entry) => (entry['message'] as { content: { tool_use_id: string }[] }).content[0]!.tool_use_id);
    expect(new Set(calls).size).toBe(calls.length);
    expect(results).toEqual(calls.slice(0, results.length));
    expect(readdirSync(configDir)).toEqual(['projects']);
  });

  it('should write one whole pass when the seed is larger than the size asked', async () => {
    root = mkdtempSync(join(tmpdir(), 'ccsdk-corpora-test-'));
    const transcript = await writeRealCliTranscript(join(root, 'config'), '-p-key', 100, [SEED]);
    expect(transcript.lines).toBe(3);
  });
});

/** Every transcript of a corpus by its path under `configDir`, as text. */
function corpusFiles(configDir: string): Map<string, string> {
  const files = new Map<string, string>();
  const projects = join(configDir, 'projects');
  for (const project of readdirSync(projects)) {
    for (const name of readdirSync(join(projects, project))) {
      files.set(join(project, name), readFileSync(join(projects, project, name), 'utf8'));
    }
  }
  return files;
}

describe('generateRealCliCorpus with a planted prompt', () => {
  const MIX = [{ share: 1, minBytes: 5_000, maxBytes: 20_000 }];
  const PLANTED = 'Please find "needle" 42 \\ again';

  it('should append the prompt to one session in `every`, continuing its chain, and leave every other byte as without it', async () => {
    root = mkdtempSync(join(tmpdir(), 'ccsdk-corpora-test-'));
    const plain = join(root, 'plain');
    const planted = join(root, 'planted');
    const without = generateRealCliCorpus(plain, 40, [SEED], { mix: MIX });
    const withPrompt = generateRealCliCorpus(planted, 40, [SEED], {
      mix: MIX,
      plant: { text: PLANTED, every: 10 },
    });
    expect(without.planted).toBe(0);
    expect(withPrompt.planted).toBe(4);
    const before = corpusFiles(plain);
    const after = corpusFiles(planted);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const grown: string[] = [];
    for (const [path, text] of after) {
      const original = before.get(path)!;
      if (text === original) continue;
      expect(text.startsWith(original)).toBe(true);
      const added = text
        .slice(original.length)
        .split('\n')
        .filter((line) => line !== '');
      expect(added).toHaveLength(1);
      const prompt = JSON.parse(added[0]!) as Record<string, unknown>;
      const earlier = original
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const sessionId = path.slice(path.lastIndexOf('/') + 1, -'.jsonl'.length);
      expect(prompt['type']).toBe('user');
      expect(prompt['message']).toEqual({ role: 'user', content: PLANTED });
      expect(prompt['sessionId']).toBe(sessionId);
      expect(prompt['parentUuid']).toBe(earlier.at(-1)!['uuid']);
      expect(earlier.some((entry) => entry['uuid'] === prompt['uuid'])).toBe(false);
      grown.push(sessionId);
      // The session read back ends with the planted prompt: a search of its messages finds it.
      const messages = await getSessionMessages(sessionId, { configDir: planted });
      expect(messages.at(-1)?.message).toEqual({ role: 'user', content: PLANTED });
    }
    expect(grown).toHaveLength(4);
    expect(withPrompt.bytes - without.bytes).toBe(
      [...after.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0) -
        [...before.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    );
  });
});

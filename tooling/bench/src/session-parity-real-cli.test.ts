// Every session read of @ccsdk/sdk against the official SDK 0.3.332's, side by side in one process,
// on transcripts the real CLI wrote (the seeds, written by the CLI binary against the scripted fake
// Messages API) and on a corpus replicated from them as the session benchmarks build it. The
// official runtime is a black box here: we call it, we never read it.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { locateSessionTranscript } from '@ccsdk/session-jsonl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRealCliCorpus } from './corpus-real-cli.js';
import { forkShape } from './fork-shape.js';
import { realCliSeeds, SEED_CACHE_DIR } from './session-seed-transcripts.js';

/** Sessions in the replicated corpus: every seed many times over, in each size class of the issue's mix. */
const REPLICATED_SESSIONS = 90;
/** Every how many sessions of the replicated corpus one is imported into a store and read back, and forked. */
const STORE_SAMPLE_EVERY = 9;
/** Generating the seeds runs the CLI several times; the official reads large files slowly. */
const SETUP_TIMEOUT_MS = 240_000;
const CASE_TIMEOUT_MS = 120_000;

type Sdk = typeof official;
/**
 * What one call gave: its value, or that it threw an `Error` (ours throws typed subclasses with
 * codes where the official throws a plain `Error`; a caller's `catch` sees an `Error` either way).
 */
type Outcome = { value: unknown } | { threw: 'Error' | 'not an Error' };

async function outcome(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { value: await call() };
  } catch (error) {
    return { threw: error instanceof Error ? 'Error' : 'not an Error' };
  }
}

/**
 * The outcome as text, which keeps the order of keys (`toStrictEqual` does not look at it), keys
 * holding `undefined` included (the official's rows hold every key, in one order).
 */
function spelled(result: Outcome): string {
  return JSON.stringify(result, (_key, value: unknown) => (value === undefined ? '<undefined>' : value));
}

/**
 * Runs `call` on both SDKs and expects the same outcome (`undefined` keys and key order included);
 * `view` is applied to both values first.
 */
async function expectSame(
  what: string,
  call: (sdk: Sdk) => Promise<unknown>,
  view: (value: unknown) => unknown = (value) => value,
): Promise<Outcome> {
  const seen = async (sdk: Sdk): Promise<Outcome> => {
    const result = await outcome(() => call(sdk));
    return 'value' in result ? { value: view(result.value) } : result;
  };
  const theirs = await seen(official);
  const mine = await seen(ours as unknown as Sdk);
  expect(mine, what).toStrictEqual(theirs);
  expect(spelled(mine), what).toBe(spelled(theirs));
  return theirs;
}

/** The value the official SDK gave, which the next calls iterate (a throw there fails the case). */
function officialValue<T>(result: Outcome): T {
  if (!('value' in result)) throw new Error('the official SDK threw');
  return result.value as T;
}

/**
 * A store's rows and infos with `lastModified` named, not valued (keys kept in order): it is the
 * time each store's clock gave the last append, which differs between two stores filled one after
 * the other. Both stores are filled in one order, so the listing's order is still compared.
 */
function withoutStoreClock(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStoreClock);
  if (typeof value !== 'object' || value === null || !('lastModified' in value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, key === 'lastModified' ? typeof field : field]),
  );
}

const roots: string[] = [];
let previousConfigDir: string | undefined;
let seeds: string[] = [];

beforeAll(async () => {
  previousConfigDir = process.env['CLAUDE_CONFIG_DIR'];
  seeds = await realCliSeeds();
}, SETUP_TIMEOUT_MS);

afterAll(() => {
  if (previousConfigDir === undefined) delete process.env['CLAUDE_CONFIG_DIR'];
  else process.env['CLAUDE_CONFIG_DIR'] = previousConfigDir;
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function scratchRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'ccsdk-parity-real-cli-'));
  roots.push(root);
  return root;
}

/** The seeds' config dir as the CLI left it (projects only: transcripts, subagents, sidecars). */
function seedConfigDir(): string {
  const configDir = join(scratchRoot(), 'config');
  cpSync(join(SEED_CACHE_DIR, 'config', 'projects'), join(configDir, 'projects'), { recursive: true });
  return configDir;
}

function replicatedConfigDir(): string {
  const configDir = join(scratchRoot(), 'config');
  generateRealCliCorpus(configDir, REPLICATED_SESSIONS, seeds);
  return configDir;
}

/**
 * Reads the whole config dir through both SDKs: the listing (whole, a page, without programmatic
 * sessions), then per session its info, its messages (all, with system messages, a page), its
 * subagents and each subagent's messages. Returns the session ids listed, how many subagents they
 * have and how many have messages to show (two empty answers compare equal and prove nothing, so
 * the cases check that count).
 */
async function expectSameReads(
  configDir: string,
): Promise<{ sessionIds: string[]; subagents: number; withMessages: number }> {
  process.env['CLAUDE_CONFIG_DIR'] = configDir;
  const rows = officialValue<{ sessionId: string }[]>(
    await expectSame('listSessions()', (sdk) => sdk.listSessions()),
  );
  expect(rows.length).toBeGreaterThan(0);
  await expectSame('listSessions page', (sdk) => sdk.listSessions({ limit: 7, offset: 3 }));
  await expectSame('listSessions without programmatic', (sdk) =>
    sdk.listSessions({ includeProgrammatic: false }),
  );
  let subagents = 0;
  let withMessages = 0;
  for (const { sessionId } of rows) {
    await expectSame(`getSessionInfo ${sessionId}`, (sdk) => sdk.getSessionInfo(sessionId));
    const messages = officialValue<unknown[]>(
      await expectSame(`getSessionMessages ${sessionId}`, (sdk) => sdk.getSessionMessages(sessionId)),
    );
    if (messages.length > 0) withMessages++;
    await expectSame(`getSessionMessages ${sessionId} with system`, (sdk) =>
      sdk.getSessionMessages(sessionId, { includeSystemMessages: true }),
    );
    await expectSame(`getSessionMessages ${sessionId} page`, (sdk) =>
      sdk.getSessionMessages(sessionId, { limit: 5, offset: 2 }),
    );
    const agents = officialValue<string[]>(
      await expectSame(`listSubagents ${sessionId}`, (sdk) => sdk.listSubagents(sessionId)),
    );
    for (const agentId of agents) {
      subagents++;
      await expectSame(`getSubagentMessages ${sessionId} ${agentId}`, (sdk) =>
        sdk.getSubagentMessages(sessionId, agentId),
      );
    }
  }
  return { sessionIds: rows.map(({ sessionId }) => sessionId), subagents, withMessages };
}

/**
 * Imports each of `sessionIds` into each SDK's own `InMemorySessionStore` (one per SDK; found in
 * any project, kept under the project key of the current directory, as the official defaults) and
 * reads them back through the store: the listing, then per session its info, messages, subagents
 * and their messages.
 */
async function expectSameStoreReads(configDir: string, sessionIds: readonly string[]): Promise<void> {
  process.env['CLAUDE_CONFIG_DIR'] = configDir;
  const dir = process.cwd();
  const stores = new Map<Sdk, InstanceType<Sdk['InMemorySessionStore']>>([
    [official, new official.InMemorySessionStore()],
    [ours as unknown as Sdk, new ours.InMemorySessionStore() as unknown as official.InMemorySessionStore],
  ]);
  const storeOf = (sdk: Sdk) => stores.get(sdk)!;
  for (const sessionId of sessionIds) {
    // An import that threw on both sides would compare equal: the official's must succeed.
    officialValue(
      await expectSame(`importSessionToStore ${sessionId}`, (sdk) =>
        sdk.importSessionToStore(sessionId, storeOf(sdk)),
      ),
    );
  }
  const stored = officialValue<unknown[]>(
    await expectSame(
      'listSessions from a store',
      (sdk) => sdk.listSessions({ dir, sessionStore: storeOf(sdk) }),
      withoutStoreClock,
    ),
  );
  expect(stored.length).toBe(sessionIds.length);
  for (const sessionId of sessionIds) {
    const options = (sdk: Sdk) => ({ dir, sessionStore: storeOf(sdk) });
    await expectSame(
      `store getSessionInfo ${sessionId}`,
      (sdk) => sdk.getSessionInfo(sessionId, options(sdk)),
      withoutStoreClock,
    );
    await expectSame(`store getSessionMessages ${sessionId}`, (sdk) =>
      sdk.getSessionMessages(sessionId, options(sdk)),
    );
    const agents = officialValue<string[]>(
      await expectSame(`store listSubagents ${sessionId}`, (sdk) =>
        sdk.listSubagents(sessionId, options(sdk)),
      ),
    );
    for (const agentId of agents) {
      await expectSame(`store getSubagentMessages ${sessionId} ${agentId}`, (sdk) =>
        sdk.getSubagentMessages(sessionId, agentId, options(sdk)),
      );
    }
  }
}

/** The text of transcript `sessionId` in `configDir`'s project folders (found as the session API finds it). */
async function transcriptText(configDir: string, sessionId: string): Promise<string> {
  const found = await locateSessionTranscript(sessionId, { configDir });
  if (found === undefined) throw new Error(`no transcript ${sessionId}`);
  return readFileSync(found.filePath, 'utf8');
}

/**
 * Forks each of `sessionIds` with both SDKs (whole, with a title, and up to its middle message)
 * and expects the same file from both, but for fresh ids and the fork's time.
 */
async function expectSameForks(configDir: string, sessionIds: readonly string[]): Promise<number> {
  process.env['CLAUDE_CONFIG_DIR'] = configDir;
  let forks = 0;
  for (const sessionId of sessionIds) {
    const source = await transcriptText(configDir, sessionId);
    const messages = await official.getSessionMessages(sessionId);
    const variants: official.ForkSessionOptions[] = [{}, { title: 'a fork, named' }];
    const middle = messages[Math.floor(messages.length / 2)];
    if (middle !== undefined) variants.push({ upToMessageId: middle.uuid });
    for (const options of variants) {
      const shapes = [];
      for (const sdk of [official, ours as unknown as Sdk]) {
        const { sessionId: fork } = await sdk.forkSession(sessionId, options);
        shapes.push(forkShape(await transcriptText(configDir, fork), source));
      }
      expect(shapes[1], `fork of ${sessionId} ${JSON.stringify(options)}`).toBe(shapes[0]);
      forks++;
    }
  }
  return forks;
}

/** The mutations compared, each run on a fresh copy of the config dir per SDK. */
const MUTATIONS: [string, (sdk: Sdk, sessionId: string) => Promise<unknown>][] = [
  ['rename', (sdk, id) => sdk.renameSession(id, 'A new title')],
  ['rename with spaces around', (sdk, id) => sdk.renameSession(id, '  padded  ')],
  ['tag', (sdk, id) => sdk.tagSession(id, 'blue')],
  ['tag, then clear it', async (sdk, id) => [await sdk.tagSession(id, 'x'), await sdk.tagSession(id, null)]],
  ['archive', (sdk, id) => sdk.archiveSession(id)],
  [
    'archive, then unarchive',
    async (sdk, id) => [await sdk.archiveSession(id), await sdk.unarchiveSession(id)],
  ],
  ['delete', (sdk, id) => sdk.deleteSession(id)],
];

/** Every file under `folder`, by relative path, its text with the times a write stamps (`timestamp`, `at`) named, not valued. */
function folderTexts(
  folder: string,
  texts: Record<string, string> = {},
  root = folder,
): Record<string, string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) folderTexts(path, texts, root);
    else if (entry.isFile())
      texts[relative(root, path)] = readFileSync(path, 'utf8').replace(
        /"(timestamp|at)":"[^"]*"/g,
        '"$1":"<time>"',
      );
  }
  return texts;
}

/**
 * Runs each mutation on each of `sessionIds` with both SDKs, each on its own copy of `configDir`,
 * and expects the same outcome and the same files after it, byte for byte but for the times stamped.
 */
async function expectSameMutations(configDir: string, sessionIds: readonly string[]): Promise<number> {
  let runs = 0;
  for (const sessionId of sessionIds) {
    for (const [name, mutate] of MUTATIONS) {
      const after = [];
      for (const sdk of [official, ours as unknown as Sdk]) {
        const copy = join(scratchRoot(), 'config');
        cpSync(configDir, copy, { recursive: true });
        process.env['CLAUDE_CONFIG_DIR'] = copy;
        const result = await outcome(() => mutate(sdk, sessionId));
        // Each mutation works on a seed; two throws would leave equal folders and prove nothing.
        if (sdk === official) officialValue(result);
        after.push({ result: spelled(result), files: folderTexts(join(copy, 'projects')) });
      }
      expect(after[1], `${name} ${sessionId}`).toStrictEqual(after[0]);
      expect(after[0]!.files, `${name} ${sessionId} left the folder as it was`).not.toEqual(
        folderTexts(join(configDir, 'projects')),
      );
      runs++;
    }
  }
  return runs;
}

describe('the session API: the same as the official SDK on transcripts the real CLI wrote', () => {
  it(
    'should read, fork and change the seed sessions as the CLI left them (tool calls, a subagent, an image, a compaction, queued prompts) as the official does, from disk and from a store',
    async () => {
      const configDir = seedConfigDir();
      const { sessionIds, subagents, withMessages } = await expectSameReads(configDir);
      expect(sessionIds.length).toBe(seeds.length);
      expect(withMessages).toBe(seeds.length);
      expect(subagents).toBeGreaterThan(0);
      await expectSameStoreReads(configDir, sessionIds);
      expect(await expectSameForks(configDir, sessionIds)).toBeGreaterThanOrEqual(2 * seeds.length);
      expect(await expectSameMutations(configDir, sessionIds)).toBe(seeds.length * MUTATIONS.length);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "should read and fork a corpus replicated from them (the session benchmarks' real-CLI corpus, every size class) as the official does",
    async () => {
      const configDir = replicatedConfigDir();
      const { sessionIds, withMessages } = await expectSameReads(configDir);
      expect(sessionIds.length).toBe(REPLICATED_SESSIONS);
      // A replica cut to its size can end on an entry whose parent was cut: both SDKs then show nothing.
      expect(withMessages).toBeGreaterThan(REPLICATED_SESSIONS * 0.9);
      const sample = sessionIds.filter((_id, index) => index % STORE_SAMPLE_EVERY === 0);
      await expectSameStoreReads(configDir, sample);
      expect(await expectSameForks(configDir, sample)).toBeGreaterThanOrEqual(2 * sample.length);
    },
    CASE_TIMEOUT_MS,
  );
});

// The session API of @ccsdk/sdk against the official SDK 0.3.332's, side by side in one process,
// on generated transcripts (transcript-arbitraries.ts): entries of every kind the readers look at,
// blank and mistyped fields, lines spelled as only some readers take them, and filler that pushes
// deciding lines past the 64 KiB a listing reads at each end. Five properties: the reads (on disk
// and in each SDK's InMemorySessionStore), the forks (whole, titled, up to an entry; on disk and
// in a store), the subagents, archive marks with a later prompt, and renames and tags of any title
// or tag a caller may pass. Ours' import warnings (the official has none) are taken and checked, not
// printed. Where session-parity-real-cli checks what the real CLI writes, this checks what a
// transcript may hold. The gate runs a fixed seed; PROPERTY_SEED=random explores (see
// propertySeed). The official runtime is a black box here.
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkShape } from './fork-shape.js';
import {
  laterEntry,
  type SubagentRecipe,
  sessionIdOf,
  subagentRecipes,
  subagentText,
  type TranscriptRecipe,
  titleText,
  transcriptRecipe,
  transcriptText,
} from './transcript-arbitraries.js';
import { propertySeed } from './zod-shape-arbitraries.js';

/** Generated config dirs per property (each one to four transcripts); `PROPERTY_RUNS` overrides. */
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);
/** Generated config dirs whose sessions are forked (each fork is written to disk twice). */
const FORK_RUNS = Math.ceil(RUNS / 2);
const PROJECT_FOLDER = '-home-dev-app';
/** The modification time of transcript 0; transcript `n` is `n` seconds newer. */
const MTIME_BASE_S = Date.UTC(2026, 5, 1) / 1000;

type Sdk = typeof official;
const SDKS: readonly [string, Sdk][] = [
  ['official', official],
  ['ours', ours as unknown as Sdk],
];

/**
 * A `lastModified` stamped by a write (a store row's is the time of its store's last append; a
 * transcript's, after a rename or tag, the time of the append) differs between two SDKs writing
 * one after the other: it is compared by type.
 */
const WRITE_CLOCK = new Set(['lastModified']);
/**
 * Over a store, a rename or tag entry is stamped with the time of the write, which is also the
 * session's `createdAt` when no entry before it had a timestamp: both are compared by type.
 */
const STORE_WRITE_CLOCK = new Set(['lastModified', 'createdAt']);

/**
 * What one call gave, as JSON text that keeps key order and keys holding `undefined`; the keys of
 * `byType` are shown by their value's type.
 */
async function outcome(
  call: () => Promise<unknown>,
  byType: ReadonlySet<string> = new Set(),
): Promise<string> {
  try {
    const value = await call();
    return JSON.stringify({ value }, (key, v: unknown) =>
      v === undefined ? '<undefined>' : byType.has(key) ? typeof v : v,
    );
  } catch (error) {
    return JSON.stringify({ threw: error instanceof Error ? 'Error' : String(error) });
  }
}

/** The warning type ours reports what an import skipped under (the official reports nothing). */
const IMPORT_WARNING = 'SessionStoreImportWarning';
/** What ours reported as skipped by `importSessionToStore` since {@link takeImportWarnings} last ran. */
let importWarnings: string[] = [];
/** The warnings of ours' imports since the last call, taken: each is checked, not printed. */
function takeImportWarnings(): string[] {
  const taken = importWarnings;
  importWarnings = [];
  return taken;
}

/** How ours reports a line an import skipped. */
const SKIPPED_LINE = /^Skipped a line of .* at byte \d+: /;
/** What an import may report: a line it skipped, or a subagent's sidecar it could not read as an object. */
const SKIP_WARNING = new RegExp(
  `${SKIPPED_LINE.source}|^Skipped subagent metadata |^Subagent metadata .* is not a JSON object`,
);
/** Takes ours' import warnings and checks that each reports something skipped, nothing else. */
function expectOnlySkipWarnings(): void {
  expect(takeImportWarnings().filter((warning) => !SKIP_WARNING.test(warning))).toStrictEqual([]);
}

/**
 * Runs `each` for the official SDK, then for ours, one after the other (each on its own copy of
 * the config dir, which `each` writes), checks that both gave the same outcomes and that ours
 * warned of nothing but what it skipped, and returns the official's outcomes.
 */
async function expectSameInTurn(
  each: (sdk: Sdk) => Promise<Record<string, string>>,
): Promise<Record<string, string>> {
  const outcomes: Record<string, string>[] = [];
  for (const [, sdk] of SDKS) outcomes.push(await each(sdk));
  const [theirs, mine] = outcomes;
  expect(mine).toStrictEqual(theirs);
  expectOnlySkipWarnings();
  return theirs!;
}

/**
 * Lines of a transcript that an import skips with a warning, counted as a reader of JSON lines
 * would: every line that is not blank and does not parse (a first line opened by a byte order
 * mark among them).
 */
function unparsedLines(text: string): number {
  return text.split('\n').filter((line) => {
    if ((line.length === 0 || line.charCodeAt(0) <= 0x20) && line.trim() === '') return false;
    try {
      JSON.parse(line);
      return false;
    } catch {
      return true;
    }
  }).length;
}

let root: string;
let previousConfigDir: string | undefined;
let emitWarning: typeof process.emitWarning;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ccsdk-session-read-parity-'));
  previousConfigDir = process.env['CLAUDE_CONFIG_DIR'];
  emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (rest[0] === IMPORT_WARNING) importWarnings.push(String(warning));
    else (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
});
afterAll(() => {
  process.emitWarning = emitWarning;
  if (previousConfigDir === undefined) delete process.env['CLAUDE_CONFIG_DIR'];
  else process.env['CLAUDE_CONFIG_DIR'] = previousConfigDir;
  rmSync(root, { recursive: true, force: true });
});

let runs = 0;
/**
 * Writes `recipes` as transcripts 0.. of one project folder in a new config dir, and points both
 * SDKs at it; returns each transcript's size in bytes.
 */
function writeConfigDir(recipes: readonly TranscriptRecipe[]): number[] {
  const configDir = join(root, `run-${runs++}`);
  const folder = join(configDir, 'projects', PROJECT_FOLDER);
  mkdirSync(folder, { recursive: true });
  process.env['CLAUDE_CONFIG_DIR'] = configDir;
  return recipes.map((recipe, n) => {
    const file = join(folder, `${sessionIdOf(n)}.jsonl`);
    const text = transcriptText(recipe, n);
    writeFileSync(file, text);
    utimesSync(file, MTIME_BASE_S + n, MTIME_BASE_S + n);
    return Buffer.byteLength(text);
  });
}

/**
 * Sessions larger than this are not compared by a store's `getSessionInfo`: the official reads a
 * stored session's info from the first and last 64 KiB of its entries written as JSON lines, so a
 * field only in the middle (a `cwd` past the head) is not seen; ours folds every entry (a
 * difference we keep for now, see the note of the stop that added this test).
 */
const STORE_INFO_COMPARED_BYTES = 64 * 1024;

/** Each read of the config dir, by name, with what `sdk` gave. */
async function readsOf(sdk: Sdk, sizes: readonly number[]): Promise<Record<string, string>> {
  const reads: Record<string, string> = {};
  reads['listSessions()'] = await outcome(() => sdk.listSessions());
  reads['listSessions() without programmatic'] = await outcome(() =>
    sdk.listSessions({ includeProgrammatic: false }),
  );
  reads['listSessions() a page'] = await outcome(() => sdk.listSessions({ limit: 2, offset: 1 }));
  // The project the folder is named after, which does not exist on this machine.
  reads['listSessions() of the project'] = await outcome(() => sdk.listSessions({ dir: '/home/dev/app' }));
  // Each SDK's own store, filled from the transcripts, read as a store-backed program reads it.
  const sessionStore = new sdk.InMemorySessionStore();
  const dir = process.cwd();
  for (let n = 0; n < sizes.length; n++) {
    const id = sessionIdOf(n);
    reads[`getSessionInfo ${n}`] = await outcome(() => sdk.getSessionInfo(id));
    reads[`getSessionMessages ${n}`] = await outcome(() => sdk.getSessionMessages(id));
    reads[`getSessionMessages ${n} with system`] = await outcome(() =>
      sdk.getSessionMessages(id, { includeSystemMessages: true }),
    );
    reads[`getSessionMessages ${n} a page`] = await outcome(() =>
      sdk.getSessionMessages(id, { limit: 2, offset: 1 }),
    );
    reads[`importSessionToStore ${n}`] = await outcome(() => sdk.importSessionToStore(id, sessionStore));
    if (sizes[n]! <= STORE_INFO_COMPARED_BYTES) {
      reads[`store getSessionInfo ${n}`] = await outcome(
        () => sdk.getSessionInfo(id, { dir, sessionStore }),
        WRITE_CLOCK,
      );
    }
    reads[`store getSessionMessages ${n}`] = await outcome(() =>
      sdk.getSessionMessages(id, { dir, sessionStore }),
    );
    reads[`store getSessionMessages ${n} with system, a page`] = await outcome(() =>
      sdk.getSessionMessages(id, { dir, sessionStore, includeSystemMessages: true, limit: 2, offset: 1 }),
    );
  }
  reads['store listSessions'] = await outcome(() => sdk.listSessions({ dir, sessionStore }), WRITE_CLOCK);
  // A page of a store listing is not compared: the official pages the store's sessions before
  // leaving out those it does not list, so its pages come back short; ours pages listed sessions,
  // as both do on disk (a difference kept on purpose, see the session-store README).
  return reads;
}

/**
 * Where forks up to a message cut `source`: the uuids of its middle entry and of the one before
 * its last (any entry with a uuid, so a cut may fall on a system entry, a compaction or a
 * subagent's entry).
 */
function cutsOf(source: string): string[] {
  const uuids = [...source.matchAll(/"uuid":"([^"]+)"/g)].map((match) => match[1]!);
  const cuts = [uuids[Math.floor(uuids.length / 2)], uuids[uuids.length - 2]];
  return [...new Set(cuts.filter((cut) => cut !== undefined))];
}

/** A session store that remembers the project keys it was given, to read a fork back. */
function keyedStore(sdk: Sdk): { store: official.InMemorySessionStore; projectKeys: Set<string> } {
  const store = new sdk.InMemorySessionStore();
  const projectKeys = new Set<string>();
  const append = store.append.bind(store);
  store.append = (key, entries) => {
    projectKeys.add(key.projectKey);
    return append(key, entries);
  };
  return { store, projectKeys };
}

/**
 * Each SDK's forks of each session of the config dir (whole, titled, and up to two of its
 * entries), as fork shapes (`forkShape`), or what the fork threw: forked on disk, and forked in
 * that SDK's own `InMemorySessionStore` after importing the session (the fork's stored entries,
 * one JSON line each).
 */
async function forksOf(sdk: Sdk, folder: string, sessions: number): Promise<Record<string, string>> {
  const forks: Record<string, string> = {};
  const { store, projectKeys } = keyedStore(sdk);
  const dir = process.cwd();
  for (let n = 0; n < sessions; n++) {
    const id = sessionIdOf(n);
    const source = readFileSync(join(folder, `${id}.jsonl`), 'utf8');
    const imported = await outcome(() => sdk.importSessionToStore(id, store));
    const variants: official.ForkSessionOptions[] = [
      {},
      { title: 'a fork, named' },
      ...cutsOf(source).map((upToMessageId) => ({ upToMessageId })),
    ];
    for (const options of variants) {
      const key = `forkSession ${n} ${JSON.stringify(options)}`;
      try {
        const { sessionId: fork } = await sdk.forkSession(id, options);
        forks[key] = forkShape(readFileSync(join(folder, `${fork}.jsonl`), 'utf8'), source);
      } catch (error) {
        forks[key] = `threw ${error instanceof Error ? 'Error' : String(error)}`;
      }
      try {
        const { sessionId: fork } = await sdk.forkSession(id, { ...options, dir, sessionStore: store });
        const stored = await Promise.all(
          [...projectKeys].map((projectKey) => store.load({ projectKey, sessionId: fork })),
        );
        const lines = stored.flatMap((entries) => entries ?? []).map((entry) => `${JSON.stringify(entry)}\n`);
        forks[`store ${key}`] = forkShape(lines.join(''), source);
      } catch (error) {
        forks[`store ${key}`] =
          `threw ${error instanceof Error ? 'Error' : String(error)} (import ${imported})`;
      }
    }
  }
  return forks;
}

/**
 * What each mutation appends and what `getSessionInfo` shows after it, of transcript 0 of the
 * config dir: on disk (each mutation on the transcript as generated), then over the SDK's own
 * store (the mutations one after the other).
 */
async function mutationsOf(sdk: Sdk, folder: string, title: string): Promise<Record<string, string>> {
  const id = sessionIdOf(0);
  const file = join(folder, `${id}.jsonl`);
  const source = readFileSync(file, 'utf8');
  const mutations: [string, () => Promise<unknown>][] = [
    ['renameSession', () => sdk.renameSession(id, title)],
    ['tagSession', () => sdk.tagSession(id, title)],
    ['tagSession null', () => sdk.tagSession(id, null)],
  ];
  const after: Record<string, string> = {};
  for (const [name, mutate] of mutations) {
    after[name] = await outcome(mutate);
    const text = readFileSync(file, 'utf8');
    after[`${name} appended`] = text.startsWith(source) ? text.slice(source.length) : `rewrote ${text}`;
    after[`${name} listed`] = await outcome(() => sdk.getSessionInfo(id), WRITE_CLOCK);
    writeFileSync(file, source);
  }
  // The same mutations over each SDK's own store, the session imported first.
  const { store, projectKeys } = keyedStore(sdk);
  after['importSessionToStore'] = await outcome(() => sdk.importSessionToStore(id, store));
  const [projectKey] = projectKeys;
  // Nothing imported (no line of the transcript is an entry): nothing to change in the store.
  if (projectKey === undefined) return after;
  const dir = process.cwd();
  const stored = async () => (await store.load({ projectKey, sessionId: id })) ?? [];
  for (const [name, mutate] of [
    ['renameSession', () => sdk.renameSession(id, title, { dir, sessionStore: store })],
    ['tagSession', () => sdk.tagSession(id, title, { dir, sessionStore: store })],
    ['tagSession null', () => sdk.tagSession(id, null, { dir, sessionStore: store })],
  ] as const) {
    const before = (await stored()).length;
    after[`store ${name}`] = await outcome(mutate);
    const appended = (await stored()).slice(before).map((entry) => `${JSON.stringify(entry)}\n`);
    after[`store ${name} appended`] = forkShape(appended.join(''), source);
    after[`store ${name} listed`] = await outcome(
      () => sdk.getSessionInfo(id, { dir, sessionStore: store }),
      STORE_WRITE_CLOCK,
    );
  }
  return after;
}

/** Writes `subagents` beside transcript 0 of the config dir last written (`writeConfigDir`). */
function writeSubagents(subagents: readonly SubagentRecipe[]): void {
  const session = join(process.env['CLAUDE_CONFIG_DIR']!, 'projects', PROJECT_FOLDER, sessionIdOf(0));
  subagents.forEach((subagent, k) => {
    const folder = join(session, 'subagents', ...(subagent.nested ? ['workflows', 'run-1'] : []));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `agent-${subagent.agentId}.jsonl`), subagentText(subagent, 10 + k));
    if (subagent.meta !== null)
      writeFileSync(join(folder, `agent-${subagent.agentId}.meta.json`), subagent.meta);
  });
}

/**
 * What each subagent read of session 0 gave, on disk and over the SDK's own store, and what is
 * left of its subagents once the session is deleted.
 */
async function subagentReadsOf(sdk: Sdk, agentIds: readonly string[]): Promise<Record<string, string>> {
  const id = sessionIdOf(0);
  const reads: Record<string, string> = {};
  const { store } = keyedStore(sdk);
  const dir = process.cwd();
  reads['listSubagents'] = await outcome(() => sdk.listSubagents(id));
  reads['importSessionToStore'] = await outcome(() => sdk.importSessionToStore(id, store));
  reads['store listSubagents'] = await outcome(() => sdk.listSubagents(id, { dir, sessionStore: store }));
  for (const agentId of [...agentIds, 'absent-agent']) {
    reads[`getSubagentMessages ${agentId}`] = await outcome(() => sdk.getSubagentMessages(id, agentId));
    reads[`getSubagentMessages ${agentId} a page`] = await outcome(() =>
      sdk.getSubagentMessages(id, agentId, { limit: 2, offset: 1 }),
    );
    reads[`store getSubagentMessages ${agentId}`] = await outcome(() =>
      sdk.getSubagentMessages(id, agentId, { dir, sessionStore: store }),
    );
  }
  // Deleting the session takes its subagents with it, on disk and in the store.
  reads['deleteSession'] = await outcome(() => sdk.deleteSession(id));
  reads['listSubagents after deleteSession'] = await outcome(() => sdk.listSubagents(id));
  reads['store deleteSession'] = await outcome(() => sdk.deleteSession(id, { dir, sessionStore: store }));
  reads['store listSubagents after deleteSession'] = await outcome(() =>
    sdk.listSubagents(id, { dir, sessionStore: store }),
  );
  reads['store getSessionMessages after deleteSession'] = await outcome(() =>
    sdk.getSessionMessages(id, { dir, sessionStore: store }),
  );
  return reads;
}

describe('session reads, side by side with the official SDK, on generated transcripts', () => {
  it('the same listing, infos and messages, key order included', async () => {
    let listed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(transcriptRecipe, { minLength: 1, maxLength: 4 }), async (recipes) => {
        const sizes = writeConfigDir(recipes);
        takeImportWarnings();
        const [theirs, mine] = await Promise.all(SDKS.map(([, sdk]) => readsOf(sdk, sizes)));
        expect(theirs!['listSessions()']).toMatch(/^\{"value":\[/);
        if (theirs!['listSessions()'] !== '{"value":[]}') listed++;
        expect(mine).toStrictEqual(theirs);
        // Ours imported each transcript once and reported each line it skipped, and nothing else.
        const skipped = recipes.reduce((sum, recipe, n) => sum + unparsedLines(transcriptText(recipe, n)), 0);
        const warnings = takeImportWarnings();
        expect(warnings.filter((warning) => SKIPPED_LINE.test(warning))).toHaveLength(skipped);
        expect(warnings).toHaveLength(skipped);
      }),
      { numRuns: RUNS, seed: propertySeed() },
    );
    // Two empty listings compare equal and prove little: most generated dirs list something.
    expect(listed).toBeGreaterThan(RUNS / 2);
  }, 300_000);

  it('the same forks, whole, titled and up to a message, byte for byte but for fresh ids and times', async () => {
    let forked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(transcriptRecipe, { minLength: 1, maxLength: 3 }), async (recipes) => {
        writeConfigDir(recipes);
        const folder = join(process.env['CLAUDE_CONFIG_DIR']!, 'projects', PROJECT_FOLDER);
        const theirs = await forksOf(official, folder, recipes.length);
        const mine = await forksOf(ours as unknown as Sdk, folder, recipes.length);
        forked += Object.values(theirs).filter((shape) => !shape.startsWith('threw')).length;
        expect(mine).toStrictEqual(theirs);
        expectOnlySkipWarnings();
      }),
      { numRuns: FORK_RUNS, seed: propertySeed() },
    );
    // Forks that threw on both sides compare equal and prove little: most cases fork something.
    expect(forked).toBeGreaterThan(FORK_RUNS);
  }, 300_000);

  it('the same subagents: their listing and messages, on disk and in a store, and gone with their session', async () => {
    let read = 0;
    await fc.assert(
      fc.asyncProperty(transcriptRecipe, subagentRecipes, async (main, subagents) => {
        const agentIds = subagents.map((subagent) => subagent.agentId);
        // Each SDK on its own copy: the reads end by deleting the session.
        const theirs = await expectSameInTurn((sdk) => {
          writeConfigDir([main]);
          writeSubagents(subagents);
          return subagentReadsOf(sdk, agentIds);
        });
        if (theirs['listSubagents'] !== '{"value":[]}') read++;
      }),
      { numRuns: FORK_RUNS, seed: propertySeed() },
    );
    // Empty listings compare equal and prove little: most cases list a subagent.
    expect(read).toBeGreaterThan(FORK_RUNS / 2);
  }, 300_000);

  it('the same archive marks, and the same prompts after one unarchiving the session', async () => {
    let superseded = 0;
    // Entries after the archive are stamped a day after the start of the run (later than any
    // archive made in it); the generated transcripts' own entries are all older.
    const later = laterEntry(Date.now());
    await fc.assert(
      fc.asyncProperty(transcriptRecipe, later, async (recipe, entry) => {
        const theirs = await expectSameInTurn(async (sdk) => {
          writeConfigDir([{ ...recipe, finalNewline: true }]);
          const id = sessionIdOf(0);
          const file = join(process.env['CLAUDE_CONFIG_DIR']!, 'projects', PROJECT_FOLDER, `${id}.jsonl`);
          const after: Record<string, string> = {};
          const archived = async () =>
            outcome(async () => (await sdk.listSessions()).find((row) => row.sessionId === id)?.archived);
          after['archiveSession'] = await outcome(() => sdk.archiveSession(id));
          after['archived'] = await archived();
          appendFileSync(file, `${JSON.stringify(entry)}\n`);
          after['archived after the entry'] = await archived();
          after['getSessionInfo after the entry'] = await outcome(() => sdk.getSessionInfo(id), WRITE_CLOCK);
          after['unarchiveSession'] = await outcome(() => sdk.unarchiveSession(id));
          after['archived after unarchiving'] = await archived();
          return after;
        });
        if (
          theirs['archived'] === '{"value":true}' &&
          theirs['archived after the entry'] === '{"value":false}'
        )
          superseded++;
      }),
      { numRuns: FORK_RUNS, seed: propertySeed() },
    );
    // A listed session unarchived by a later prompt must come up (about one case in five).
    expect(superseded).toBeGreaterThan(FORK_RUNS / 10);
  }, 300_000);

  it('the same renames and tags, of any title or tag a caller may pass', async () => {
    let renamed = 0;
    // A transcript ending in a final newline: without one, ccsdk first repairs it on purpose (so
    // the entry is not glued to a line a crash cut short), where the official appends to it.
    const ended = transcriptRecipe.map((recipe) => ({ ...recipe, finalNewline: true }));
    await fc.assert(
      fc.asyncProperty(ended, titleText, async (recipe, title) => {
        const theirs = await expectSameInTurn((sdk) => {
          writeConfigDir([recipe]);
          return mutationsOf(sdk, join(process.env['CLAUDE_CONFIG_DIR']!, 'projects', PROJECT_FOLDER), title);
        });
        if (!theirs['renameSession']!.includes('threw')) renamed++;
      }),
      { numRuns: FORK_RUNS, seed: propertySeed() },
    );
    // Renames refused on both sides compare equal and prove little: most titles are taken.
    expect(renamed).toBeGreaterThan(FORK_RUNS / 2);
  }, 300_000);
});

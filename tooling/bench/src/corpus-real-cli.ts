import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileEmitter, prng } from './session-corpus.js';

/**
 * A listing corpus replicated from transcripts the real CLI wrote ({@link realCliSeeds}): every
 * session repeats one seed's entries, in order, with fresh ids each pass (the chain continues
 * across passes), its own session id and its project's cwd, until it reaches a size drawn from
 * a log-uniform mix. Sessions smaller than their seed keep the entries that fit, in order.
 */

/**
 * The ids a pass makes fresh: uuids, and the API's message, request and tool-call ids (`msg_…`,
 * `req_…`, `toolu_…`), which are unique per answer in a transcript the CLI writes.
 */
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b(?:msg|req|toolu)_[0-9A-Za-z_]+/g;
const IS_UUID = /^[0-9a-f]{8}-/;
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KIB = 1024;
const MIB = 1024 * KIB;

/** One class of a size mix: a share of the sessions, log-uniform between two sizes in bytes. */
export interface SizeClass {
  readonly share: number;
  readonly minBytes: number;
  readonly maxBytes: number;
}

/** The issue's mix: 70% 2–64 KiB, 25% 64 KiB–1 MiB, 5% 1–5 MiB (about 226 KiB a session on average). */
export const ISSUE_SIZE_MIX: readonly SizeClass[] = [
  { share: 0.7, minBytes: 2 * KIB, maxBytes: 64 * KIB },
  { share: 0.25, minBytes: 64 * KIB, maxBytes: MIB },
  { share: 0.05, minBytes: MIB, maxBytes: 5 * MIB },
];

/**
 * The mix for 30,000 sessions: the same shares with the two larger classes a quarter as large
 * (64–256 KiB, 256 KiB–1 MiB; about 75 KiB a session, 2.2 GB instead of 6.8 GB), so the corpus
 * and the official SDK's passes over it fit the shared machine's disk, page cache and time.
 */
export const REDUCED_SIZE_MIX: readonly SizeClass[] = [
  { share: 0.7, minBytes: 2 * KIB, maxBytes: 64 * KIB },
  { share: 0.25, minBytes: 64 * KIB, maxBytes: 256 * KIB },
  { share: 0.05, minBytes: 256 * KIB, maxBytes: MIB },
];

function drawSize(random: () => number, mix: readonly SizeClass[]): number {
  let roll = random();
  for (const sizeClass of mix) {
    if (roll < sizeClass.share || sizeClass === mix.at(-1)) {
      const { minBytes, maxBytes } = sizeClass;
      return Math.round(minBytes * (maxBytes / minBytes) ** random());
    }
    roll -= sizeClass.share;
  }
  return mix[0]!.minBytes;
}

/**
 * A fresh id shaped like `id`: a uuid for a uuid (from `random`), else the same prefix and length
 * (from `apiRandom`, a stream of its own, so the API's ids leave the sizes and uuids a seed number
 * gives as they were before those ids were made fresh).
 */
function freshId(id: string, random: () => number, apiRandom: () => number): string {
  if (IS_UUID.test(id)) return uuidFrom(random);
  const prefix = id.slice(0, id.indexOf('_') + 1);
  let out = prefix;
  while (out.length < id.length) out += ID_CHARS[Math.floor(apiRandom() * ID_CHARS.length)];
  return out;
}

/** The seed of the API ids' stream for a corpus seed number. */
const API_ID_SEED_OFFSET = 0x5eed;

function uuidFrom(random: () => number): string {
  const hex = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += '0123456789abcdef'[Math.floor(random() * 16)];
    return out;
  };
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
}

/** What a line of a prompt a person typed holds: a user message whose content is one string. */
const TYPED_PROMPT = '"message":{"role":"user","content":"';
/** The content string of such a line, escapes included. */
const TYPED_PROMPT_CONTENT = /"message":\{"role":"user","content":"(?:[^"\\]|\\.)*"/;

/** A seed line cut at its ids: literal parts around slots, each slot an id's index in the seed. */
interface LineTemplate {
  readonly parts: readonly string[];
  readonly slots: readonly number[];
  /** Bytes of the line with its newline (uuids and the cwd keep their lengths closely enough). */
  readonly bytes: number;
  readonly isRoot: boolean;
}

/** A seed made ready to replicate. */
interface Seed {
  readonly lines: readonly LineTemplate[];
  /** Its first prompt a person typed (a user line whose content is text), the pattern of a planted one. */
  readonly prompt: LineTemplate | undefined;
  /** The seed's ids, by slot (slot 0 the session id). */
  readonly ids: readonly string[];
  readonly sessionSlot: number;
  readonly smallestLineBytes: number;
}

function prepareSeed(text: string, cwdOf: (cwd: string) => string): Seed {
  const sessionId = /"sessionId":"([0-9a-f-]{36})"/.exec(text)?.[1];
  const cwd = /"cwd":"([^"]+)"/.exec(text)?.[1];
  if (sessionId === undefined || cwd === undefined)
    throw new Error('seed transcript without sessionId or cwd');
  const body = text.replaceAll(cwd, cwdOf(cwd));
  const uuids = new Map<string, number>([[sessionId, 0]]);
  const lines = body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line): LineTemplate => {
      const parts: string[] = [];
      const slots: number[] = [];
      let from = 0;
      for (const match of line.matchAll(ID)) {
        parts.push(line.slice(from, match.index));
        let slot = uuids.get(match[0]);
        if (slot === undefined) {
          slot = uuids.size;
          uuids.set(match[0], slot);
        }
        slots.push(slot);
        from = match.index + match[0].length;
      }
      parts.push(line.slice(from));
      return { parts, slots, bytes: Buffer.byteLength(line) + 1, isRoot: line.includes('"parentUuid":null') };
    });
  return {
    lines,
    prompt: lines.find((line) => line.parts.some((part) => part.includes(TYPED_PROMPT))),
    ids: [...uuids.keys()],
    sessionSlot: 0,
    smallestLineBytes: Math.min(...lines.map((line) => line.bytes)),
  };
}

/**
 * Writes one session of about `targetBytes` from `seed` through `emit`: passes over the seed's
 * lines with fresh ids, skipping a line that does not fit what is left, until nothing fits. With
 * `wholePasses`, only whole passes are written (no line is skipped, so every parent is in the
 * file and the conversation runs from the first pass to the last).
 */
function replicate(
  seed: Seed,
  sessionId: string,
  targetBytes: number,
  random: () => number,
  emit: (line: string) => void,
  apiRandom: () => number,
  wholePasses = false,
): { readonly bytes: number; readonly lastUuid: string | undefined } {
  let left = targetBytes;
  let lastUuid: string | undefined;
  const passBytes = seed.lines.reduce((sum, line) => sum + line.bytes, 0);
  for (let pass = 0; left >= seed.smallestLineBytes && (!wholePasses || passBytes <= left); pass++) {
    const fresh = seed.ids.map((id, slot) =>
      slot === seed.sessionSlot ? sessionId : freshId(id, random, apiRandom),
    );
    let wrote = false;
    for (const line of seed.lines) {
      if (line.bytes > left) continue;
      let out = line.parts[0]!;
      for (let i = 0; i < line.slots.length; i++) out += fresh[line.slots[i]!]! + line.parts[i + 1]!;
      if (line.isRoot && pass > 0 && lastUuid !== undefined)
        out = out.replace('"parentUuid":null', `"parentUuid":"${lastUuid}"`);
      const own = /"uuid":"([0-9a-f-]{36})"/.exec(out)?.[1];
      if (own !== undefined && out.includes('"parentUuid"')) lastUuid = own;
      emit(out);
      left -= line.bytes;
      wrote = true;
    }
    if (!wrote) break;
  }
  return { bytes: targetBytes - left, lastUuid };
}

/** A prompt appended to some sessions of a corpus, for a search to find. */
export interface PlantedPrompt {
  /** What the person typed. */
  readonly text: string;
  /** One session in this many gets it: those numbered `every / 2`, then every `every`th after. */
  readonly every: number;
}

/**
 * The seed's first typed prompt with fresh ids (from `random`), as the next turn after
 * `parentUuid`, its content `text`: the line a session gets when someone asks one more thing.
 */
function plantedPromptLine(
  seed: Seed,
  sessionId: string,
  parentUuid: string,
  text: string,
  random: () => number,
): string | undefined {
  const line = seed.prompt;
  if (line === undefined) return undefined;
  const ids = new Map<number, string>([[seed.sessionSlot, sessionId]]);
  let out = line.parts[0]!;
  for (let i = 0; i < line.slots.length; i++) {
    const slot = line.slots[i]!;
    let id = ids.get(slot);
    if (id === undefined) {
      id = freshId(seed.ids[slot]!, random, random);
      ids.set(slot, id);
    }
    out += id + line.parts[i + 1]!;
  }
  out = out.replace(/"parentUuid":(?:null|"[0-9a-f-]{36}")/, `"parentUuid":"${parentUuid}"`);
  return out.replace(TYPED_PROMPT_CONTENT, () => `${TYPED_PROMPT.slice(0, -1)}${JSON.stringify(text)}`);
}

/**
 * Writes one long session of whole passes over the first of `seedTexts` (at least one pass, at
 * most `targetBytes` once more than one fits) as `<folder>/<id>.jsonl`, its cwd `cwd`; returns
 * its id and size. Every entry's parent is in the file, so the conversation read back spans it.
 */
export function generateRealCliSession(
  folder: string,
  targetBytes: number,
  seedTexts: readonly string[],
  cwd: string,
  seedNumber = 7,
): { sessionId: string; bytes: number } {
  if (seedTexts.length === 0) throw new Error('no seed transcripts');
  const random = prng(seedNumber);
  const seed = prepareSeed(seedTexts[0]!, () => cwd);
  const passBytes = seed.lines.reduce((sum, line) => sum + line.bytes, 0);
  mkdirSync(folder, { recursive: true });
  const sessionId = uuidFrom(random);
  const file = fileEmitter(join(folder, `${sessionId}.jsonl`));
  const apiRandom = prng(seedNumber + API_ID_SEED_OFFSET);
  replicate(seed, sessionId, Math.max(targetBytes, passBytes), random, file.emit, apiRandom, true);
  return { sessionId, bytes: file.close() };
}

/** What a generated real-CLI corpus holds. */
export interface RealCliCorpus {
  readonly sessions: number;
  readonly projects: number;
  readonly bytes: number;
  readonly seeds: number;
  /** Sessions that got the planted prompt. */
  readonly planted: number;
}

/** The seed of the planted prompts' ids, so planting leaves every other byte of a corpus as it was. */
const PLANT_SEED_OFFSET = 0x91a7;

/** Options of {@link generateRealCliCorpus}. */
export interface RealCliCorpusOptions {
  /** The size mix (default {@link ISSUE_SIZE_MIX}). */
  readonly mix?: readonly SizeClass[];
  /** The random streams' seed (default 11): one number gives one corpus. */
  readonly seedNumber?: number;
  /** A prompt appended to some sessions (none by default). */
  readonly plant?: PlantedPrompt;
}

/** Projects the sessions are spread over, as in the issue. */
export const REAL_CORPUS_PROJECTS = 30;

/**
 * Writes `sessions` transcripts replicated from `seedTexts` over {@link REAL_CORPUS_PROJECTS}
 * project folders of `<configDir>/projects`, sizes drawn from the mix. Deterministic for a seed;
 * a planted prompt is one more line at the end of the sessions it names, nothing else changes.
 */
export function generateRealCliCorpus(
  configDir: string,
  sessions: number,
  seedTexts: readonly string[],
  options: RealCliCorpusOptions = {},
): RealCliCorpus {
  if (seedTexts.length === 0) throw new Error('no seed transcripts');
  const { mix = ISSUE_SIZE_MIX, seedNumber = 11, plant } = options;
  const random = prng(seedNumber);
  const apiRandom = prng(seedNumber + API_ID_SEED_OFFSET);
  const plantRandom = prng(seedNumber + PLANT_SEED_OFFSET);
  let planted = 0;
  const projects = REAL_CORPUS_PROJECTS;
  const prepared = Array.from({ length: projects }, (_, p) =>
    seedTexts.map((text) => prepareSeed(text, () => `/home/dev/project-${p}`)),
  );
  for (let p = 0; p < projects; p++)
    mkdirSync(join(configDir, 'projects', `-home-dev-project-${p}`), { recursive: true });
  let bytes = 0;
  for (let s = 0; s < sessions; s++) {
    const project = s % projects;
    const seed = prepared[project]![s % seedTexts.length]!;
    const sessionId = uuidFrom(random);
    const file = fileEmitter(
      join(configDir, 'projects', `-home-dev-project-${project}`, `${sessionId}.jsonl`),
    );
    const { lastUuid } = replicate(seed, sessionId, drawSize(random, mix), random, file.emit, apiRandom);
    if (plant !== undefined && s % plant.every === Math.floor(plant.every / 2) && lastUuid !== undefined) {
      const line = plantedPromptLine(seed, sessionId, lastUuid, plant.text, plantRandom);
      if (line !== undefined) {
        file.emit(line);
        planted++;
      }
    }
    bytes += file.close();
  }
  return { sessions, projects, bytes, seeds: seedTexts.length, planted };
}

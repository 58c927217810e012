import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileEmitter, prng } from './session-corpus.js';

/**
 * A listing corpus replicated from transcripts the real CLI wrote ({@link realCliSeeds}): every
 * session repeats one seed's entries, in order, with fresh uuids each pass (the chain continues
 * across passes), its own session id and its project's cwd, until it reaches a size drawn from
 * a log-uniform mix. Sessions smaller than their seed keep the entries that fit, in order.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
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

function uuidFrom(random: () => number): string {
  const hex = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += '0123456789abcdef'[Math.floor(random() * 16)];
    return out;
  };
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
}

/** A seed line cut at its uuids: literal parts around slots, each slot a uuid's index in the seed. */
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
  readonly uuidCount: number;
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
      for (const match of line.matchAll(UUID)) {
        parts.push(line.slice(from, match.index));
        let slot = uuids.get(match[0]);
        if (slot === undefined) {
          slot = uuids.size;
          uuids.set(match[0], slot);
        }
        slots.push(slot);
        from = match.index + 36;
      }
      parts.push(line.slice(from));
      return { parts, slots, bytes: Buffer.byteLength(line) + 1, isRoot: line.includes('"parentUuid":null') };
    });
  return {
    lines,
    uuidCount: uuids.size,
    sessionSlot: 0,
    smallestLineBytes: Math.min(...lines.map((line) => line.bytes)),
  };
}

/**
 * Writes one session of about `targetBytes` from `seed` through `emit`: passes over the seed's
 * lines with fresh uuids, skipping a line that does not fit what is left, until nothing fits.
 */
function replicate(
  seed: Seed,
  sessionId: string,
  targetBytes: number,
  random: () => number,
  emit: (line: string) => void,
): number {
  let left = targetBytes;
  let lastUuid: string | undefined;
  for (let pass = 0; left >= seed.smallestLineBytes; pass++) {
    const fresh = Array.from({ length: seed.uuidCount }, (_, slot) =>
      slot === seed.sessionSlot ? sessionId : uuidFrom(random),
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
  return targetBytes - left;
}

/** What a generated real-CLI corpus holds. */
export interface RealCliCorpus {
  readonly sessions: number;
  readonly projects: number;
  readonly bytes: number;
  readonly seeds: number;
}

/** Projects the sessions are spread over, as in the issue. */
export const REAL_CORPUS_PROJECTS = 30;

/**
 * Writes `sessions` transcripts replicated from `seedTexts` over {@link REAL_CORPUS_PROJECTS}
 * project folders of `<configDir>/projects`, sizes drawn from `mix`. Deterministic for a seed.
 */
export function generateRealCliCorpus(
  configDir: string,
  sessions: number,
  seedTexts: readonly string[],
  mix: readonly SizeClass[] = ISSUE_SIZE_MIX,
  seedNumber = 11,
): RealCliCorpus {
  if (seedTexts.length === 0) throw new Error('no seed transcripts');
  const random = prng(seedNumber);
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
    replicate(seed, sessionId, drawSize(random, mix), random, file.emit);
    bytes += file.close();
  }
  return { sessions, projects, bytes, seeds: seedTexts.length };
}

import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { SessionJsonlError } from './errors.js';
import { type ForkPlan, parseSourceLine, planFork } from './fork-plan.js';
import { CARRIED_STATE_TYPES, carriedStateEntry, forkEntry } from './fork-rules.js';
import { isUuid, quote } from './ids.js';
import { FORK_WRITE_BATCH_BYTES } from './limits.js';
import { readLines } from './line-reader.js';
import { readLiteSummary } from './lite-read.js';
import { mutationTargets } from './mutation-target.js';
import { checkOptionsObject } from './options.js';
import { publishByHardLink } from './publish-file.js';
import { randomUuid } from './random-ids.js';
import { checkTitle } from './rename-tag.js';
import type { TranscriptFile } from './session-files.js';
import type { SessionSummaryData } from './summary-fold.js';
import { readTitleSidecar } from './title-sidecar.js';
import type { ForkSessionOptions, ForkSessionResult } from './types.js';

/**
 * Title a fork gets without an explicit one: the source's title (its custom title, else the
 * `custom-title.json` sidecar's `titleSidecar`, else its AI title), else its first prompt, plus
 * ` (fork)`. An empty title is passed over, as a listing shows it as none; a prompt of only
 * images or documents names no fork (`Forked session`), as the official SDK names it.
 */
export function forkTitleFor(source: SessionSummaryData | undefined, titleSidecar?: string): string {
  const base =
    source?.customTitle ||
    titleSidecar ||
    source?.aiTitle ||
    source?.firstPrompt ||
    source?.commandFallback ||
    'Forked session';
  return `${base} (fork)`;
}

/** An explicit fork title, or `undefined` for none: absent, or a blank string (the default title then). */
export function explicitForkTitle(title: unknown, check: (title: unknown) => string): string | undefined {
  if (title === undefined || (typeof title === 'string' && title.trim() === '')) return undefined;
  return check(title);
}

function defaultForkTitle(file: TranscriptFile): string {
  const source = readLiteSummary(file.filePath)?.data;
  const sidecar =
    source?.customTitle === undefined ? readTitleSidecar(file.projectDir.path, file.sessionId) : undefined;
  return forkTitleFor(source, sidecar);
}

/**
 * Forks a session into a new one with fresh UUIDs, in the same project folder, without running
 * the CLI. Copies the conversation entries (not sidechains) up to and including `upToMessageId`
 * when given; each copy records `forkedFrom` (assistant copies also `requestSessionId`). Then the
 * source's last `atis-latch`, `tools-used` and `relocated` entries, so the CLI resumes the fork as
 * it would the source, and a `custom-title` entry: `title`, or (absent or blank) `<source title> (fork)`.
 * Safe while the CLI writes the source.
 *
 * The fork is written to a private staging file and published by hard link, so a partial fork is
 * never visible and no existing file is overwritten. Throws `INVALID_SESSION_ID`,
 * `INVALID_MESSAGE_ID`, `INVALID_TITLE`, `SESSION_NOT_FOUND`, `MESSAGE_NOT_FOUND`,
 * `NOTHING_TO_FORK` or `PUBLISH_FAILED`.
 */
export async function forkSession(
  sessionId: string,
  options: ForkSessionOptions = {},
): Promise<ForkSessionResult> {
  const raw = checkOptionsObject(options);
  const upToMessageId = raw['upToMessageId'];
  if (upToMessageId !== undefined && !isUuid(upToMessageId)) {
    throw new SessionJsonlError({
      code: 'INVALID_MESSAGE_ID',
      message: `Invalid upToMessageId ${quote(upToMessageId)}: pass the uuid of a message from getSessionMessages().`,
    });
  }
  const explicitTitle = explicitForkTitle(raw['title'], checkTitle);
  const [source] = await mutationTargets(sessionId, raw);
  const file = source!;
  const title = explicitTitle ?? defaultForkTitle(file);
  const forkId = randomUuid();
  const handle = await open(file.filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const plan = await planFork(handle, sessionId, upToMessageId);
    await publishByHardLink(file.projectDir.path, `${forkId}.jsonl`, (out) =>
      writeFork(handle, out, plan, { file, forkId, title }),
    );
  } finally {
    await handle.close();
  }
  return { sessionId: forkId };
}

async function writeFork(
  source: FileHandle,
  out: FileHandle,
  plan: ForkPlan,
  fork: { file: TranscriptFile; forkId: string; title: string },
): Promise<void> {
  const now = new Date().toISOString();
  let pending: string[] = [];
  let pendingChars = 0;
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    pendingChars = 0;
    await out.writeFile(chunk);
  };
  let line = -1;
  let position = 0;
  while (position < plan.endOffset) {
    const result = await readLines(
      source.fd,
      (bytes, start, end) => {
        line++;
        if (!plan.lines.has(line)) return true;
        const entry = parseSourceLine(bytes, start, end);
        if (entry === undefined) return true;
        const text = `${JSON.stringify(
          forkEntry(entry, {
            uuidMap: plan.uuidMap,
            parentUuid: plan.parents.get(line) ?? null,
            isLast: line === plan.lastLine,
            sourceId: fork.file.sessionId,
            forkId: fork.forkId,
            now,
          }),
        )}\n`;
        pending.push(text);
        pendingChars += text.length;
        return pendingChars < FORK_WRITE_BATCH_BYTES;
      },
      { start: position, end: plan.endOffset },
    );
    await flush();
    if (!result.stopped) break;
    position = result.endOffset;
  }
  if (plan.replacements.length > 0) {
    pending.push(
      `${JSON.stringify({ type: 'content-replacement', sessionId: fork.forkId, replacements: plan.replacements })}\n`,
    );
  }
  for (const type of CARRIED_STATE_TYPES) {
    const state = plan.states.get(type);
    if (state !== undefined) pending.push(`${JSON.stringify(carriedStateEntry(state, fork.forkId))}\n`);
  }
  pending.push(
    `${JSON.stringify({ type: 'custom-title', sessionId: fork.forkId, customTitle: fork.title, uuid: randomUuid(), timestamp: now })}\n`,
  );
  await flush();
}

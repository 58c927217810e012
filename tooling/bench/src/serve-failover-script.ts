/**
 * The scripted model and the history check of `serve-failover.bench.ts`. Session `i`'s first turn
 * runs `echo one-<i>` and answers; its second turn runs `echo stall-<i>` and then gets no answer
 * (the server holding it is killed in that wait); on the other server, the resumed turn answers.
 * Every piece of a session's conversation carries a marker naming the session, so the history
 * the resumed CLI sends the model can be checked piece by piece.
 */
import type { RecordedMessagesRequest } from '@ccsdk/testing';
import { reply, text, toolUse } from '@ccsdk/testing';

/** How long the stalled reply waits, in ms: far longer than the benchmark. */
const STALL_MS = 600_000;

/**
 * The tag of session `i` in every marker: closed by a letter, so the tag of session 1 is not the
 * start of the tag of session 10.
 */
const tag = (i: number): string => `s${i}z`;
/** Finds a session's tag. */
const SESSION_TAG = /\bs(\d+)z/;

/** The prompt of session `i`'s first turn. */
export const turnOnePrompt = (i: number): string => `Start TURN-ONE ${tag(i)}.`;
/** The prompt of session `i`'s second turn (the one the kill interrupts). */
export const turnTwoPrompt = (i: number): string => `Now TURN-TWO ${tag(i)}.`;
/** The prompt of session `i`'s resumed turn, on the other server. */
export const resumePrompt = (i: number): string => `Continue RESUMED ${tag(i)}.`;

/** Markers of the first turn, complete before the kill: the prompt, the tool's output, the answer. */
export function turnOneMarkers(i: number): string[] {
  return [turnOnePrompt(i), `one-out-${tag(i)}`, `turn one answered ${tag(i)}`];
}

/** Markers of the interrupted second turn: the prompt, the tool call's text and the tool's output. */
export function turnTwoMarkers(i: number): string[] {
  return [turnTwoPrompt(i), `turn two running ${tag(i)}`, `stall-out-${tag(i)}`];
}

/** The session a request belongs to, from the marker of its last prompt or tool output. */
function sessionOf(request: RecordedMessagesRequest): number | undefined {
  const found =
    SESSION_TAG.exec(request.lastUserText) ??
    request.toolResults.map((r) => SESSION_TAG.exec(r.text)).find((m) => m !== null);
  return found?.[1] === undefined ? undefined : Number(found[1]);
}

/** The model of the server that is killed. */
export function killedServerScript(request: RecordedMessagesRequest) {
  const i = sessionOf(request);
  if (!request.isMain || i === undefined) return reply(text('ok'));
  if (request.toolResults.some((r) => r.text.includes(`stall-out-${tag(i)}`))) {
    return { ...reply(text('never delivered')), delayMs: STALL_MS };
  }
  if (request.lastUserText.includes('TURN-TWO')) {
    return reply(
      text(`turn two running ${tag(i)}`),
      toolUse('Bash', { command: `echo stall-out-${tag(i)}`, description: 'echo' }),
    );
  }
  if (request.toolResults.some((r) => r.text.includes(`one-out-${tag(i)}`))) {
    return reply(text(`turn one answered ${tag(i)}`));
  }
  return reply(
    text(`turn one running ${tag(i)}`),
    toolUse('Bash', { command: `echo one-out-${tag(i)}`, description: 'echo' }),
  );
}

/** The model of the server the sessions resume on. */
export function survivingServerScript(request: RecordedMessagesRequest) {
  const i = sessionOf(request);
  return reply(text(i === undefined ? 'ok' : `resumed answer ${tag(i)}`));
}

/** The markers of `expected` that `seen` holds and `history` does not: what the resume lost. */
export function lostMarkers(expected: readonly string[], seen: string, history: string): string[] {
  return expected.filter((marker) => seen.includes(marker) && !history.includes(marker));
}

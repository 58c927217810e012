/**
 * One timed session through a `ccsdk serve` process, as a Direct Connect client runs it: `POST
 * /sessions` (timed on its own), then `query()` over a `DirectConnectTransport` that attaches to
 * that session (by its `session_key`), one prompt, the first assistant message and the result,
 * then the end (the transport deletes the session on close).
 */
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import { isSDKAssistantMessage, isSDKResultMessage, isSDKSystemInitMessage, query } from '@ccsdk/sdk';

/** Most time the bench's own `POST /sessions` may take, in ms: far past the transport's 30 s, to see the real figure. */
const CREATE_TIMEOUT_MS = 240_000;
/** Most time the CLI may take to answer `initialize` under load, in ms (as the 50-session e2e test). */
const INITIALIZE_TIMEOUT_MS = 240_000;

/** What one session measured. */
export interface SessionTiming {
  readonly ok: boolean;
  /** Why it failed: the HTTP status and body, or the error's code and message. */
  readonly error?: string;
  /** `POST /sessions` until its answer, in ms. */
  readonly createMs: number;
  /** `POST /sessions` until the CLI's `system/init` message (started, attached, initialized, prompt taken), in ms. */
  readonly initMs: number;
  /** `POST /sessions` until the first assistant message, in ms. */
  readonly firstMessageMs: number;
  /** `POST /sessions` until the result, in ms. */
  readonly resultMs: number;
}

/** Where the session runs. */
export interface SessionTarget {
  readonly url: string;
  readonly httpUrl: string;
  readonly token: string;
  readonly cwd: string;
}

/** Runs one session with `prompt` and times it; never rejects (a failure is a figure). */
export async function timeOneSession(
  target: SessionTarget,
  sessionKey: string,
  prompt: string,
): Promise<SessionTiming> {
  const start = performance.now();
  let createMs = Number.NaN;
  let initMs = Number.NaN;
  let firstMessageMs = Number.NaN;
  let resultMs = Number.NaN;
  const failed = (error: string): SessionTiming => ({
    ok: false,
    error,
    createMs,
    initMs,
    firstMessageMs,
    resultMs,
  });
  try {
    const created = await fetch(`${target.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cwd: target.cwd, session_key: sessionKey }),
      signal: AbortSignal.timeout(CREATE_TIMEOUT_MS),
    });
    const body = await created.text();
    createMs = performance.now() - start;
    if (created.status !== 201) return failed(`POST /sessions ${created.status} ${body.slice(0, 200)}`);
    const transport = new DirectConnectTransport({
      url: target.url,
      cwd: target.cwd,
      sessionKey,
      deleteSessionOnClose: true,
    });
    let subtype = 'no result';
    for await (const message of query({
      prompt,
      options: { transport, initializeTimeoutMs: INITIALIZE_TIMEOUT_MS },
    })) {
      if (Number.isNaN(initMs) && isSDKSystemInitMessage(message)) initMs = performance.now() - start;
      if (Number.isNaN(firstMessageMs) && isSDKAssistantMessage(message)) {
        firstMessageMs = performance.now() - start;
      }
      if (isSDKResultMessage(message)) {
        resultMs = performance.now() - start;
        subtype = message.subtype;
      }
    }
    if (subtype !== 'success') return failed(`result ${subtype}`);
    if (Number.isNaN(firstMessageMs)) return failed('no assistant message');
    return { ok: true, createMs, initMs, firstMessageMs, resultMs };
  } catch (error) {
    return failed(describeError(error));
  }
}

/** One line for an error: its code, message and causes. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e !== undefined && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error) {
      const code = (e as { code?: unknown }).code;
      parts.push(`${typeof code === 'string' ? `${code}: ` : ''}${e.message.split('\n')[0]}`);
    } else {
      parts.push(String(e));
      break;
    }
  }
  return parts.join(' <- ');
}

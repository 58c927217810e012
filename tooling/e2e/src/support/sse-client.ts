/**
 * A tiny client of the SSE wire of `ccsdk serve`, on Node's `fetch`: reads the event stream
 * frame by frame (`event:`, `id:`, `data:`, comments) and posts events.
 */

/** One frame as read (a comment has `comment` only). */
export interface SseFrame {
  event?: string;
  id?: string;
  data?: string;
  comment?: string;
}

/** One durable event (`client_event` or `session_ended` data), parsed. */
export interface SseEventRead {
  sequence_num: number;
  event_id?: string;
  source?: string;
  payload?: Record<string, unknown>;
  code?: number;
  [key: string]: unknown;
}

/** Splits `text/event-stream` text into frames; feed it chunks as they come. */
export class SseFrameReader {
  #buffer = '';
  #frame: SseFrame = {};

  /** Takes one chunk of text; returns the frames it completed. */
  push(chunk: string): SseFrame[] {
    const lines = (this.#buffer + chunk).split(/\r\n|\r|\n/);
    this.#buffer = lines.pop() ?? '';
    const done: SseFrame[] = [];
    for (const line of lines) {
      if (line === '') {
        if (Object.keys(this.#frame).length > 0) done.push(this.#frame);
        this.#frame = {};
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === '') done.push({ comment: value });
      else if (field === 'data')
        this.#frame.data = this.#frame.data === undefined ? value : `${this.#frame.data}\n${value}`;
      else if (field === 'event' || field === 'id') this.#frame[field] = value;
    }
    return done;
  }
}

/** An open event stream. */
export interface SseStreamClient {
  readonly status: number;
  /** Every frame read so far. */
  readonly frames: SseFrame[];
  /** The durable events read so far. */
  readonly events: SseEventRead[];
  /** The refusal body, when the status is not 200. */
  readonly body: unknown;
  /** Resolves when the server ended the stream (or it was closed). */
  readonly ended: Promise<void>;
  /** Resolves once `predicate` holds, rejects after `timeoutMs` or when the stream ends first. */
  waitFor(predicate: (stream: SseStreamClient) => boolean, timeoutMs?: number): Promise<void>;
  /** Cuts the connection. */
  close(): void;
}

/** Opens `GET /sessions/:id/events/stream` on `httpUrl`. */
export async function openSseStream(
  httpUrl: string,
  token: string,
  sessionId: string,
  cursor: { lastEventId?: string; fromSequenceNum?: string } = {},
): Promise<SseStreamClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (cursor.lastEventId !== undefined) headers['last-event-id'] = cursor.lastEventId;
  const query = cursor.fromSequenceNum === undefined ? '' : `?from_sequence_num=${cursor.fromSequenceNum}`;
  const response = await fetch(`${httpUrl}/sessions/${sessionId}/events/stream${query}`, {
    headers,
    signal: abort.signal,
  });
  const frames: SseFrame[] = [];
  const events: SseEventRead[] = [];
  const checks = new Set<() => void>();
  let finished = false;
  let body: unknown;
  const ended = (async () => {
    if (response.status !== 200) {
      body = await response.json().catch(() => undefined);
      return;
    }
    const reader = new SseFrameReader();
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (const frame of reader.push(decoder.decode(chunk, { stream: true }))) {
          frames.push(frame);
          if (frame.event === 'client_event' || frame.event === 'session_ended') {
            events.push(JSON.parse(frame.data ?? '{}') as SseEventRead);
          }
        }
        for (const check of checks) check();
      }
    } catch {
      // Cut by close() or by the server.
    }
  })().finally(() => {
    finished = true;
    for (const check of checks) check();
  });
  const client: SseStreamClient = {
    status: response.status,
    frames,
    events,
    get body() {
      return body;
    },
    ended,
    waitFor: (predicate, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          checks.delete(check);
          reject(new Error(`stream condition not met in ${timeoutMs} ms (${frames.length} frames)`));
        }, timeoutMs);
        const check = (): void => {
          if (predicate(client)) {
            clearTimeout(timer);
            checks.delete(check);
            resolve();
          } else if (finished) {
            clearTimeout(timer);
            checks.delete(check);
            reject(new Error(`stream ended before the condition held (${frames.length} frames)`));
          }
        };
        checks.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
  return client;
}

/** Posts one event body; resolves with the status and the parsed answer. */
export async function postSseEvent(
  httpUrl: string,
  token: string,
  sessionId: string,
  body: string | object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${httpUrl}/sessions/${sessionId}/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

import { type IncomingMessage, request } from 'node:http';

/** One frame of an event stream as a client reads it (a comment has `comment` only). */
export interface ReadFrame {
  event?: string;
  id?: string;
  data?: string;
  comment?: string;
}

/** Splits `text/event-stream` text into frames; feed it chunks as they come. */
export class SseFrameReader {
  #buffer = '';
  #frame: ReadFrame = {};

  /** Takes one chunk of text; returns the frames it completed. */
  push(chunk: string): ReadFrame[] {
    const lines = (this.#buffer + chunk).split(/\r\n|\r|\n/);
    this.#buffer = lines.pop() ?? '';
    const done: ReadFrame[] = [];
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

/** An open stream (or the refusal) with the frames read so far. */
export interface OpenStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** Frames read so far, comments included. */
  frames: ReadFrame[];
  /** The durable events read so far (`client_event` and `session_ended` data), parsed. */
  events: DurableRead[];
  /** The body as text, for a refusal. */
  text: () => string;
  /** Resolves when the server ended the answer or the socket closed. */
  ended: Promise<void>;
  /** Resolves once `predicate` holds for the frames read, or rejects after `timeoutMs`. */
  waitFor: (predicate: (stream: OpenStream) => boolean, timeoutMs?: number) => Promise<void>;
  /** Stops reading (backpressure) without closing. */
  pause: () => void;
  /** Closes the connection. */
  close: () => void;
}

/** Opens `GET <path>` and resolves once the answer's headers came. */
export function openStream(
  baseUrl: string,
  path: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<OpenStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method: 'GET', headers, agent: false }, (res) => {
      const reader = new SseFrameReader();
      const frames: ReadFrame[] = [];
      const events: DurableRead[] = [];
      let text = '';
      const waiters = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < MAX_KEPT_TEXT) text += chunk;
        for (const frame of reader.push(chunk)) {
          frames.push(frame);
          if (frame.event === 'client_event' || frame.event === 'session_ended') {
            events.push(JSON.parse(frame.data ?? '{}') as DurableRead);
          }
        }
        for (const check of waiters) check();
      });
      const ended = new Promise<void>((done) => {
        res.on('end', () => done());
        res.on('close', () => done());
        res.on('error', () => done());
      });
      const open: OpenStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        events,
        text: () => text,
        ended,
        pause: () => res.pause(),
        close: () => req.destroy(),
        waitFor: (predicate, timeoutMs = 5_000) =>
          new Promise<void>((done, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`stream condition not met in ${timeoutMs} ms; frames: ${frames.length}`));
            }, timeoutMs);
            const check = (): void => {
              if (!predicate(open)) return;
              clearTimeout(timer);
              waiters.delete(check);
              done();
            };
            waiters.add(check);
            void ended.then(() => {
              if (waiters.has(check)) {
                check();
                if (waiters.has(check)) {
                  clearTimeout(timer);
                  waiters.delete(check);
                  fail(new Error(`stream ended before the condition held; frames: ${frames.length}`));
                }
              }
            });
            check();
          }),
      };
      resolve(open);
    });
    req.on('error', reject);
    req.end();
  });
}

/** One durable event as read. */
export interface DurableRead {
  sequence_num: number;
  [key: string]: unknown;
}

/** Text of a body kept for `text()`: 1 MiB. */
const MAX_KEPT_TEXT = 1024 * 1024;

/** The data of every frame named `event`, parsed. */
export function framesNamed(frames: readonly ReadFrame[], event: string): Record<string, unknown>[] {
  return frames.filter((frame) => frame.event === event).map((frame) => JSON.parse(frame.data ?? '{}'));
}

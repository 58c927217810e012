import { request } from 'node:http';

/** One HTTP exchange with a JSON body, bounded in time and in answer size. */
export interface HttpExchange {
  readonly method: 'POST' | 'DELETE';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** JSON text of the request body, if any. */
  readonly body?: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly signal?: AbortSignal;
}

/** The status and text of an answer. */
export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
}

/** Why an exchange failed before an answer was read. */
export type HttpFailure =
  | { readonly kind: 'timeout' }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'aborted'; readonly cause: unknown }
  | { readonly kind: 'network'; readonly cause: unknown };

/** Raised by {@link exchange} when no complete answer was read. */
export class HttpExchangeFailure extends Error {
  readonly failure: HttpFailure;
  constructor(failure: HttpFailure) {
    super(`HTTP exchange failed: ${failure.kind}`);
    this.failure = failure;
  }
}

/**
 * Sends one request without connection reuse (`agent: false`, so no socket outlives it) and
 * reads the whole answer. Rejects with {@link HttpExchangeFailure}.
 */
export function exchange(options: HttpExchange): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (failure: HttpFailure): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      req.destroy();
      reject(new HttpExchangeFailure(failure));
    };
    const onAbort = (): void => fail({ kind: 'aborted', cause: options.signal?.reason });
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    const req = request(options.url, { method: options.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxResponseBytes) fail({ kind: 'too-large' });
        else chunks.push(chunk);
      });
      res.on('error', (cause) => fail({ kind: 'network', cause }));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const timer = setTimeout(() => fail({ kind: 'timeout' }), options.timeoutMs);
    req.on('error', (cause) => fail({ kind: 'network', cause }));
    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.end(options.body);
  });
}

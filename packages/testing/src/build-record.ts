import type { IncomingMessage } from 'node:http';
import { viewMessagesBody } from './message-helpers.js';
import type { RecordedMessagesRequest, RecordedRequest, RequestKind } from './recorded-request.js';

/** A record the server still fills in (`outcome`, `status`, `interrupted`); read-only to users. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The parts of a record known from the request line and headers. */
export interface RequestHead {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly receivedAt: number;
}

/** Reads the method, target, query and headers of an incoming request. */
export function readHead(request: IncomingMessage): RequestHead {
  const url = request.url ?? '/';
  const parsed = new URL(url, 'http://127.0.0.1');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: request.method ?? 'GET',
    url,
    path: parsed.pathname,
    query: Object.fromEntries(parsed.searchParams),
    headers,
    receivedAt: Date.now(),
  };
}

/** Builds the record of a request that is not a Messages call. */
export function buildRecord(
  index: number,
  head: RequestHead,
  kind: Exclude<RequestKind, 'messages'>,
  rawBody: string,
  body: unknown,
  bodyError: string | undefined,
): Mutable<RecordedRequest> {
  return {
    index,
    ...head,
    kind,
    rawBody,
    body,
    bodyError,
    outcome: undefined,
    status: undefined,
    interrupted: false,
  };
}

/** Builds the record of a Messages call with its helper fields; `isMain` is set by the caller. */
export function buildMessagesRecord(
  index: number,
  head: RequestHead,
  rawBody: string,
  body: unknown,
  bodyError: string | undefined,
): Mutable<RecordedMessagesRequest> {
  return {
    ...buildRecord(index, head, 'other', rawBody, body, bodyError),
    kind: 'messages',
    ...viewMessagesBody(body),
    isMain: false,
  };
}

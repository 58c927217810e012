import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../logger.js';

/** What the server knows about the request being handled. */
interface RequestScope {
  readonly requestId: string;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `handle` as the handling of the request `requestId`: every entry logged through a
 * {@link withRequestIds} logger from it, or from work it starts (a session's CLI started by
 * `POST /sessions`, the socket attached by an upgrade), carries that `requestId`.
 */
export function runWithRequestId<T>(requestId: string, handle: () => T): T {
  return scopes.run({ requestId }, handle);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return scopes.getStore()?.requestId;
}

/** Wraps a logger so that each entry logged while a request is handled gets its `requestId` (unless it has one). */
export function withRequestIds(log: Logger): Logger {
  return (entry) => {
    const requestId = scopes.getStore()?.requestId;
    log(requestId === undefined || 'requestId' in entry ? entry : { ...entry, requestId });
  };
}

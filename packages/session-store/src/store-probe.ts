import { SessionStoreError } from './errors.js';
import { quote } from './quote.js';
import type { SessionStore, SessionStoreOptionalMethod } from './types.js';

const NOT_IMPLEMENTED_CODES = new Set([
  'NOT_IMPLEMENTED',
  'ERR_NOT_IMPLEMENTED',
  'ERR_METHOD_NOT_IMPLEMENTED',
]);

/**
 * The error an adapter throws from an optional method it declines (for example the stub a
 * delegating wrapper inherits). The SDK then treats the method as absent.
 */
export function notImplemented(method: SessionStoreOptionalMethod): SessionStoreError {
  return new SessionStoreError({
    code: 'NOT_IMPLEMENTED',
    message: `SessionStore.${method} is not implemented by this adapter.`,
  });
}

/**
 * True for an error that means "this optional method is not implemented": a `SessionStoreError`
 * with code `NOT_IMPLEMENTED`, any error whose `code` is `NOT_IMPLEMENTED`,
 * `ERR_NOT_IMPLEMENTED` or `ERR_METHOD_NOT_IMPLEMENTED`, or one named `NotImplementedError`.
 */
export function isNotImplementedError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return (typeof code === 'string' && NOT_IMPLEMENTED_CODES.has(code)) || name === 'NotImplementedError';
}

/** True when the store has the optional method at all (it may still decline at run time). */
export function hasStoreMethod(store: SessionStore, method: SessionStoreOptionalMethod): boolean {
  return typeof store[method] === 'function';
}

/** Outcome of {@link callOptional}: the method's value, or `implemented: false`. */
export type OptionalCallResult<T> =
  | {
      /** The store has the method and it answered. */
      implemented: true;
      /** What it answered. */
      value: T;
    }
  | {
      /** The method is missing, or threw a not-implemented error. */
      implemented: false;
    };

type OptionalArgs<M extends SessionStoreOptionalMethod> = Parameters<NonNullable<SessionStore[M]>>;
type OptionalValue<M extends SessionStoreOptionalMethod> = Awaited<ReturnType<NonNullable<SessionStore[M]>>>;

/**
 * Calls an optional store method. A missing method, or one that throws a not-implemented error,
 * gives `{ implemented: false }`; any other error propagates.
 */
export async function callOptional<M extends SessionStoreOptionalMethod>(
  store: SessionStore,
  method: M,
  ...args: OptionalArgs<M>
): Promise<OptionalCallResult<OptionalValue<M>>> {
  const fn = store[method] as ((...a: OptionalArgs<M>) => Promise<OptionalValue<M>>) | undefined;
  if (typeof fn !== 'function') return { implemented: false };
  try {
    return { implemented: true, value: await fn.apply(store, args) };
  } catch (error) {
    if (isNotImplementedError(error)) return { implemented: false };
    throw error;
  }
}

/** Throws a `TypeError` unless `value` looks like a {@link SessionStore} (`append` and `load` functions). */
export function checkSessionStore(value: unknown, name = 'sessionStore'): SessionStore {
  const candidate = value as Partial<SessionStore> | null | undefined;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.append !== 'function' ||
    typeof candidate.load !== 'function'
  ) {
    throw new TypeError(
      `${name} must be a SessionStore with append() and load() methods, got ${quote(value)}`,
    );
  }
  return candidate as SessionStore;
}

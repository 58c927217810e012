import { DEFAULT_CONTROL_REQUEST_TIMEOUT_MS } from './limits.js';
import { ReplyDeadline } from './reply-deadline.js';
import type { TransportCloseInfo } from './transport.js';
import { assertTimeoutMs, quote } from './value-checks.js';

/** Per-request options of `ControlChannel.request()`. */
export interface ControlRequestOptions {
  /** Aborting rejects the request with `REQUEST_ABORTED` (cause = `signal.reason`). */
  signal?: AbortSignal;
  /** How long to wait for the reply, in ms. Default: the channel's `defaultTimeoutMs`. */
  timeoutMs?: number;
  /**
   * A time limit the sender can put on hold, in place of `timeoutMs` (not both). One deadline
   * serves one request.
   */
  deadline?: ReplyDeadline;
}

/** Options of `ControlChannel`. */
export interface ControlChannelOptions {
  /** Receives every message that is not control traffic, in order (including `keep_alive` and `transcript_mirror`). */
  onMessage: (message: unknown) => void;
  /** Receives non-fatal problems: a handler threw, a stray or malformed control frame, a transport error. */
  onError?: (error: Error) => void;
  /** Fires once when the channel has closed, after pending requests were rejected. */
  onClose?: (info: TransportCloseInfo) => void;
  /** Default reply timeout of `request()`, in ms. Default `DEFAULT_CONTROL_REQUEST_TIMEOUT_MS` (60 s). */
  defaultTimeoutMs?: number;
}

/** Throws a TypeError unless `value` is a non-empty string. */
export function assertSubtype(value: unknown): asserts value is string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`subtype must be a non-empty string, got ${quote(value)}`);
  }
}

/** Throws a TypeError unless `value` is undefined or a function. */
export function assertOptionalFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(`${name} must be a function, got ${quote(value)}`);
  }
}

/** True for a non-null, non-array object. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates the channel options eagerly; returns the effective default timeout. */
export function validateChannelOptions(options: unknown): number {
  if (!isPlainRecord(options)) throw new TypeError(`options must be an object, got ${quote(options)}`);
  if (typeof options.onMessage !== 'function') {
    throw new TypeError(`options.onMessage must be a function, got ${quote(options.onMessage)}`);
  }
  assertOptionalFunction('options.onError', options.onError);
  assertOptionalFunction('options.onClose', options.onClose);
  if (options.defaultTimeoutMs === undefined) return DEFAULT_CONTROL_REQUEST_TIMEOUT_MS;
  assertTimeoutMs('options.defaultTimeoutMs', options.defaultTimeoutMs);
  return options.defaultTimeoutMs;
}

/** Validates the per-request options; returns the effective timeout and signal. */
export function validateRequestOptions(
  options: unknown,
  defaultTimeoutMs: number,
): { timeoutMs: number; signal: AbortSignal | undefined; deadline: ReplyDeadline | undefined } {
  if (options === undefined) return { timeoutMs: defaultTimeoutMs, signal: undefined, deadline: undefined };
  if (!isPlainRecord(options))
    throw new TypeError(`request options must be an object, got ${quote(options)}`);
  const { signal, timeoutMs, deadline } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(`options.signal must be an AbortSignal, got ${quote(signal)}`);
  }
  if (deadline !== undefined) {
    if (!(deadline instanceof ReplyDeadline)) {
      throw new TypeError(`options.deadline must be a ReplyDeadline, got ${quote(deadline)}`);
    }
    if (timeoutMs !== undefined) {
      throw new TypeError('options.timeoutMs and options.deadline cannot be used together');
    }
    return { timeoutMs: deadline.limitMs, signal, deadline };
  }
  if (timeoutMs === undefined) return { timeoutMs: defaultTimeoutMs, signal, deadline: undefined };
  assertTimeoutMs('options.timeoutMs', timeoutMs);
  return { timeoutMs, signal, deadline: undefined };
}

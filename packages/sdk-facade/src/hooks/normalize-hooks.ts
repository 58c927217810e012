import type { HookEvent } from '@ccsdk/control-protocol';
import { MAX_TIMEOUT_MS } from '@ccsdk/control-protocol';
import { HOOK_EVENTS } from '../constants.js';
import { describeValue } from '../errors/describe-value.js';
import type { HookCallback } from './hook-types.js';

/** One validated matcher of `options.hooks`. */
export interface NormalizedMatcher {
  readonly event: HookEvent;
  /** The matcher text, or null for "every call". */
  readonly matcher: string | null;
  readonly callbacks: readonly HookCallback[];
  /** The timeout in ms the SDK enforces on each callback's signal; undefined for none. */
  readonly timeoutMs: number | undefined;
  /** The `timeout` sent in `initialize`, in seconds (the CLI's unit). */
  readonly wireTimeoutSeconds: number | undefined;
  readonly onFailure: 'continue' | 'block' | undefined;
}

const KNOWN_EVENTS: ReadonlySet<string> = new Set(HOOK_EVENTS);
const MATCHER_FIELDS: ReadonlySet<string> = new Set([
  'matcher',
  'hooks',
  'timeout',
  'timeoutMs',
  'onFailure',
]);
const MS_PER_SECOND = 1000;

/**
 * Validates `options.hooks` and flattens it into matchers in the caller's order (events in
 * object order, matchers and callbacks in array order). Throws a `TypeError` quoting the bad
 * value: an unknown event name, a non-array event entry, a matcher that is not an object or has an
 * unknown field, a non-string matcher, a hook that is not a function, a timeout that is not a
 * positive number of seconds or ms within a timer's range, or both `timeout` and `timeoutMs`.
 */
export function normalizeHooks(hooks: unknown): NormalizedMatcher[] {
  if (hooks === undefined || hooks === null) return [];
  if (typeof hooks !== 'object' || Array.isArray(hooks)) {
    throw new TypeError(
      `options.hooks must be an object of matchers by event name, got ${describeValue(hooks)}`,
    );
  }
  const matchers: NormalizedMatcher[] = [];
  for (const [event, entries] of Object.entries(hooks)) {
    if (!KNOWN_EVENTS.has(event)) {
      throw new TypeError(
        `options.hooks has an unknown event ${JSON.stringify(event)}; known events: ${HOOK_EVENTS.join(', ')}`,
      );
    }
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) {
      throw new TypeError(
        `options.hooks.${event} must be an array of matchers, got ${describeValue(entries)}`,
      );
    }
    entries.forEach((entry: unknown, index) => {
      matchers.push(normalizeMatcher(event as HookEvent, entry, `options.hooks.${event}[${index}]`));
    });
  }
  return matchers;
}

function normalizeMatcher(event: HookEvent, entry: unknown, where: string): NormalizedMatcher {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw new TypeError(
      `${where} must be a matcher object { matcher?, hooks, timeoutMs? }, got ${describeValue(entry)}`,
    );
  }
  const record = entry as Record<string, unknown>;
  for (const field of Object.keys(record)) {
    if (!MATCHER_FIELDS.has(field)) {
      throw new TypeError(
        `${where} has an unknown field ${JSON.stringify(field)}; known: ${[...MATCHER_FIELDS].join(', ')}`,
      );
    }
  }
  const { matcher, hooks, onFailure } = record;
  if (matcher !== undefined && matcher !== null && typeof matcher !== 'string') {
    throw new TypeError(`${where}.matcher must be a string, got ${describeValue(matcher)}`);
  }
  if (!Array.isArray(hooks)) {
    throw new TypeError(`${where}.hooks must be an array of functions, got ${describeValue(hooks)}`);
  }
  hooks.forEach((hook: unknown, index) => {
    if (typeof hook !== 'function') {
      throw new TypeError(`${where}.hooks[${index}] must be a function, got ${describeValue(hook)}`);
    }
  });
  if (onFailure !== undefined && onFailure !== 'continue' && onFailure !== 'block') {
    throw new TypeError(`${where}.onFailure must be 'continue' or 'block', got ${describeValue(onFailure)}`);
  }
  const { timeoutMs, wireTimeoutSeconds } = timeoutOf(record, where);
  return {
    event,
    matcher: typeof matcher === 'string' ? matcher : null,
    callbacks: hooks as HookCallback[],
    timeoutMs,
    wireTimeoutSeconds,
    onFailure: onFailure as 'continue' | 'block' | undefined,
  };
}

interface Timeout {
  readonly timeoutMs: number | undefined;
  readonly wireTimeoutSeconds: number | undefined;
}

function timeoutOf(record: Record<string, unknown>, where: string): Timeout {
  const { timeout, timeoutMs } = record;
  if (timeout !== undefined && timeoutMs !== undefined) {
    throw new TypeError(
      `${where} has both timeout (${describeValue(timeout)} s) and timeoutMs (${describeValue(timeoutMs)} ms); give one`,
    );
  }
  if (timeoutMs !== undefined) {
    if (!isPositiveWithin(timeoutMs, MAX_TIMEOUT_MS)) {
      throw new TypeError(
        `${where}.timeoutMs must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}, got ${describeValue(timeoutMs)} (omit it to let the CLI decide)`,
      );
    }
    return { timeoutMs, wireTimeoutSeconds: timeoutMs / MS_PER_SECOND };
  }
  if (timeout !== undefined) {
    if (!isPositiveWithin(timeout, MAX_TIMEOUT_MS / MS_PER_SECOND)) {
      throw new TypeError(
        `${where}.timeout must be a positive number of seconds up to ${MAX_TIMEOUT_MS / MS_PER_SECOND}, got ${describeValue(timeout)} (omit it to let the CLI decide)`,
      );
    }
    return { timeoutMs: timeout * MS_PER_SECOND, wireTimeoutSeconds: timeout };
  }
  return { timeoutMs: undefined, wireTimeoutSeconds: undefined };
}

function isPositiveWithin(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= max;
}

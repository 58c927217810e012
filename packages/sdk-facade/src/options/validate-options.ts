import { systemPromptFields } from '@ccsdk/control-protocol';
import { agentsForInitialize } from './agents.js';
import type { ExtendedOptions } from './options.js';
import { SESSION_OPTION_RULES } from './validate-session-options.js';

type Rule = (options: ExtendedOptions) => string | undefined;

/** Whether a string option is set, as the official SDK reads it (`''` is not). */
function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Whether `value` works as an abort controller: an `AbortController`, or any object with an
 * `AbortSignal`-like `signal` (a polyfill, another realm's), which is all the query reads.
 */
function isAbortControllerLike(value: unknown): boolean {
  if (value instanceof AbortController) return true;
  if (typeof value !== 'object' || value === null) return false;
  const signal: unknown = (value as { signal?: unknown }).signal;
  return (
    typeof signal === 'object' &&
    signal !== null &&
    typeof (signal as AbortSignal).aborted === 'boolean' &&
    typeof (signal as AbortSignal).addEventListener === 'function'
  );
}

const RULES: readonly Rule[] = [
  (o) =>
    o.canUseTool !== undefined && typeof o.canUseTool !== 'function'
      ? `options.canUseTool must be a function, got ${typeof o.canUseTool}`
      : undefined,
  (o) =>
    o.canUseTool !== undefined && isGiven(o.permissionPromptToolName)
      ? `options.canUseTool and options.permissionPromptToolName (${JSON.stringify(o.permissionPromptToolName)}) cannot be used together: canUseTool already answers permission prompts over stdio`
      : undefined,
  (o) =>
    o.resumeSessionAt !== undefined && !isGiven(o.resume)
      ? `options.resumeSessionAt (${JSON.stringify(o.resumeSessionAt)}) needs options.resume`
      : undefined,
  (o) =>
    o.sessionId !== undefined && (isGiven(o.resume) || Boolean(o.continue)) && !o.forkSession
      ? `options.sessionId (${JSON.stringify(o.sessionId)}) with options.resume or options.continue needs options.forkSession: true`
      : undefined,
  (o) =>
    o.sessionStore !== undefined && o.persistSession === false
      ? 'options.sessionStore needs the local transcript: the CLI mirrors an entry only after writing it locally, so persistSession: false cannot be used with it (use a temporary CLAUDE_CONFIG_DIR for throw-away local files)'
      : undefined,
  (o) =>
    o.sessionStore !== undefined &&
    (typeof o.sessionStore !== 'object' ||
      o.sessionStore === null ||
      typeof o.sessionStore.append !== 'function' ||
      typeof o.sessionStore.load !== 'function')
      ? 'options.sessionStore must implement SessionStore (append and load)'
      : undefined,
  (o) =>
    o.sessionStoreFlush !== undefined && o.sessionStoreFlush !== 'batched' && o.sessionStoreFlush !== 'eager'
      ? `options.sessionStoreFlush must be 'batched' or 'eager', got ${JSON.stringify(o.sessionStoreFlush)}`
      : undefined,
  (o) => {
    if (o.agents === undefined) return undefined;
    if (typeof o.agents !== 'object' || o.agents === null)
      return 'options.agents must be an object of AgentDefinition';
    try {
      agentsForInitialize(o.agents);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  },
  (o) => {
    try {
      systemPromptFields(o);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  },
  (o) =>
    o.loadTimeoutMs !== undefined && !(Number.isFinite(o.loadTimeoutMs) && o.loadTimeoutMs > 0)
      ? `options.loadTimeoutMs must be a positive number of ms, got ${String(o.loadTimeoutMs)}`
      : undefined,
  (o) =>
    o.abortController !== undefined && !isAbortControllerLike(o.abortController)
      ? 'options.abortController must be an AbortController (or an object with its AbortSignal `signal`)'
      : undefined,
  (o) =>
    o.signal !== undefined && !(o.signal instanceof AbortSignal)
      ? 'options.signal must be an AbortSignal'
      : undefined,
  (o) =>
    o.initializeTimeoutMs !== undefined &&
    !(Number.isFinite(o.initializeTimeoutMs) && o.initializeTimeoutMs > 0)
      ? `options.initializeTimeoutMs must be a positive number of ms, got ${String(o.initializeTimeoutMs)}`
      : undefined,
  (o) =>
    o.transport !== undefined &&
    (typeof o.transport.start !== 'function' || typeof o.transport.send !== 'function')
      ? 'options.transport must implement the Transport interface (start, send, endInput, close)'
      : undefined,
  ...SESSION_OPTION_RULES,
];

/** Throws a `TypeError` naming the options when a combination is invalid. Runs synchronously in `query()`. */
export function validateOptions(options: ExtendedOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  for (const rule of RULES) {
    const problem = rule(options);
    if (problem !== undefined) throw new TypeError(problem);
  }
}

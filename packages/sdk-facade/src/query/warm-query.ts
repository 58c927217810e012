import type { InitializationResult } from '../control/initialization.js';
import { SdkError } from '../errors/sdk-error.js';
import type { ExtendedOptions } from '../options/options.js';
import { warnUnsentOptions } from '../options/unsent-options.js';
import { validateOptions } from '../options/validate-options.js';
import { checkPrompt } from './query.js';
import { QueryRun } from './query-run.js';
import type { ExtendedQuery, Prompt, Query } from './query-types.js';

/**
 * A pre-warmed session from {@link startup}: the CLI is running and initialized. It serves exactly
 * one `query()`; `close()` (or `await using`) ends it whether or not it was used. The official type
 * exactly; what `startup()` returns is an {@link ExtendedWarmQuery}.
 */
export interface WarmQuery extends AsyncDisposable {
  /**
   * Sends the prompt into the warm session and returns its message stream. Throws `SdkError`
   * code `QUERY_CLOSED` on a second call or after `close()`; if it throws for any reason the
   * session is closed, so nothing is left running.
   */
  query(prompt: Prompt): Query;
  /**
   * Ends the session: cleanup callbacks, then the CLI's staged shutdown. Idempotent. Returns at
   * once, as the official `close()` does; `await using` (or `[Symbol.asyncDispose]()`) waits.
   */
  close(): void;
}

/**
 * The {@link WarmQuery} that `startup()` returns, with the ccsdk extensions: the CLI's
 * `initialize` answer, and a `query()` that returns an {@link ExtendedQuery}.
 */
export interface ExtendedWarmQuery extends WarmQuery {
  /** The CLI's `initialize` answer. */
  readonly initialization: InitializationResult;
  /** As {@link WarmQuery.query}, returning an {@link ExtendedQuery}. */
  query(prompt: Prompt): ExtendedQuery;
}

/**
 * Starts the CLI and completes `initialize` before there is a prompt, so the first message of the
 * later `query()` arrives sooner. Rejects (and stops the CLI) if start-up fails or takes longer
 * than `initializeTimeoutMs` (default `INITIALIZE_TIMEOUT_MS`, 60 s, not counting the time
 * SessionStart and Setup hooks run, up to `STARTUP_HOOKS_MAX_HOLD_MS`).
 */
export async function startup(
  params: { options?: ExtendedOptions; initializeTimeoutMs?: number } = {},
): Promise<ExtendedWarmQuery> {
  const options = params.options ?? {};
  validateOptions(options);
  warnUnsentOptions(options);
  const timeoutMs = params.initializeTimeoutMs;
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError(`initializeTimeoutMs must be a positive number of ms, got ${String(timeoutMs)}`);
  }
  // Unset, the engine's default applies, and start-up hooks do not count against it.
  const run = new QueryRun(options, timeoutMs);
  let initialization: InitializationResult;
  try {
    initialization = await run.initializationResult();
  } catch (error) {
    await run.close();
    throw error;
  }
  return new OneShotWarmQuery(run, initialization);
}

class OneShotWarmQuery implements ExtendedWarmQuery {
  readonly initialization: InitializationResult;
  readonly #run: QueryRun;
  #used = false;
  #closed = false;

  constructor(run: QueryRun, initialization: InitializationResult) {
    this.#run = run;
    this.initialization = initialization;
  }

  query(prompt: Prompt): ExtendedQuery {
    if (this.#used || this.#closed) {
      throw new SdkError({
        code: 'QUERY_CLOSED',
        message: this.#closed
          ? 'This WarmQuery is closed; call startup() again for a new session.'
          : 'This WarmQuery was already used; a WarmQuery serves one query(). Call startup() again.',
      });
    }
    this.#used = true;
    try {
      checkPrompt(prompt);
      this.#run.sendPrompt(prompt);
      return this.#run;
    } catch (error) {
      void this.close();
      throw error;
    }
  }

  close(): Promise<void> {
    this.#closed = true;
    return this.#run.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

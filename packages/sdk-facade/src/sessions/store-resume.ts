import type { Transport } from '@ccsdk/control-protocol';
import { materializeResumeFromStore } from '@ccsdk/session-store';
import { inheritedProcessEnv } from '@ccsdk/transport-subprocess';
import type { ExtendedOptions } from '../options/options.js';
import { createDefaultTransport } from '../transport/default-transport.js';
import { DeferredTransport } from '../transport/deferred-transport.js';

/** True when the query resumes (or continues) a session that lives in `options.sessionStore`. */
export function resumesFromStore(options: ExtendedOptions): boolean {
  return (
    options.sessionStore !== undefined &&
    options.transport === undefined &&
    (options.resume !== undefined || options.continue === true)
  );
}

/** What the query must know of a store resume once the CLI is about to start. */
export interface StoreResumeHooks {
  /** Called with the options the CLI really starts with (the temp config dir in `env`). */
  onStart(effective: ExtendedOptions): void;
  /** Called with the cleanup to run after the CLI exited. */
  onCleanup(cleanup: (preserve: boolean) => Promise<void>): void;
}

/**
 * The transport of a store resume: before the CLI starts, loads the session (and its subagents)
 * from the store into a private temp config dir (seed 001), then starts the CLI there with
 * `resume` set to the loaded session. A store error or `loadTimeoutMs` rejects `start()` with a
 * `SessionStoreError` and no process starts. Nothing to resume (unknown session, empty store for
 * `continue`): the CLI starts as usual.
 */
export function createStoreResumeTransport(options: ExtendedOptions, hooks: StoreResumeHooks): Transport {
  return new DeferredTransport(async () => {
    const store = options.sessionStore;
    if (store === undefined) throw new TypeError('createStoreResumeTransport needs options.sessionStore');
    const materialized = await materializeResumeFromStore({
      store,
      ...(options.resume === undefined ? { continue: true } : { sessionId: options.resume }),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.env === undefined ? {} : { env: options.env }),
      ...(options.loadTimeoutMs === undefined ? {} : { loadTimeoutMs: options.loadTimeoutMs }),
    });
    if (materialized === undefined) {
      hooks.onStart(options);
      return createDefaultTransport(options);
    }
    const { continue: _continue, ...rest } = options;
    const effective: ExtendedOptions = {
      ...rest,
      resume: materialized.sessionId,
      // A given env replaces the inherited one, so the config dir goes over whichever the CLI gets.
      env: { ...(options.env ?? inheritedProcessEnv()), ...materialized.env },
    };
    hooks.onCleanup(async (preserve) => {
      await materialized.cleanup({ preserve });
    });
    hooks.onStart(effective);
    return createDefaultTransport(effective);
  });
}

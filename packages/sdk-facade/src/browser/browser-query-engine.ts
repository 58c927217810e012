import { type EngineHost, QueryEngine } from '../engine/query-engine.js';
import type { ExtendedOptions } from '../options/options.js';
import { BrowserSdkError } from './browser-error.js';

/**
 * The shared {@link QueryEngine} as the browser runs it: it tells the transport about each message
 * just before the consumer gets it (the SSE resume cursor counts only yielded messages), and it
 * refuses the control methods that need the caller's own filesystem:
 * - `seedReadState(path, mtime)`: the mtime is a stat the caller made of the file the CLI edits,
 *   which a page, on another machine than the CLI, cannot make; a guessed one would let an Edit
 *   skip its read-first check on a claim nobody could check.
 * - `reloadPlugins({ addPlugins })`: the plugins are directories of the caller's machine that the
 *   CLI loads, which a page has not; `reloadPlugins()` without them goes to the CLI.
 * Every other control method goes over the control channel, as in Node.
 */
export class BrowserQueryEngine extends QueryEngine {
  readonly #onYield: ((message: unknown) => void) | undefined;

  /** `onYield` sees each message just before the consumer gets it. */
  constructor(options: ExtendedOptions, host: EngineHost, onYield?: (message: unknown) => void) {
    super(options, host);
    this.#onYield = onYield;
  }

  override async next(): ReturnType<QueryEngine['next']> {
    const result = await super.next();
    if (result.done !== true) this.#onYield?.(result.value);
    return result;
  }

  override seedReadState(_path: string, _mtime: number): Promise<void> {
    return Promise.reject(notInBrowser('seedReadState', 'it needs a stat of a file on the CLI machine'));
  }

  override reloadPlugins(
    options: Parameters<QueryEngine['reloadPlugins']>[0] = {},
  ): ReturnType<QueryEngine['reloadPlugins']> {
    if ((options?.addPlugins?.length ?? 0) > 0) {
      return Promise.reject(
        notInBrowser('reloadPlugins({ addPlugins })', 'plugins are directories of the local machine'),
      );
    }
    return super.reloadPlugins(options);
  }
}

function notInBrowser(method: string, why: string): BrowserSdkError {
  return new BrowserSdkError('NOT_SUPPORTED_IN_BROWSER', `${method} does not work in a browser: ${why}.`);
}

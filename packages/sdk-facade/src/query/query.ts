import type { ExtendedOptions } from '../options/options.js';
import { warnUnsentOptions } from '../options/unsent-options.js';
import { validateOptions } from '../options/validate-options.js';
import { QueryRun } from './query-run.js';
import type { ExtendedQuery, Prompt } from './query-types.js';

/**
 * Starts a Claude Code session and returns its message stream.
 *
 * The CLI starts at once (so control methods work before iterating); start-up failures such as
 * `CLINotFoundError` surface from the first `next()`. Invalid option combinations throw a
 * `TypeError` synchronously. With `options.transport`, that transport is used instead of spawning.
 *
 * Input to the CLI ends once the prompt has ended (a string once written, an iterable once it
 * returns) and no turn is in flight (every user message has had its result, with no background
 * task running); the CLI then exits and the stream ends. Until then every control method
 * (`interrupt()`, ...) works, with a string prompt as with a stream. In-process MCP servers are
 * connected before `initializationResult()` resolves.
 * The session itself (hooks via `registerHooks`, permissions, in-process MCP, the transcript
 * mirror, close order) lives in `QueryRun` (query-run.ts).
 */
export function query(params: { prompt: Prompt; options?: ExtendedOptions }): ExtendedQuery {
  const options = params.options ?? {};
  validateOptions(options);
  warnUnsentOptions(options);
  checkPrompt(params.prompt);
  const run = new QueryRun(options);
  run.sendPrompt(params.prompt);
  return run;
}

/** Throws a `TypeError` for a prompt that is neither a string nor an async iterable. */
export function checkPrompt(prompt: unknown): asserts prompt is Prompt {
  if (typeof prompt === 'string') return;
  if (typeof prompt === 'object' && prompt !== null && Symbol.asyncIterator in prompt) return;
  const shown = prompt === null ? 'null' : typeof prompt;
  throw new TypeError(`prompt must be a string or an AsyncIterable of user messages, got ${shown}`);
}

import type { ControlMethods } from './control-methods.js';
import type { SDKMessage, SDKUserMessage } from './messages.js';
import type { Options } from './options.js';
import { QueryRun } from './query-run.js';
import { validateOptions } from './validate-options.js';

/** The prompt of a query: one string, or a stream of user messages for a multi-turn session. */
export type Prompt = string | AsyncIterable<SDKUserMessage>;

/**
 * A running query: an async generator of the CLI's SDK messages, plus the control methods.
 * Breaking out of the loop, `return()`, `close()` or `await using` ends the CLI process tree.
 */
export interface Query extends AsyncGenerator<SDKMessage, void, undefined>, ControlMethods {
  /** Sends more user messages into the session (multi-turn), in order. */
  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void>;
  /**
   * Ends the session: runs cleanup, rejects pending control requests, closes in-process MCP
   * servers and stops the CLI (stdin EOF, grace, SIGTERM, SIGKILL). Waits at most
   * `QUERY_CLOSE_WAIT_MS` for the exit; the staged shutdown goes on past that bound.
   */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

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
export function query(params: { prompt: Prompt; options?: Options }): Query {
  const options = params.options ?? {};
  validateOptions(options);
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

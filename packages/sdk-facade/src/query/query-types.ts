import type { SDKMessage, SDKUserMessage } from '@ccsdk/control-protocol';
import type { SessionControlMethods } from '../control/session-control-methods.js';

/** The prompt of a query: one string, or a stream of user messages for a multi-turn session. */
export type Prompt = string | AsyncIterable<SDKUserMessage>;

/**
 * A running query: an async generator of the CLI's SDK messages, plus the control methods.
 * Breaking out of the loop, `return()`, `close()`, `closeAndWait()` or `await using` ends the CLI
 * process tree.
 */
export interface Query
  extends AsyncGenerator<SDKMessage, void, undefined>,
    Omit<SessionControlMethods, 'initializePayload'> {
  /** Sends more user messages into the session (multi-turn), in order. */
  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void>;
  /**
   * Ends the session: runs cleanup, rejects pending control requests, closes in-process MCP
   * servers and stops the CLI (stdin EOF, grace, SIGTERM, SIGKILL). Returns at once, as the
   * official `close()` does; {@link Query.closeAndWait} is the same with a promise to await.
   */
  close(): void;
  /**
   * ccsdk extension: {@link Query.close}, then settles when the CLI is gone, waiting at most
   * `QUERY_CLOSE_WAIT_MS` for the exit (the staged shutdown goes on past that bound). Never rejects.
   */
  closeAndWait(): Promise<void>;
  /** {@link Query.closeAndWait}, so that `await using q = query(...)` closes the query at the end of the block. */
  [Symbol.asyncDispose](): Promise<void>;
}

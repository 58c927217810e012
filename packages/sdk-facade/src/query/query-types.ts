import type { SDKMessage, SDKUserMessage } from '@ccsdk/control-protocol';
import type { ExtendedControlMethods } from '../control/extended-control-methods.js';
import type { SessionControlMethods } from '../control/session-control-methods.js';

/** The prompt of a query: one string, or a stream of user messages for a multi-turn session. */
export type Prompt = string | AsyncIterable<SDKUserMessage>;

/**
 * A running query, typed exactly as the official SDK's `Query`: an async generator of the CLI's SDK
 * messages, plus the control methods. Breaking out of the loop, `return()` or `close()` ends the CLI
 * process tree. What `query()` returns is an {@link ExtendedQuery}: this plus ccsdk's extensions.
 */
export interface Query
  extends AsyncGenerator<SDKMessage, void, undefined>,
    Omit<SessionControlMethods, 'initializePayload' | 'request'> {
  /** Sends more user messages into the session (multi-turn), in order. */
  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void>;
  /**
   * Ends the session: runs cleanup, rejects pending control requests, closes in-process MCP
   * servers and stops the CLI (stdin EOF, grace, SIGTERM, SIGKILL). Returns at once, as the
   * official `close()` does; {@link ExtendedQuery.closeAndWait} is the same with a promise to await.
   */
  close(): void;
}

/**
 * ccsdk extension: the {@link Query} that `query()`, `WarmQuery.query()` and `SpareProcess.claim()`
 * return, with members the official `Query` lacks. It is a `Query` wherever one is expected, and a
 * value typed with the official `Query` (a test double, say) still fits every parameter typed
 * `Query`, because the extensions live here and not on `Query`.
 */
export interface ExtendedQuery
  extends Query,
    Pick<
      ExtendedControlMethods,
      'generateSessionTitle' | 'getSettings' | 'enableRemoteControl' | 'mcpAuthenticate'
    > {
  /**
   * Sends any control request and resolves with the CLI's response payload: for subtypes a later
   * CLI adds before this SDK wraps them. Rejects with the CLI's error reply, on abort, on timeout
   * and when the query closes.
   */
  request<T = Record<string, unknown>>(subtype: string, payload?: Record<string, unknown>): Promise<T>;
  /**
   * {@link Query.close}, then settles when the CLI is gone, waiting at most `QUERY_CLOSE_WAIT_MS`
   * for the exit (the staged shutdown goes on past that bound). Never rejects.
   */
  closeAndWait(): Promise<void>;
  /** {@link ExtendedQuery.closeAndWait}, so that `await using q = query(...)` closes the query at the end of the block. */
  [Symbol.asyncDispose](): Promise<void>;
}

const MARKER = Symbol.for('@ccsdk/mcp-inproc.error');

/** Stable codes of {@link SdkMcpError}. Tests and callers branch on these, not on messages. */
export type SdkMcpErrorCode =
  /** `handle()` was called after `close()`, or the router closed while the message was in flight. */
  | 'ROUTER_CLOSED'
  /** The caller's `signal` aborted the message before the server answered. */
  | 'REQUEST_ABORTED'
  /** The in-memory MCP link is closed; nothing more can be sent over it. */
  | 'TRANSPORT_CLOSED'
  /** A message could not be serialized as JSON (a cycle, a BigInt) and was not delivered. */
  | 'NOT_SERIALIZABLE'
  /** The MCP server for an SDK server could not be built or connected. */
  | 'SESSION_FAILED';

/**
 * The one error class of `@ccsdk/mcp-inproc`. `code` says what went wrong; `cause` keeps the
 * underlying error. Use {@link SdkMcpError.isInstance} across package copies.
 *
 * Tool failures are not errors of this class: a handler that throws becomes an `isError` tool
 * result, and protocol problems become JSON-RPC error replies.
 */
export class SdkMcpError extends Error {
  /** What went wrong, as a stable code: branch on it, not on the message. */
  readonly code: SdkMcpErrorCode;
  /** The SDK MCP server involved, when there is one. */
  readonly serverName: string | undefined;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: { code: SdkMcpErrorCode; message: string; cause?: unknown; serverName?: string }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SdkMcpError';
    this.code = init.code;
    this.serverName = init.serverName;
  }

  /** True for any `SdkMcpError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is SdkMcpError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}

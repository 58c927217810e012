/** What a recorded request was: a Messages call, a token count, or anything else. */
export type RequestKind = 'messages' | 'count_tokens' | 'other';

/**
 * How the fake answered a recorded request: `script` (the next reply of the script, or the
 * function script's answer), `side` (the side reply), `exhausted` (an array script had no reply
 * left), `script_error` (the function script threw or returned a bad reply: 500), `rejected`
 * (bad body: 400 or 413), `fixed` (count_tokens, `/api/hello`, 404s).
 */
export type RequestOutcome = 'script' | 'side' | 'exhausted' | 'script_error' | 'rejected' | 'fixed';

/** One HTTP request the fake received, in arrival order. */
export interface RecordedRequest {
  /** Position in arrival order, from 0. */
  readonly index: number;
  readonly method: string;
  /** The path without the query string, e.g. `/v1/messages`. */
  readonly path: string;
  /** The request target as received, e.g. `/v1/messages?beta=true`. */
  readonly url: string;
  readonly query: Readonly<Record<string, string>>;
  /** Header names in lower case; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly kind: RequestKind;
  /** The body as text (UTF-8); empty when there was none or it was too large. */
  readonly rawBody: string;
  /** The body parsed as JSON; `undefined` when empty or not valid JSON. */
  readonly body: unknown;
  /** Why the body was refused (malformed JSON, not an object, too large); absent when fine. */
  readonly bodyError: string | undefined;
  /** `Date.now()` at arrival. */
  readonly receivedAt: number;
  /** How the fake answered; set once the answer is chosen. */
  readonly outcome: RequestOutcome | undefined;
  /** The HTTP status of the answer; set once the answer is chosen. */
  readonly status: number | undefined;
  /** True when the client closed the connection before the whole answer was sent. */
  readonly interrupted: boolean;
}

/** A `tool_result` block of the last user message, flattened for assertions. */
export interface RecordedToolResult {
  readonly toolUseId: string;
  /** True when the block carries `is_error: true` (the tool failed or was denied). */
  readonly isError: boolean;
  /** The result's text: the string content, or its text blocks joined with newlines. */
  readonly text: string;
  /** The raw `content` field. */
  readonly content: unknown;
}

/** A recorded `POST /v1/messages` with helpers computed from its body. */
export interface RecordedMessagesRequest extends RecordedRequest {
  readonly kind: 'messages';
  /** `body.model`, when a string. */
  readonly model: string | undefined;
  /** True when the client asked for SSE (`stream: true`). */
  readonly stream: boolean;
  /** `body.max_tokens`, when a number. */
  readonly maxTokens: number | undefined;
  /** `body.messages`, or an empty list. May hold `role: "system"` entries (the CLI sends them). */
  readonly messages: readonly unknown[];
  /** True when `body.tools` is a non-empty array. */
  readonly hasTools: boolean;
  /** The `name` of each tool offered. */
  readonly toolNames: readonly string[];
  /** `body.system` as text: the string, or its text blocks joined with newlines. */
  readonly systemText: string;
  /**
   * The text of the last `role: "user"` message: its string content, or its text blocks joined
   * with newlines, leaving out blocks that start with `<system-reminder>` (the CLI's context
   * preamble). Empty for a message that only carries tool results.
   */
  readonly lastUserText: string;
  /** The `tool_result` blocks of the last user message. */
  readonly toolResults: readonly RecordedToolResult[];
  /** Whether the main-request rule counted this as a conversation turn (see `isMainRequest`). */
  readonly isMain: boolean;
}

import { type Block, describe } from './blocks.js';

/** Why the scripted model stopped. Defaults to `tool_use` when a tool_use block is present, else `end_turn`. */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'pause_turn' | 'refusal';

/** Token counts reported with a reply. Missing fields are estimated from the request and the reply. */
export interface ReplyUsage {
  readonly input_tokens?: number;
  readonly output_tokens?: number;
  readonly cache_creation_input_tokens?: number;
  readonly cache_read_input_tokens?: number;
}

/** A successful scripted reply: the assistant message's blocks and how to deliver them. */
export interface ContentReply {
  readonly content: readonly Block[];
  readonly stopReason?: StopReason;
  /** The model named in the reply; defaults to the model the request asked for. */
  readonly model?: string;
  readonly usage?: ReplyUsage;
  /** Milliseconds to wait before the first byte of the response. */
  readonly delayMs?: number;
  /** Milliseconds to wait between two SSE events (streaming only), so a test can interrupt mid-reply. */
  readonly chunkDelayMs?: number;
}

/**
 * A scripted API failure, answered with `status` and the API's error body
 * `{type:'error', error:{type, message}}`. `type` defaults from the status (429
 * `rate_limit_error`, 500 `api_error`, 529 `overloaded_error`, ...).
 */
export interface ErrorReply {
  readonly error: { readonly status: number; readonly type?: string; readonly message?: string };
  /** Sent as the `retry-after` header when set. */
  readonly retryAfterSeconds?: number;
  /** Milliseconds to wait before answering. */
  readonly delayMs?: number;
}

/** One answer of the fake model to one request. */
export type Reply = ContentReply | ErrorReply;

/** True when the reply is an {@link ErrorReply}. */
export function isErrorReply(value: Reply): value is ErrorReply {
  return 'error' in value;
}

/** Builds a {@link ContentReply} from blocks; pass options (`stopReason`, delays) with a spread if needed. */
export function reply(...blocks: Block[]): ContentReply {
  return { content: blocks };
}

/**
 * Builds an {@link ErrorReply}. `status` is an HTTP status from 400 to 599 (429 rate limit,
 * 500 server error, 529 overloaded are the ones the CLI retries).
 */
export function apiError(
  status: number,
  options: { type?: string; message?: string; retryAfterSeconds?: number } = {},
): ErrorReply {
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new TypeError(`apiError() expects an HTTP error status from 400 to 599, got ${describe(status)}`);
  }
  const error = { status, ...(options.type === undefined ? {} : { type: options.type }) };
  return {
    error: options.message === undefined ? error : { ...error, message: options.message },
    ...(options.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: options.retryAfterSeconds }),
  };
}

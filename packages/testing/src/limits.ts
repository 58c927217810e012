/**
 * Named limits of the fake Messages API. Each one is a default; the options of
 * `startFakeMessagesApi` override the ones a test may need to change.
 */

/** Largest request body the fake accepts; a bigger body gets a 413 `request_too_large` error. */
export const DEFAULT_MAX_REQUEST_BODY_BYTES = 64 * 1024 * 1024;

/** How long `waitForRequest` waits when no timeout is given. */
export const DEFAULT_WAIT_TIMEOUT_MS = 10_000;

/** Into how many `text_delta` / `thinking_delta` pieces a streamed block is split (at most). */
export const TEXT_DELTA_PIECES = 3;

/** Into how many `input_json_delta` pieces a streamed tool input is split (at most). */
export const INPUT_JSON_DELTA_PIECES = 3;

/** A request whose `max_tokens` is at most this is a probe (quota check), never a conversation turn. */
export const PROBE_MAX_TOKENS = 1;

/** A rough tokenizer: one token per this many characters of request text. */
export const CHARS_PER_TOKEN = 4;

/** The longest delay a reply may ask for, so a typo cannot hang a test run. */
export const MAX_REPLY_DELAY_MS = 10 * 60 * 1000;

import { PROBE_MAX_TOKENS } from './limits.js';
import { isRecord } from './message-helpers.js';
import type { RecordedMessagesRequest } from './recorded-request.js';

/**
 * The default rule that tells a conversation turn (a "main" request, which consumes the
 * script) from a side request (answered with the side reply). Built from what Claude Code
 * 2.1.332 sends:
 *
 * - a turn of the agent loop always offers tools (`tools` is a non-empty array): main;
 * - a probe with `max_tokens` of at most {@link PROBE_MAX_TOKENS}: side;
 * - a request that asks for structured output (`output_config.format`, e.g. the session title
 *   generation, which sends `tools: []` and the first prompt wrapped in `<session>` tags): side;
 * - otherwise (no tools, as with `--tools ""`): main when the last user message carries text or
 *   tool results, side when it carries nothing.
 *
 * A request with a refused body is never main. Override with the `isMainRequest` option.
 */
export function defaultIsMainRequest(request: RecordedMessagesRequest): boolean {
  if (request.bodyError !== undefined) return false;
  if (request.hasTools) return true;
  if (request.maxTokens !== undefined && request.maxTokens <= PROBE_MAX_TOKENS) return false;
  if (asksForStructuredOutput(request.body)) return false;
  return request.lastUserText.trim().length > 0 || request.toolResults.length > 0;
}

/** True when the body sets `output_config.format` (a JSON-schema answer, as side tasks ask for). */
export function asksForStructuredOutput(body: unknown): boolean {
  if (!isRecord(body)) return false;
  const config = body['output_config'];
  return isRecord(config) && config['format'] !== undefined && config['format'] !== null;
}

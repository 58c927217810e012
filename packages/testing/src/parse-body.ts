import { isRecord } from './message-helpers.js';

/** A parsed request body, or why it was refused. */
export interface ParsedBody {
  readonly body: unknown;
  readonly error: string | undefined;
}

/**
 * Parses a Messages or count_tokens body. Refuses (with a reason, never a throw) an empty body,
 * malformed JSON, a non-object, and an object without a `messages` array. A refused body that
 * was valid JSON is still returned, for the record.
 */
export function parseBody(text: string): ParsedBody {
  if (text.length === 0) return { body: undefined, error: 'request body is empty' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return {
      body: undefined,
      error: `malformed JSON body: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!isRecord(body)) return { body, error: 'request body must be a JSON object' };
  if (!Array.isArray(body['messages'])) return { body, error: 'field "messages" must be an array' };
  return { body, error: undefined };
}

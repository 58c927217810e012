import { CHARS_PER_TOKEN } from './limits.js';

/**
 * A rough token count of a Messages request body: the characters of its `system`, `messages`
 * and `tools` as JSON, divided by {@link CHARS_PER_TOKEN}, at least 1. Good enough for the
 * CLI's context-usage figures; never a real tokenizer.
 */
export function roughTokenCount(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 1;
  const record = body as Record<string, unknown>;
  let chars = 0;
  for (const key of ['system', 'messages', 'tools']) {
    const value = record[key];
    if (value !== undefined) chars += JSON.stringify(value).length;
  }
  return Math.max(1, Math.ceil(chars / CHARS_PER_TOKEN));
}

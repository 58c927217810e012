import { describe } from './blocks.js';
import { MAX_REPLY_DELAY_MS } from './limits.js';
import type { Reply } from './reply.js';

const STOP_REASONS = new Set([
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'pause_turn',
  'refusal',
]);

/**
 * Checks that `value` is a well-formed {@link Reply} and returns it. Throws a `TypeError` naming
 * `where` (e.g. `script[2]`) and quoting the bad part, so a broken script fails loudly.
 */
export function validateReply(value: unknown, where: string): Reply {
  if (!isRecord(value)) throw new TypeError(`${where} must be a reply object, got ${describe(value)}`);
  checkDelay(value['delayMs'], `${where}.delayMs`);
  if ('error' in value) {
    const error = value['error'];
    if (!isRecord(error)) throw new TypeError(`${where}.error must be an object, got ${describe(error)}`);
    const status = error['status'];
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
      throw new TypeError(
        `${where}.error.status must be an HTTP error status (400-599), got ${describe(status)}`,
      );
    }
    checkOptionalString(error['type'], `${where}.error.type`);
    checkOptionalString(error['message'], `${where}.error.message`);
    const retry = value['retryAfterSeconds'];
    if (retry !== undefined && (typeof retry !== 'number' || !Number.isFinite(retry) || retry < 0)) {
      throw new TypeError(`${where}.retryAfterSeconds must be a number >= 0, got ${describe(retry)}`);
    }
    return value as unknown as Reply;
  }
  const content = value['content'];
  if (!Array.isArray(content)) {
    throw new TypeError(`${where} needs a content array or an error, got ${describe(value)}`);
  }
  for (const [index, block] of content.entries()) checkBlock(block, `${where}.content[${index}]`);
  const stopReason = value['stopReason'];
  if (stopReason !== undefined && !STOP_REASONS.has(stopReason as string)) {
    throw new TypeError(
      `${where}.stopReason must be one of ${[...STOP_REASONS].join(', ')}, got ${describe(stopReason)}`,
    );
  }
  checkOptionalString(value['model'], `${where}.model`);
  checkDelay(value['chunkDelayMs'], `${where}.chunkDelayMs`);
  const usage = value['usage'];
  if (usage !== undefined) {
    if (!isRecord(usage)) throw new TypeError(`${where}.usage must be an object, got ${describe(usage)}`);
    for (const [key, count] of Object.entries(usage)) {
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
        throw new TypeError(`${where}.usage.${key} must be an integer >= 0, got ${describe(count)}`);
      }
    }
  }
  return value as unknown as Reply;
}

function checkBlock(block: unknown, where: string): void {
  if (!isRecord(block)) throw new TypeError(`${where} must be a block object, got ${describe(block)}`);
  switch (block['type']) {
    case 'text':
      if (typeof block['text'] !== 'string')
        throw new TypeError(`${where}.text must be a string, got ${describe(block['text'])}`);
      return;
    case 'thinking':
      if (typeof block['thinking'] !== 'string') {
        throw new TypeError(`${where}.thinking must be a string, got ${describe(block['thinking'])}`);
      }
      checkOptionalString(block['signature'], `${where}.signature`);
      return;
    case 'tool_use': {
      if (typeof block['name'] !== 'string' || block['name'].length === 0) {
        throw new TypeError(`${where}.name must be a non-empty string, got ${describe(block['name'])}`);
      }
      const input = block['input'];
      if (!isRecord(input)) throw new TypeError(`${where}.input must be an object, got ${describe(input)}`);
      checkOptionalString(block['id'], `${where}.id`);
      return;
    }
    default:
      throw new TypeError(`${where}.type must be text, thinking or tool_use, got ${describe(block['type'])}`);
  }
}

function checkDelay(value: unknown, where: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_REPLY_DELAY_MS) {
    throw new TypeError(
      `${where} must be a number of milliseconds from 0 to ${MAX_REPLY_DELAY_MS}, got ${describe(value)}`,
    );
  }
}

function checkOptionalString(value: unknown, where: string): void {
  if (value !== undefined && typeof value !== 'string') {
    throw new TypeError(`${where} must be a string, got ${describe(value)}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

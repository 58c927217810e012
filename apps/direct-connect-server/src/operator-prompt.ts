import { type SystemPromptFields, systemPromptFields } from '@ccsdk/control-protocol';
import type { SharedCliOptions } from './subprocess-cli-link.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });
/** The bytes every `initialize` request line holds; lines without them are passed on unread. */
const INITIALIZE_BYTES = Buffer.from('"initialize"');

/** The `initialize` keys that name a prompt: a client line with one keeps its own. */
const PROMPT_KEYS = ['systemPrompt', 'appendSystemPrompt'] as const;

/**
 * The operator's system prompt (the server's `cli.systemPrompt`), carried to each session's CLI
 * in the client's `initialize` request instead of on the CLI's command line, as `@ccsdk/sdk`
 * sends a prompt: no 128 KiB argument limit, not in `ps`. A client whose `initialize` names a
 * prompt of its own (`systemPrompt` or `appendSystemPrompt`) keeps it, as it would over a prompt
 * given on the command line. Only the first `initialize` line is read; every other line is passed
 * on as the bytes received.
 */
export class OperatorPrompt {
  readonly #fields: SystemPromptFields;
  #seenInitialize = false;

  /** One session's injector of `fields` (see {@link OperatorPrompt.fieldsOf}). */
  constructor(fields: SystemPromptFields) {
    this.#fields = fields;
  }

  /**
   * The `initialize` fields of the operator prompt of `cli`, when it carries one the CLI should not
   * read from argv: a `systemPrompt` other than the bare preset (a `systemPromptFile` stays a
   * flag). Undefined otherwise. Throws the option's `TypeError` for a form the official types do
   * not have.
   */
  static fieldsOf(cli: SharedCliOptions): SystemPromptFields | undefined {
    if (cli.systemPrompt === undefined || cli.systemPromptFile !== undefined) return undefined;
    const fields = systemPromptFields(cli);
    return Object.keys(fields).length === 0 ? undefined : fields;
  }

  /** The client's line as the CLI should get it. */
  rewrite(line: Uint8Array): Uint8Array {
    if (this.#seenInitialize || !includesBytes(line, INITIALIZE_BYTES)) return line;
    let message: unknown;
    try {
      message = JSON.parse(decoder.decode(line));
    } catch {
      return line;
    }
    const request = initializeRequestOf(message);
    if (request === undefined) return line;
    this.#seenInitialize = true;
    if (PROMPT_KEYS.some((key) => key in request)) return line;
    Object.assign(request, this.#fields);
    return encoder.encode(JSON.stringify(message));
  }
}

function initializeRequestOf(message: unknown): Record<string, unknown> | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, request } = message as { type?: unknown; request?: unknown };
  if (type !== 'control_request' || typeof request !== 'object' || request === null) return undefined;
  return (request as { subtype?: unknown }).subtype === 'initialize'
    ? (request as Record<string, unknown>)
    : undefined;
}

function includesBytes(haystack: Uint8Array, needle: Buffer): boolean {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).includes(needle);
}

import { describe } from './blocks.js';
import { DEFAULT_MAX_REQUEST_BODY_BYTES } from './limits.js';
import { defaultIsMainRequest } from './main-request-rule.js';
import type { RecordedMessagesRequest } from './recorded-request.js';
import type { Reply } from './reply.js';
import type { Script, ScriptFunction } from './script-player.js';
import { defaultSideReply } from './side-reply.js';
import { validateReply } from './validate-reply.js';

/** Options of {@link startFakeMessagesApi}. */
export interface FakeMessagesApiOptions {
  /**
   * The scripted model. An array of replies is consumed in order by main requests (when it runs
   * out the fake answers "(script exhausted)" and sets `scriptExhausted`); a function is called
   * with each main request. Side requests never reach the script.
   */
  readonly script: Script;
  /** The answer to side requests (title generation, probes): a reply or a function. Default {@link defaultSideReply}. */
  readonly sideReply?: Reply | ScriptFunction;
  /** Tells main requests from side requests. Default {@link defaultIsMainRequest}. */
  readonly isMainRequest?: (request: RecordedMessagesRequest) => boolean;
  /** TCP port on 127.0.0.1; default 0 (a free port). */
  readonly port?: number;
  /** Largest accepted request body; default {@link DEFAULT_MAX_REQUEST_BODY_BYTES}. */
  readonly maxRequestBodyBytes?: number;
}

/** Options with defaults filled in, after validation. */
export interface ResolvedFakeMessagesApiOptions {
  readonly script: Script;
  readonly sideReply: Reply | ScriptFunction;
  readonly isMainRequest: (request: RecordedMessagesRequest) => boolean;
  readonly port: number;
  readonly maxRequestBodyBytes: number;
}

/**
 * Validates the options eagerly, array replies included, and fills the defaults. Throws a
 * `TypeError` that quotes the bad value.
 */
export function resolveFakeMessagesApiOptions(
  options: FakeMessagesApiOptions,
): ResolvedFakeMessagesApiOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`startFakeMessagesApi() expects an options object, got ${describe(options)}`);
  }
  const { script, sideReply = defaultSideReply, isMainRequest = defaultIsMainRequest } = options;
  if (Array.isArray(script)) {
    for (const [index, entry] of script.entries()) validateReply(entry, `options.script[${index}]`);
  } else if (typeof script !== 'function') {
    throw new TypeError(`options.script must be an array of replies or a function, got ${describe(script)}`);
  }
  if (typeof sideReply !== 'function') validateReply(sideReply, 'options.sideReply');
  if (typeof isMainRequest !== 'function') {
    throw new TypeError(`options.isMainRequest must be a function, got ${describe(isMainRequest)}`);
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`options.port must be an integer from 0 to 65535, got ${describe(port)}`);
  }
  const maxRequestBodyBytes = options.maxRequestBodyBytes ?? DEFAULT_MAX_REQUEST_BODY_BYTES;
  if (!Number.isSafeInteger(maxRequestBodyBytes) || maxRequestBodyBytes < 1) {
    throw new TypeError(
      `options.maxRequestBodyBytes must be a positive integer, got ${describe(maxRequestBodyBytes)}`,
    );
  }
  return { script, sideReply, isMainRequest, port, maxRequestBodyBytes };
}

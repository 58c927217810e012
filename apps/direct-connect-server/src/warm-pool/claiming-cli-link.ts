import { randomUUID } from 'node:crypto';
import { CLAIM_SESSION_SUBTYPE, claimSessionRequest } from '@ccsdk/transport-subprocess';
import type { CliLink, CliLinkExit, CliLinkParams, TranscriptMirrorFrame } from '../cli-link.js';
import { WARM_CLAIM_TIMEOUT_MS } from './limits.js';
import type { SpareConfig } from './spare-config.js';
import type { WarmPool } from './warm-pool.js';
import type { WarmSpare } from './warm-spare.js';

const utf8 = new TextDecoder('utf-8', { fatal: false });
const encoder = new TextEncoder();

/**
 * The link a pooled session gets. `start()` takes a ready spare from the pool and sends it
 * `claim_session` (the session's `cwd`, `include_initialize: false`); the claim's answer is kept
 * from the client, and so is whatever the spare wrote while parked. From then on it is a plain
 * raw-line link: the client's own `initialize` is the first thing the CLI hears from it, so its
 * hooks, in-process MCP servers, agents and `canUseTool` take effect exactly as on a cold CLI
 * (checked against CLI 2.1.332). With no ready spare, a refused or late claim, or a spare that
 * died, it starts the cold link from `cold()` instead.
 */
export class ClaimingCliLink implements CliLink {
  onLine?: (line: Uint8Array) => void;
  onTranscriptMirror?: (frame: TranscriptMirrorFrame) => void;
  onWarning?: (error: Error) => void;
  onExit?: (exit: CliLinkExit) => void;

  readonly #pool: WarmPool;
  readonly #config: SpareConfig;
  readonly #params: CliLinkParams;
  readonly #cold: () => CliLink;
  readonly #timeoutMs: number;
  #inner: CliLink | undefined;
  #claimedSpare: WarmSpare | undefined;
  #closed = false;

  constructor(init: {
    pool: WarmPool;
    config: SpareConfig;
    params: CliLinkParams;
    cold: () => CliLink;
    claimTimeoutMs?: number;
  }) {
    this.#pool = init.pool;
    this.#config = init.config;
    this.#params = init.params;
    this.#cold = init.cold;
    this.#timeoutMs = init.claimTimeoutMs ?? WARM_CLAIM_TIMEOUT_MS;
  }

  /** True when the session runs on a claimed spare (not a cold CLI). */
  get pooled(): boolean {
    return this.#claimedSpare !== undefined;
  }

  async start(): Promise<void> {
    const spare = this.#pool.take(this.#config);
    if (spare !== undefined) {
      const refusal = await this.#claim(spare);
      if (refusal === undefined) {
        this.#pool.claimSucceeded(spare);
        this.#claimedSpare = spare;
        if (this.#closed) await this.#closeStartedLink();
        return;
      }
      this.#pool.claimFailed(spare, refusal);
    }
    if (this.#closed) throw new Error('The session was closed while its CLI was being claimed.');
    const cold = this.#cold();
    cold.onLine = (line) => this.onLine?.(line);
    if (this.onTranscriptMirror !== undefined) {
      cold.onTranscriptMirror = (frame) => this.onTranscriptMirror?.(frame);
    }
    cold.onWarning = (error) => this.onWarning?.(error);
    cold.onExit = (exit) => this.onExit?.(exit);
    this.#inner = cold;
    await cold.start();
  }

  sendLine(line: Uint8Array): Promise<void> {
    return this.#started().sendLine(line);
  }

  endInput(): Promise<void> {
    return this.#inner?.endInput() ?? Promise.resolve();
  }

  close(): Promise<void> {
    this.#closed = true;
    return this.#inner?.close() ?? Promise.resolve();
  }

  /** A close that came while the claim was in flight: the claimed process ends now. */
  async #closeStartedLink(): Promise<void> {
    await this.#inner?.close();
    throw new Error('The session was closed while its CLI was being claimed.');
  }

  #started(): CliLink {
    if (this.#inner === undefined) throw new Error('The link has not started.');
    return this.#inner;
  }

  /**
   * Hands the spare over and claims it for `params.cwd`. Resolves with `undefined` once the CLI
   * answered `status: 'ok'`, else with why not (then the spare is the pool's to end).
   */
  #claim(spare: WarmSpare): Promise<string | undefined> {
    const requestId = `warm-claim-${randomUUID()}`;
    const marker = encoder.encode(requestId);
    let settle: (refusal: string | undefined) => void = () => {};
    const answered = new Promise<string | undefined>((resolve) => {
      settle = resolve;
    });
    let claimed = false;
    const link = spare.handOff({
      onLine: (line) => {
        if (claimed) {
          this.onLine?.(line);
          return;
        }
        if (!contains(line, marker)) return;
        const verdict = readClaimAnswer(line, requestId);
        if (verdict === undefined) return;
        if (verdict === 'ok') claimed = true;
        settle(verdict === 'ok' ? undefined : verdict.refused);
      },
      ...(this.onTranscriptMirror === undefined
        ? {}
        : {
            onTranscriptMirror: (frame: TranscriptMirrorFrame) => {
              if (claimed) this.onTranscriptMirror?.(frame);
            },
          }),
      onWarning: (error) => this.onWarning?.(error),
      onExit: (exit) => {
        this.#pool.released(spare);
        if (claimed) this.onExit?.(exit);
        else settle(`spare exited (code ${String(exit.exitCode)}, signal ${String(exit.signal)})`);
      },
    });
    const request = {
      type: 'control_request',
      request_id: requestId,
      request: {
        subtype: CLAIM_SESSION_SUBTYPE,
        ...claimSessionRequest({ cwd: this.#params.cwd, includeInitialize: false }),
      },
    };
    link.claimed?.();
    link.sendLine(encoder.encode(JSON.stringify(request))).catch((error: unknown) => {
      settle(`claim could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    });
    const timer = setTimeout(() => settle(`no claim answer within ${this.#timeoutMs} ms`), this.#timeoutMs);
    timer.unref();
    return answered.then((refusal) => {
      clearTimeout(timer);
      if (refusal === undefined) this.#inner = link;
      return refusal;
    });
  }
}

/**
 * Reads a line as the answer to the claim `requestId`: `'ok'` for `status: 'ok'`, the refusal
 * (the CLI's reason) otherwise, `undefined` when the line is not that answer (another line that
 * happens to hold the id is not one).
 */
export function readClaimAnswer(line: Uint8Array, requestId: string): 'ok' | { refused: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(line));
  } catch {
    return undefined;
  }
  const message = value as {
    type?: unknown;
    response?: { subtype?: unknown; request_id?: unknown; error?: unknown; response?: unknown };
  } | null;
  const response = message?.response;
  if (message?.type !== 'control_response' || response?.request_id !== requestId) return undefined;
  if (response.subtype === 'error') return { refused: `claim refused: ${String(response.error)}` };
  const body = response.response as { status?: unknown; reason?: unknown; message?: unknown } | undefined;
  if (body?.status === 'ok') return 'ok';
  const detail = typeof body?.message === 'string' ? ` (${body.message})` : '';
  return { refused: `claim refused: ${String(body?.reason ?? body?.status ?? 'no status')}${detail}` };
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  const bytes = Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength);
  return bytes.includes(Buffer.from(needle.buffer, needle.byteOffset, needle.byteLength));
}

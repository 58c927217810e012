import { rm } from 'node:fs/promises';
import { CLAIM_SESSION_SUBTYPE } from '@ccsdk/transport-subprocess';
import type { InitializationResult } from '../control/initialization.js';
import { SdkError } from '../errors/sdk-error.js';
import { checkPrompt } from '../query/query.js';
import type { QueryRun } from '../query/query-run.js';
import type { ExtendedQuery, Prompt } from '../query/query-types.js';
import { buildClaimRequest, type ClaimOptions, checkClaimOptions } from './claim-options.js';
import { ClaimedQuery } from './claimed-query.js';
import { type ClaimInfo, PrewarmError } from './prewarm-error.js';
import type { SentRequests } from './watch-transport.js';

/** The `claim_session` answer of CLI 2.1.332 (snake_case, `status: 'ok'` on success). */
interface ClaimAnswer {
  status?: string;
  reason?: string;
  message?: string;
  error?: string;
  cwd?: string;
  session_id?: string;
  parked_ms?: number;
  sdk_mcp_settled?: boolean;
  initialize?: InitializationResult;
}

/**
 * A started, initialized CLI waiting (`--await-claim`) for the session it will serve, from
 * {@link prewarm}. `claim()` binds it to a folder and sends the first prompt; single use.
 */
export interface SpareProcess extends AsyncDisposable {
  /**
   * Binds the spare to a session and returns its Query at once (as `query()` does). The claim,
   * then `model`/`maxThinkingTokens`, then the prompt are sent in that order; a `settings`
   * overlay is applied first. Throws on a second call, after `close()`, after the spare exited,
   * or when `settings` carries a hook key (then nothing was sent and the spare stays parked).
   */
  claim(params: { prompt: Prompt; options: ClaimOptions }): ExtendedQuery;
  /** Settles when the CLI answered the claim; rejects with a `PrewarmError` saying why not. */
  readonly claimed: Promise<ClaimInfo>;
  /** Settles when the spare's process has exited, claimed or not. */
  readonly exited: Promise<void>;
  /** Ends the spare (before a claim) or the claimed session (after one). */
  close(): void;
}

/** The {@link SpareProcess} behind `prewarm()`, around a started, initialized run. */
export class Spare implements SpareProcess {
  readonly claimed: Promise<ClaimInfo>;
  readonly exited: Promise<void>;
  readonly #run: QueryRun;
  readonly #sdkMcpServers: readonly string[];
  readonly #parkingDir: string | undefined;
  readonly #sent: SentRequests;
  #settle: { resolve: (info: ClaimInfo) => void; reject: (error: unknown) => void } | undefined;
  #used = false;
  #gone: 'exited' | 'closed' | undefined;

  constructor(init: {
    run: QueryRun;
    exited: Promise<void>;
    sent: SentRequests;
    sdkMcpServers: readonly string[];
    parkingDir?: string;
  }) {
    this.#run = init.run;
    this.#sent = init.sent;
    this.#sdkMcpServers = init.sdkMcpServers;
    this.#parkingDir = init.parkingDir;
    this.claimed = new Promise<ClaimInfo>((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    this.claimed.catch(() => {});
    this.exited = init.exited.then(async () => {
      this.#gone ??= 'exited';
      this.#fail(
        new PrewarmError({
          reason: 'SPARE_EXITED',
          message: 'spare_exited: the spare process exited before a claim.',
        }),
      );
      if (this.#parkingDir !== undefined)
        await rm(this.#parkingDir, { recursive: true, force: true }).catch(() => {});
    });
  }

  claim(params: { prompt: Prompt; options: ClaimOptions }): ExtendedQuery {
    if (this.#used || this.#gone !== undefined) {
      throw new SdkError({
        code: 'QUERY_CLOSED',
        message: this.#used
          ? 'This spare was already claimed; a spare serves one session. Call prewarm() again.'
          : `This spare is ${this.#gone}; call prewarm() again or start the session with query().`,
      });
    }
    checkPrompt(params?.prompt);
    checkClaimOptions(params.options);
    this.#used = true;
    const query = new ClaimedQuery(this.#run);
    query.describeWith(this.#bind(params.prompt, params.options, query));
    return query;
  }

  close(): void {
    this.#gone ??= 'closed';
    this.#fail(
      new PrewarmError({
        reason: 'SPARE_CLOSED',
        message: 'spare_closed: the spare was closed before a claim.',
      }),
    );
    void this.#run.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    this.close();
    return this.exited;
  }

  /**
   * Overlay first (its refusal stops everything), then the claim, the per-session options and
   * the prompt back to back in that order, without waiting for answers: the CLI reads stdin in
   * order, so the turn starts with no extra round trip. Resolves with the claimed session's
   * description (the claim's `initialize` answer).
   */
  async #bind(prompt: Prompt, options: ClaimOptions, query: ClaimedQuery): Promise<InitializationResult> {
    const run = this.#run;
    try {
      if (options.settings !== undefined) {
        await run.applyFlagSettings(options.settings).catch((cause: unknown) => {
          throw new PrewarmError({
            reason: 'SETTINGS_NOT_APPLIED',
            message: `settings_not_applied: ${messageOf(cause)}`,
            cause,
          });
        });
      }
      const claimSent = this.#sent.next(CLAIM_SESSION_SUBTYPE);
      const claiming = run.request<ClaimAnswer>(
        CLAIM_SESSION_SUBTYPE,
        buildClaimRequest(options, this.#sdkMcpServers),
      );
      claiming.catch(() => {});
      await claimSent;
      const perSession = this.#applySessionOptions(options);
      await perSession.sent;
      run.sendPrompt(prompt);
      const answer = await claiming.catch((cause: unknown) => {
        throw new PrewarmError({ reason: 'CLAIM_REFUSED', message: messageOf(cause), cause });
      });
      if (answer.status !== 'ok') {
        const reason = answer.reason ?? answer.status ?? 'claim_failed';
        const detail = answer.message ?? answer.error;
        throw new PrewarmError({
          reason: 'CLAIM_REFUSED',
          message: detail ? `${reason}: ${detail}` : reason,
        });
      }
      const info: ClaimInfo = {
        cwd: answer.cwd ?? options.cwd,
        sessionId: answer.session_id ?? '',
        ...(answer.parked_ms === undefined ? {} : { parkedMs: answer.parked_ms }),
        sdkMcpSettled: answer.sdk_mcp_settled === true,
      };
      const failures = await perSession.failures;
      if (failures.length > 0) {
        this.#fail(
          new PrewarmError({
            reason: 'OPTION_NOT_APPLIED',
            message: `option_not_applied: ${failures.join('; ')}`,
            claim: info,
          }),
        );
      } else {
        const settle = this.#settle;
        this.#settle = undefined;
        settle?.resolve(info);
      }
      return answer.initialize ?? (await run.initializationResult());
    } catch (error) {
      this.#fail(error);
      query.failWith(error);
      void run.close();
      throw error;
    }
  }

  /**
   * Sends `model` and `maxThinkingTokens` behind the claim: `sent` resolves once both are on the
   * wire, `failures` with what the CLI refused.
   */
  #applySessionOptions(options: ClaimOptions): { sent: Promise<void>; failures: Promise<string[]> } {
    const failures: string[] = [];
    const writes: Array<Promise<void>> = [];
    const answers: Array<Promise<void>> = [];
    const send = (subtype: string, label: string, call: () => Promise<unknown>): void => {
      writes.push(this.#sent.next(subtype));
      answers.push(
        call().then(
          () => undefined,
          (error: unknown) => {
            failures.push(`${label}: ${messageOf(error)}`);
          },
        ),
      );
    };
    const { model, maxThinkingTokens } = options;
    if (model !== undefined) send('set_model', 'model', () => this.#run.setModel(model));
    if (maxThinkingTokens !== undefined) {
      send('set_max_thinking_tokens', 'maxThinkingTokens', () =>
        this.#run.setMaxThinkingTokens(maxThinkingTokens),
      );
    }
    return {
      sent: Promise.all(writes).then(() => undefined),
      failures: Promise.all(answers).then(() => failures),
    };
  }

  #fail(error: unknown): void {
    const settle = this.#settle;
    this.#settle = undefined;
    settle?.reject(error);
  }
}

/** The CLI's own words for a refused request (its error text, e.g. `cwd_not_found: ...`), else the message. */
function messageOf(error: unknown): string {
  const body = error instanceof Error ? (error.cause as { error?: unknown } | undefined) : undefined;
  if (typeof body?.error === 'string') return body.error;
  return error instanceof Error ? error.message : String(error);
}

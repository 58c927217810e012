import { RETRY_AFTER_SECONDS } from '../limits.js';
import type { CreateRateLimiter } from './create-rate-limiter.js';
import type { TokenRegistry } from './token-registry.js';
import type { TokenSessionCounts } from './token-session-counts.js';

/** A create let through: `release` gives back its per-token slot (call it once the session is registered, or failed). */
export interface TokenAdmitted {
  readonly kind: 'admitted';
  readonly release: () => void;
}

/** A create refused for its token, with the HTTP answer. */
export interface TokenRefused {
  readonly kind: 'refused';
  readonly status: number;
  readonly code: 'token_session_limit' | 'rate_limited' | 'unauthorized';
  readonly message: string;
  readonly headers: Record<string, string>;
}

/**
 * The per-token checks of `POST /sessions`, in order: the token must still be held (a reload may
 * have removed it while the body was read: 401 `unauthorized`), its session cap (`maxSessions`:
 * 429 `token_session_limit`, `Retry-After` {@link RETRY_AFTER_SECONDS}), its create rate
 * (`createsPerMinute`/`createBurst`: 429 `rate_limited`, `Retry-After` until the next create).
 * A create refused by its cap does not spend its rate.
 */
export class TokenAdmission {
  readonly #tokens: TokenRegistry;
  readonly #counts: TokenSessionCounts;
  readonly #rate: CreateRateLimiter;

  constructor(tokens: TokenRegistry, counts: TokenSessionCounts, rate: CreateRateLimiter) {
    this.#tokens = tokens;
    this.#counts = counts;
    this.#rate = rate;
  }

  /** Lets one create of `principal` through, or says why not. */
  admit(principal: string): TokenAdmitted | TokenRefused {
    const entry = this.#tokens.entry(principal);
    if (entry === undefined) {
      return refused(401, 'unauthorized', 'A valid bearer token is required.', {
        'www-authenticate': 'Bearer',
      });
    }
    const release =
      entry.maxSessions === undefined ? () => undefined : this.#counts.reserve(principal, entry.maxSessions);
    if (release === undefined) {
      return refused(
        429,
        'token_session_limit',
        `This token holds its limit of ${entry.maxSessions} sessions; end one or try again later.`,
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      );
    }
    if (entry.createsPerMinute !== undefined && entry.createBurst !== undefined) {
      const decision = this.#rate.take(principal, entry.createsPerMinute, entry.createBurst);
      if (!decision.allowed) {
        release();
        return refused(
          429,
          'rate_limited',
          `This token creates at most ${entry.createsPerMinute} sessions a minute; try again in ${decision.retryAfterSeconds} s.`,
          { 'retry-after': String(decision.retryAfterSeconds) },
        );
      }
    }
    return { kind: 'admitted', release };
  }
}

function refused(
  status: number,
  code: TokenRefused['code'],
  message: string,
  headers: Record<string, string>,
): TokenRefused {
  return { kind: 'refused', status, code, message, headers };
}

import { hasLoadFrom } from '../load-from.js';
import { quote } from '../quote.js';
import { checkSessionStore } from '../store-probe.js';
import type { SessionStore, SessionStoreOptionalMethod } from '../types.js';
import type { SessionStoreContract } from './contract.js';
import { ContractContext, ContractSkipped } from './contract-context.js';
import { CORE_CONTRACTS } from './core-contracts.js';
import { DELETE_CONTRACTS } from './delete-contracts.js';
import { LISTING_CONTRACTS } from './listing-contracts.js';
import { LOAD_FROM_CONTRACTS } from './load-from-contracts.js';
import { DEDUPE_CONTRACTS, SUMMARY_CONTRACTS } from './summary-contracts.js';

/**
 * Every contract of the suite, in run order: the required methods (Python SDK contracts 1-6
 * plus the Ruby no-phantom rule), `listSessions`/`listSubkeys` (7, 8, 12, 13, Ruby 16),
 * `delete` (9-11, Ruby 15), `listSessionSummaries` (14, rows checked raw), the opt-in uuid
 * dedupe, and our `loadFrom` extension (for stores that have it). Use it to register one test
 * per contract in any framework.
 */
export const SESSION_STORE_CONTRACTS: readonly SessionStoreContract[] = [
  ...CORE_CONTRACTS,
  ...LISTING_CONTRACTS,
  ...DELETE_CONTRACTS,
  ...SUMMARY_CONTRACTS,
  ...DEDUPE_CONTRACTS,
  ...LOAD_FROM_CONTRACTS,
];

/** Makes a fresh store for one contract (sync or async). */
export type MakeSessionStore = () => SessionStore | Promise<SessionStore>;

/** Options of {@link runSessionStoreConformance} and {@link runSessionStoreContract}. */
export interface SessionStoreConformanceOptions {
  /** Optional methods to treat as absent even when the store has them. */
  skipOptional?: readonly SessionStoreOptionalMethod[];
  /** Also run the opt-in `uuid-dedupe` contract. Default `false`. */
  checkUuidDedupe?: boolean;
}

/** What happened to one contract. */
export type ContractOutcome =
  | {
      /** The contract held. */
      status: 'passed';
    }
  | {
      /** The contract was not run. */
      status: 'skipped';
      /** Why: usually an optional method the store lacks. */
      reason: string;
    };

/** Result of a whole run. Failures are thrown, so a returned report has none. */
export interface SessionStoreConformanceReport {
  /** Ids of the contracts that passed. */
  passed: string[];
  /** Contracts not run, with why. */
  skipped: {
    /** The contract's id. */
    contract: string;
    /** Why it was not run. */
    reason: string;
  }[];
}

const OPTIONAL_METHODS: readonly SessionStoreOptionalMethod[] = [
  'listSessions',
  'listSessionSummaries',
  'delete',
  'listSubkeys',
];

function checkOptions(options: SessionStoreConformanceOptions): Set<SessionStoreOptionalMethod> {
  const skip = options.skipOptional ?? [];
  if (!Array.isArray(skip) || skip.some((method) => !OPTIONAL_METHODS.includes(method))) {
    throw new TypeError(
      `skipOptional must list optional SessionStore methods (${OPTIONAL_METHODS.join(', ')}), got ${quote(skip)}`,
    );
  }
  if (options.checkUuidDedupe !== undefined && typeof options.checkUuidDedupe !== 'boolean') {
    throw new TypeError(`checkUuidDedupe must be a boolean, got ${quote(options.checkUuidDedupe)}`);
  }
  return new Set(skip);
}

/**
 * Runs one contract against a fresh store from `makeStore`. Resolves with `passed` or `skipped`
 * (an optional method it needs is absent, skipped by option, or throws a not-implemented error);
 * rejects with a `SessionStoreError` of code `CONFORMANCE_FAILED` naming the contract, or with
 * the adapter's own error when a call throws.
 */
export async function runSessionStoreContract(
  contract: SessionStoreContract,
  makeStore: MakeSessionStore,
  options: SessionStoreConformanceOptions = {},
): Promise<ContractOutcome> {
  const skip = checkOptions(options);
  if (contract.optIn === 'uuidDedupe' && options.checkUuidDedupe !== true) {
    return { status: 'skipped', reason: 'opt-in (checkUuidDedupe: true)' };
  }
  const store = checkSessionStore(await makeStore(), 'makeStore()');
  if (contract.extension === 'loadFrom' && !hasLoadFrom(store)) {
    return { status: 'skipped', reason: 'store has no loadFrom() (an extension)' };
  }
  const missing = contract.requires.find((method) => skip.has(method) || typeof store[method] !== 'function');
  if (missing !== undefined) return { status: 'skipped', reason: `store has no ${missing}()` };
  try {
    await contract.run(new ContractContext(store, contract.id, skip));
    return { status: 'passed' };
  } catch (error) {
    if (error instanceof ContractSkipped) {
      return { status: 'skipped', reason: `${error.method}() is not implemented` };
    }
    throw error;
  }
}

/**
 * Checks a {@link SessionStore} adapter against every contract of the SDK, framework-agnostic:
 * `makeStore` is called once per contract and must return an empty store (or one where random
 * project keys do not collide). Throws on the first failure (a `SessionStoreError` with code
 * `CONFORMANCE_FAILED` and `contract` set); resolves with the passed and skipped contracts.
 *
 * ```ts
 * import { runSessionStoreConformance } from '@ccsdk/session-store/conformance';
 * await runSessionStoreConformance(() => new MyStore());
 * ```
 */
export async function runSessionStoreConformance(
  makeStore: MakeSessionStore,
  options: SessionStoreConformanceOptions = {},
): Promise<SessionStoreConformanceReport> {
  if (typeof makeStore !== 'function') {
    throw new TypeError(`makeStore must be a function returning a SessionStore, got ${quote(makeStore)}`);
  }
  checkOptions(options);
  const report: SessionStoreConformanceReport = { passed: [], skipped: [] };
  for (const contract of SESSION_STORE_CONTRACTS) {
    const outcome = await runSessionStoreContract(contract, makeStore, options);
    if (outcome.status === 'passed') report.passed.push(contract.id);
    else report.skipped.push({ contract: contract.id, reason: outcome.reason });
  }
  return report;
}

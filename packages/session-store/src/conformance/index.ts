/**
 * `@ccsdk/session-store/conformance`: the adapter conformance suite. Everything exported here is
 * public; nothing else is. Framework-agnostic: run it as a whole, or one test per contract.
 */
export type { SessionStoreContract } from './contract.js';
export { ContractContext } from './contract-context.js';
export {
  type ContractOutcome,
  type MakeSessionStore,
  runSessionStoreConformance,
  runSessionStoreContract,
  SESSION_STORE_CONTRACTS,
  type SessionStoreConformanceOptions,
  type SessionStoreConformanceReport,
} from './run-session-store-conformance.js';

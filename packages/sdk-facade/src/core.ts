/**
 * Public API of `@ccsdk/sdk/core`: the official `core` entry's names. Its run-time exports are the
 * subset of the root listed below (the same subset as the official's); every type of the root is
 * exported too, as types only, so a program importing a type from `core` finds it there. The types
 * are re-exported wholesale (`export type *`, as the official entry does) so that this entry
 * cannot fall behind the root: tooling/compat checks every name against the official `core.d.ts`.
 */

export type * from './index.js';
export {
  AbortError,
  archiveSession,
  BUILTIN_TOOL_NAMES,
  createSdkMcpServer,
  deleteSession,
  EXIT_REASONS,
  filterEscalatingDefaultMode,
  getSessionInfo,
  HOOK_EVENTS,
  LEGACY_TOOL_NAME_ALIASES,
  matchDeniedModels,
  ORG_POLICY_LIMIT_PREFIXES,
  prewarm,
  query,
  renameSession,
  resolveSettings,
  SYSTEM_PROMPT_DYNAMIC_BOUNDARY,
  startup,
  tagSession,
  tool,
  USAGE_LIMIT_ERROR_PREFIXES,
  USAGE_TRANSITION_PREFIXES,
  USAGE_WARNING_PREFIXES,
  unarchiveSession,
} from './index.js';

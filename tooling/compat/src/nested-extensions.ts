import type { Subpath } from './subpaths.js';

/** One line `nestedKeyDifferences` (nested-keys.ts) gives on purpose, with its reason. */
export interface NestedExtension {
  /** The line as the walk names it: `path: +key, +key`. */
  readonly finding: string;
  readonly why: string;
  /** The official entry it is found under; absent for the root. */
  readonly subpath?: Subpath;
}

/** The session calls' options: ours take the config dir to read, the official reads `CLAUDE_CONFIG_DIR` only. */
const CONFIG_DIR = 'the session calls take `configDir` (else `CLAUDE_CONFIG_DIR`, else ~/.claude)';
/** The session reads' options: ours report what they skipped. */
const CONFIG_DIR_AND_WARNINGS = `${CONFIG_DIR}, and \`onWarning\` for each line skipped`;
/** What `tool()` and `createSdkMcpServer()` take and give in both entries. */
const TOOL_EXTENSIONS: readonly Omit<NestedExtension, 'subpath'>[] = [
  {
    finding: 'createSdkMcpServer(0).tools[]: +title, +outputSchema, +timeoutMs',
    why: 'a server takes the ExtendedSdkMcpToolDefinition tool() makes',
  },
  {
    finding: 'createSdkMcpServer(0): +resources, +prompts',
    why: 'a server also serves resources and prompts (in the browser they throw)',
  },
  {
    finding: 'tool(): +title, +outputSchema, +timeoutMs',
    why: 'tool() returns an ExtendedSdkMcpToolDefinition',
  },
  {
    finding: 'tool(4): +title, +outputSchema, +timeoutMs, +maxResultSizeChars, +_meta',
    why: "tool()'s extras take the extension's members, the CLI's result size limit and the listing's `_meta`",
  },
];

/**
 * Keys ours adds on purpose below an official export, as `nestedKeyDifferences` (nested-keys.ts)
 * names them: in what our functions take (extension options a program written against the
 * official never passes) and in what they give back (extension members it never reads), so a
 * program typed against the official compiles against ours. None lacks an official key. The walk
 * names a pair of types once, at the first path it reaches it by: `archiveSession(1)` stands for
 * every call taking the same options, and `prewarm(0).options` for `query()` and `startup()`.
 * `nested-keys.test.ts` expects exactly these lines, so a stale one fails as surely as a new key;
 * `packages/sdk-facade/README.md` lists the same extensions for users.
 */
export const NESTED_EXTENSIONS: readonly NestedExtension[] = [
  {
    finding:
      'SpareProcess.claim(): +request, +closeAndWait, +generateSessionTitle, +getSettings, +enableRemoteControl, +mcpAuthenticate',
    why: 'claim() resolves to an ExtendedQuery: request(), closeAndWait() and the four methods the official query has undeclared',
  },
  { finding: 'archiveSession(1): +configDir', why: CONFIG_DIR },
  { finding: 'forkSession(1): +configDir', why: CONFIG_DIR },
  { finding: 'getSessionInfo(1): +configDir', why: CONFIG_DIR },
  { finding: 'listSessions(0): +configDir', why: CONFIG_DIR },
  { finding: 'listSubagents(1): +configDir', why: CONFIG_DIR },
  { finding: 'getSessionMessages(1): +onWarning, +configDir', why: CONFIG_DIR_AND_WARNINGS },
  { finding: 'getSubagentMessages(2): +onWarning, +configDir', why: CONFIG_DIR_AND_WARNINGS },
  {
    finding: 'importSessionToStore(2): +configDir, +onWarning',
    why: `ExtendedImportSessionToStoreOptions: ${CONFIG_DIR_AND_WARNINGS}`,
  },
  {
    finding: 'prewarm(0).options.hooks.PreToolUse[]: +timeoutMs',
    why: "ExtendedHookCallbackMatcher: a matcher's time limit in milliseconds (every hook event's matcher)",
  },
  {
    finding:
      'prewarm(0).options: +signal, +transport, +initializeTimeoutMs, +onWarning, +advisorModel, +resolveFrom, +maxLineBytes, +rawLines, +closeGraceMs, +killAfterMs, +stderrTailBytes, +bare, +debugCategories, +mcpConfig, +systemPromptFile',
    why: 'ExtendedOptions, what query(), startup() and prewarm() take: the transport, its tuning and a few CLI flags',
  },
  {
    finding: 'resolveSettings(): +errors',
    why: 'resolves to an ExtendedResolvedSettings: the files it skipped',
  },
  {
    finding: 'resolveSettings(0): +managedSettingsDir, +env, +sandbox, +settings, +onWarning',
    why: 'ExtendedResolveSettingsOptions',
  },
  {
    finding: 'startup(): +initialization',
    why: "resolves to an ExtendedWarmQuery: the CLI's initialize answer",
  },
  ...TOOL_EXTENSIONS,
  ...TOOL_EXTENSIONS.map((extension): NestedExtension => ({ ...extension, subpath: 'browser' })),
];

/** The lines `nestedKeyDifferences` (nested-keys.ts) is expected to give for `subpath` (the root when absent), sorted as it sorts them. */
export function expectedNestedFindings(subpath?: Subpath): string[] {
  return NESTED_EXTENSIONS.filter((extension) => extension.subpath === subpath)
    .map(({ finding }) => finding)
    .sort();
}

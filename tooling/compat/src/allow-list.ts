import type { Subpath } from './subpaths.js';

/**
 * The deliberate differences between the official SDK's exports and ours, each with its reason.
 * The checklist skips or weakens exactly these checks, and the test fails when an entry goes
 * stale (the name now exists, or the shape now matches both ways), so the list stays true.
 *
 * Kinds:
 * - `missing`: ours does not export the name (or the member, for `Options.x` / `Query.x`).
 * - `ours-accepts-theirs`: a value of the official type is accepted where ours is expected, not
 *   the reverse (ours is wider, or has members theirs lacks).
 * - `theirs-accepts-ours`: a value of our type is accepted where the official one is expected,
 *   not the reverse.
 * - `incompatible`: neither way.
 */
export type AllowEntry = {
  /**
   * An exported name (its type, class instance or const), `name#parameters` / `name#result` /
   * `name#constructor` for one side of a function or class, or `Type.key` for one member.
   */
  name: string;
  kind: 'missing' | 'ours-accepts-theirs' | 'theirs-accepts-ours' | 'incompatible';
  why: string;
  /**
   * The official entry the name belongs to (`core`, `sdk-tools`, `extract`, `browser`); absent for the root.
   * `core` is checked name by name to be the root's, so the root's entries cover its shapes and a
   * `core` entry can only be `missing`.
   */
  subpath?: Subpath;
};

/** Every allowed difference. */
export const ALLOW_LIST: readonly AllowEntry[] = [
  // In-process MCP: tool() of @ccsdk/mcp-inproc takes any Standard Schema (zod 3, zod 4, valibot, ...).
  ...['AnyZodRawShape', 'InferShape', 'SdkMcpToolDefinition', 'tool#result'].map(
    (name): AllowEntry => ({
      name,
      kind: 'ours-accepts-theirs',
      why: 'ours is generic over Standard Schema shapes, a superset of the official zod shapes',
    }),
  ),
  {
    name: 'tool#parameters',
    kind: 'incompatible',
    why: 'the handler is typed from Standard Schema output types, not zod `_output`; zod tools compile against both',
  },
  {
    name: 'createSdkMcpServer#parameters',
    kind: 'ours-accepts-theirs',
    why: 'ours takes a readonly tool list and resources/prompts besides tools',
  },
  // Query and WarmQuery are the official types exactly; what query(), WarmQuery.query() and
  // SpareProcess.claim() return is our ExtendedQuery (Query plus `request()`, `closeAndWait()`,
  // `[Symbol.asyncDispose]`), and startup() returns an ExtendedWarmQuery (plus `initialization`).
  // Only a result read back as a type (`ReturnType<typeof query>` given to a hand-made double) can
  // tell; a Query-typed double fits every parameter typed Query.
  ...['SpareProcess', 'query#result', 'startup#result', 'prewarm#result'].map(
    (name): AllowEntry => ({
      name,
      kind: 'theirs-accepts-ours',
      why: 'returns an ExtendedQuery or ExtendedWarmQuery (the official type plus our extension members) or holds one: ours fits where the official is expected, not the reverse',
    }),
  ),
  {
    name: 'resolveSettings#result',
    kind: 'theirs-accepts-ours',
    why: 'resolves to an ExtendedResolvedSettings: ResolvedSettings plus `errors` (the files skipped), always set',
  },
  // Wire: the JSON-RPC payload of `mcp_message` is typed structurally (no MCP dependency in
  // @ccsdk/control-protocol); every MCP JSONRPCMessage fits it.
  ...['SDKControlRequest', 'SDKControlResponse', 'Transport'].map(
    (name): AllowEntry => ({
      name,
      kind: 'ours-accepts-theirs',
      why: "`mcp_message` carries our structural JsonRpcMessage, wider than the MCP SDK's union",
    }),
  ),
  // Sessions and settings.
  {
    name: 'foldSessionSummary#parameters',
    kind: 'ours-accepts-theirs',
    why: 'ours folds any readonly entry list (entries are checked at run time)',
  },
  // The browser entry: the same tool() and createSdkMcpServer() signatures as the root (its own
  // in-page server behind them), so the same differences.
  {
    name: 'tool#parameters',
    kind: 'incompatible',
    why: 'as at the root: the handler is typed from Standard Schema output types; zod tools compile against both',
    subpath: 'browser',
  },
  {
    name: 'tool#result',
    kind: 'ours-accepts-theirs',
    why: 'as at the root: ours is generic over Standard Schema shapes, a superset of the official zod shapes',
    subpath: 'browser',
  },
  {
    name: 'createSdkMcpServer#parameters',
    kind: 'ours-accepts-theirs',
    why: 'as at the root: ours takes a readonly tool list (resources and prompts throw in the browser)',
    subpath: 'browser',
  },
];

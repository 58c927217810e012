import { describe } from './blocks.js';
import { type CliSandbox, createCliSandbox } from './cli-sandbox.js';
import { type FakeMessagesApi, startFakeMessagesApi } from './fake-messages-api.js';
import type { FakeMessagesApiOptions } from './fake-messages-api-options.js';
import { locateClaudeCodeBinary } from './locate-claude-code-binary.js';
import { CLI_ENV_TO_DROP } from './quiet-cli-env.js';
import type { RecordedToolResult } from './recorded-request.js';

/** Options of {@link createAgentTestBed}: the fake's options plus where to find the CLI and the sandbox. */
export interface AgentTestBedOptions extends Omit<FakeMessagesApiOptions, 'port'> {
  /** Folder the CLI's npm package (`@anthropic-ai/claude-code`) is resolved from; default `process.cwd()`. */
  readonly cliFrom?: string;
  /** Run exactly this CLI binary instead of locating it. */
  readonly pathToClaudeCodeExecutable?: string;
  /** Folder to create the sandbox in; default the system temp dir. */
  readonly parentDir?: string;
  /** The environment the CLI would otherwise inherit; default `process.env`. */
  readonly baseEnv?: NodeJS.ProcessEnv;
}

/**
 * The options to pass straight into `query({ prompt, options: bed.options })` (spread them to
 * add your own). They fit `@ccsdk/sdk` and the official SDK alike: `env` is complete (the
 * inherited variables, minus those that would reroute the CLI, which are set to `undefined`).
 */
export interface AgentTestBedQueryOptions {
  /** The sandbox's empty working folder. */
  readonly cwd: string;
  /** The located native CLI binary. */
  readonly pathToClaudeCodeExecutable: string;
  /** Points the CLI at the fake, at the sandbox's config and scratch folders, and keeps it quiet and offline. */
  readonly env: Record<string, string | undefined>;
}

/** One test's offline world for the real Claude Code CLI: a scripted model, a sandbox, the binary. */
export interface AgentTestBed extends AsyncDisposable {
  /** Options for `query()`: working folder, CLI path and environment. */
  readonly options: AgentTestBedQueryOptions;
  /** The scripted fake Messages API; `api.requests` holds everything the CLI sent. */
  readonly api: FakeMessagesApi;
  /** The throwaway folders: `configDir` (transcripts), `tmpDir` (`CLAUDE_CODE_TMPDIR`), `cwd`. */
  readonly sandbox: CliSandbox;
  /** The user text the model received at each turn (empty turns, such as pure tool results, left out). */
  prompts(): string[];
  /** Every tool result the model received, in order, each once (by `toolUseId`). */
  toolResults(): RecordedToolResult[];
  /** The tool result the model received for one `tool_use` id, or `undefined` if none arrived. */
  toolResult(toolUseId: string): RecordedToolResult | undefined;
  /** Stops the fake and removes the sandbox. Idempotent; `await using` calls it for you. */
  dispose(): Promise<void>;
}

/**
 * Sets up everything a test of an agent needs in one call: locates the CLI (throws `TestingError`
 * `CLI_NOT_INSTALLED` when it is not installed), starts the scripted fake Messages API on
 * 127.0.0.1 and creates a sandbox (config, scratch and working folders). Bad options throw a
 * `TypeError` before anything starts. Use it with `await using bed = await createAgentTestBed(...)`,
 * or call `dispose()` in a `finally`/`afterEach`.
 */
export async function createAgentTestBed(options: AgentTestBedOptions): Promise<AgentTestBed> {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`createAgentTestBed() expects an options object, got ${describe(options)}`);
  }
  const { cliFrom, pathToClaudeCodeExecutable, parentDir, baseEnv = process.env, ...apiOptions } = options;
  if (pathToClaudeCodeExecutable !== undefined && !isNonEmptyString(pathToClaudeCodeExecutable)) {
    throw new TypeError(
      `options.pathToClaudeCodeExecutable must be a file path, got ${describe(pathToClaudeCodeExecutable)}`,
    );
  }
  if (typeof baseEnv !== 'object' || baseEnv === null) {
    throw new TypeError(`options.baseEnv must be an environment object, got ${describe(baseEnv)}`);
  }
  const binary =
    pathToClaudeCodeExecutable ?? locateClaudeCodeBinary(cliFrom === undefined ? {} : { from: cliFrom });
  const api = await startFakeMessagesApi(apiOptions);
  let sandbox: CliSandbox;
  try {
    sandbox = await createCliSandbox(parentDir === undefined ? {} : { parentDir });
  } catch (error) {
    await api.close();
    throw error;
  }
  const dropped = Object.fromEntries(CLI_ENV_TO_DROP.map((name) => [name, undefined]));
  const env = { ...dropped, ...sandbox.fullEnv(api.url, baseEnv) };
  let disposing: Promise<void> | undefined;
  const dispose = (): Promise<void> => {
    disposing ??= api.close().finally(() => sandbox.dispose());
    return disposing;
  };
  const toolResults = (): RecordedToolResult[] => {
    const seen = new Map<string, RecordedToolResult>();
    for (const request of api.mainRequests()) {
      for (const result of request.toolResults) {
        if (!seen.has(result.toolUseId)) seen.set(result.toolUseId, result);
      }
    }
    return [...seen.values()];
  };
  return {
    options: { cwd: sandbox.cwd, pathToClaudeCodeExecutable: binary, env },
    api,
    sandbox,
    prompts: () =>
      api
        .mainRequests()
        .map((request) => request.lastUserText)
        .filter((prompt) => prompt.length > 0),
    toolResults,
    toolResult: (toolUseId) => toolResults().find((result) => result.toolUseId === toolUseId),
    dispose,
    [Symbol.asyncDispose]: dispose,
  };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

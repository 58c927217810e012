/**
 * Public API of @ccsdk/transport-subprocess. Everything listed here is public; nothing else is.
 */
export type { ClaimSessionFields } from './await-claim/await-claim.js';
export {
  AWAIT_CLAIM_FLAG,
  CLAIM_SESSION_SUBTYPE,
  claimSessionRequest,
  createParkingDir,
} from './await-claim/await-claim.js';
export { buildCliArgs } from './build-cli-args.js';
export { buildCliEnv, FILE_CHECKPOINTING_ENV, QUESTION_PREVIEW_FORMAT_ENV } from './build-cli-env.js';
export type { BuildProcessEnvOptions } from './build-env.js';
export { buildProcessEnv, inheritedProcessEnv, SDK_ENTRYPOINT } from './build-env.js';
export { checkSkillName } from './cli-args/skills.js';
export type {
  CliOptions,
  EffortLevel,
  McpRemoteServerConfig,
  McpSdkServerConfig,
  McpServerConfig,
  McpStdioServerConfig,
  OutputFormat,
  PermissionMode,
  PluginConfig,
  SettingSource,
  SystemPromptOption,
  ThinkingConfig,
  ToolConfig,
} from './cli-options.js';
export type { Libc } from './detect-libc.js';
export { detectLibc } from './detect-libc.js';
export type { SubprocessTransportErrorCode, SubprocessTransportErrorInit } from './errors.js';
export { CLI_INSTALL_HINT, CLINotFoundError, ProcessExitError, SubprocessTransportError } from './errors.js';
export { EXE_SEARCH_HARDENING_ENV, hardenExecutableSearch } from './exe-search-hardening.js';
export type { CliSource, FindClaudeCodeCliOptions, JavaScriptRuntime, ResolvedCli } from './find-cli.js';
export { findClaudeCodeCli, platformPackageName } from './find-cli.js';
export {
  DEFAULT_CLOSE_GRACE_MS,
  DEFAULT_KILL_AFTER_MS,
  DEFAULT_STDERR_TAIL_BYTES,
  MAX_STDERR_LINE_BYTES,
  WRITE_FAILURE_EXIT_WAIT_MS,
} from './limits.js';
export type { SpawnClaudeCodeProcess, SpawnedProcess, SpawnOptions } from './spawned-process.js';
export { SubprocessTransport } from './subprocess-transport.js';
export type { SubprocessTransportOptions } from './transport-options.js';
export { PACKAGE_VERSION } from './version.js';

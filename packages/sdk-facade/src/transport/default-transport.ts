import type { Transport } from '@ccsdk/control-protocol';
import {
  type McpServerConfig,
  SubprocessTransport,
  type SubprocessTransportOptions,
} from '@ccsdk/transport-subprocess';
import { processServersOf } from '../options/launch-delivery.js';
import type { ExtendedOptions } from '../options/options.js';
import { withSandboxDefaults } from '../options/sandbox-defaults.js';

/** The transport's form for "no prompt flag": the CLI starts on its own prompt. */
const CLAUDE_CODE_PROMPT = { type: 'preset', preset: 'claude_code' } as const;

/** The transport `query()` uses when the caller passes none: the CLI as a child process. */
export function createDefaultTransport(options: ExtendedOptions): Transport {
  return new SubprocessTransport(subprocessOptionsOf(options));
}

/**
 * The options that only a CLI this SDK starts receives (as flags, environment or spawn settings),
 * set in `options`: with `options.transport` (Direct Connect, a custom transport) they go nowhere.
 * In-process MCP servers and `canUseTool` are not among them (they travel on the control channel).
 */
export function optionsOnlyForSpawnedCli(options: ExtendedOptions): string[] {
  const {
    sessionMirror: _mirror,
    permissionPromptToolName: _prompts,
    systemPrompt: _claudeCodePrompt,
    ...forCli
  } = subprocessOptionsOf(options);
  return Object.entries(forCli)
    .filter(([name, value]) => {
      if (value === undefined) return false;
      // Only in-process servers: nothing for argv.
      if (name === 'mcpServers') return Object.keys(value).length > 0;
      return true;
    })
    .map(([name]) => name);
}

/**
 * What the subprocess transport is given for `options`: the CLI's flags, environment and spawn
 * settings; what travels in `initialize` instead (`buildInitializeRequest`) is left out.
 */
export function subprocessOptionsOf(options: ExtendedOptions): SubprocessTransportOptions {
  const {
    abortController: _abortController,
    signal: _signal,
    transport: _transport,
    initializeTimeoutMs: _initializeTimeoutMs,
    onWarning: _onWarning,
    canUseTool,
    hooks: _hooks,
    mcpServers,
    sessionStore,
    sessionStoreFlush: _sessionStoreFlush,
    loadTimeoutMs: _loadTimeoutMs,
    agents: _agents,
    title: _title,
    toolAliases: _toolAliases,
    onElicitation: _onElicitation,
    onUserDialog: _onUserDialog,
    supportedDialogKinds: _supportedDialogKinds,
    verbatimPrompts: _verbatimPrompts,
    agentProgressSummaries: _agentProgressSummaries,
    perTaskStopAffordance: _perTaskStopAffordance,
    // These travel in initialize only (see buildInitializeRequest), as the official SDK sends them.
    systemPrompt: _systemPrompt,
    planModeInstructions: _planModeInstructions,
    promptSuggestions: _promptSuggestions,
    forwardSubagentText: _forwardSubagentText,
    sandbox,
    ...cliOptions
  } = options;
  return {
    ...cliOptions,
    // No prompt flag (Claude Code's own prompt) until initialize names the prompt, unless the
    // prompt is a file the CLI reads itself (systemPromptFile, a ccsdk extension).
    ...(cliOptions.systemPromptFile === undefined ? { systemPrompt: CLAUDE_CODE_PROMPT } : {}),
    ...(sandbox === undefined ? {} : { sandbox: withSandboxDefaults(sandbox, cliOptions.settings) }),
    ...(sessionStore === undefined ? {} : { sessionMirror: true }),
    ...(mcpServers === undefined ? {} : { mcpServers: toCliMcpServers(mcpServers) }),
    ...(canUseTool === undefined ? {} : { permissionPromptToolName: 'stdio' }),
  };
}

/**
 * The CLI's view of `mcpServers` on argv: every entry but the in-process (`type: 'sdk'`) ones. Those
 * are named in `initialize` with their handshake results (`sdkMcpServers`,
 * `sdkMcpServerManifests`); listed on argv as well, the CLI would connect them over `mcp_message`
 * instead, after it answered `initialize`, and a control request made right after would not see them.
 */
function toCliMcpServers(
  servers: NonNullable<ExtendedOptions['mcpServers']>,
): Record<string, McpServerConfig> {
  return processServersOf(servers) as Record<string, McpServerConfig>;
}

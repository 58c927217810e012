import { systemPromptFields } from '@ccsdk/control-protocol';
import type { McpSdkServerConfigWithInstance } from '@ccsdk/mcp-inproc';
import { sdkMcpServerConfigsOf } from '../mcp/sdk-mcp-server-configs.js';
import { sdkMcpServersOf } from '../mcp/sdk-mcp-servers.js';
import { agentsForInitialize } from '../options/agents.js';
import { launchPluginsOf, launchServersOf } from '../options/launch-delivery.js';
import type { ExtendedOptions } from '../options/options.js';

/**
 * The payload of the `initialize` control request: the fields the official SDK sends there rather
 * than on argv, in its order. `hooks` is the registration made by the hooks module (callback ids
 * by event), or null without `options.hooks` (then no `hooks` field). `sdkMcpManifests` holds the
 * in-process servers' handshake results (`SdkMcpRouter.manifests()`). `sdkMcpServers` are the
 * in-process servers served now, by name, when they are no longer those of `options.mcpServers`
 * (after `setMcpServers()`); their names, and their timeouts and tool policies
 * (`sdkMcpServerConfigs`), go to the CLI. `startsCli` says the CLI is started from these options
 * (see `systemPromptFields`).
 *
 * The system prompt, plan-mode instructions, prompt suggestions and subagent text forwarding travel
 * only here (so they have no argv size limit and reach a CLI this SDK did not start); the JSON
 * schema of `outputFormat` travels here and as `--json-schema`; process MCP servers and plugins
 * travel here when their delivery is `'initialize'`.
 */
export function buildInitializeRequest(
  options: ExtendedOptions,
  hooks: Record<string, unknown> | null = null,
  sdkMcpManifests: Record<string, unknown> = {},
  sdkMcpServers: Readonly<Record<string, McpSdkServerConfigWithInstance>> = sdkMcpServersOf(options),
  startsCli: boolean = options.transport === undefined,
): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  const set = (key: string, value: unknown): void => {
    if (value !== undefined) request[key] = value;
  };
  if (hooks !== null) request['hooks'] = hooks;
  // In-process servers are named here, not on argv (over Direct Connect the remote CLI's argv is
  // not ours anyway). With a server's manifest the CLI counts it connected before it answers;
  // without one it connects the server over mcp_message.
  const sdkMcpServerNames = Object.keys(sdkMcpServers);
  if (sdkMcpServerNames.length > 0) request['sdkMcpServers'] = sdkMcpServerNames;
  const configs = sdkMcpServerConfigsOf(sdkMcpServers);
  if (Object.keys(configs).length > 0) request['sdkMcpServerConfigs'] = configs;
  const manifests = Object.fromEntries(
    Object.entries(sdkMcpManifests).filter(([name]) => sdkMcpServerNames.includes(name)),
  );
  if (Object.keys(manifests).length > 0) request['sdkMcpServerManifests'] = manifests;
  if (options.outputFormat?.type === 'json_schema') set('jsonSchema', options.outputFormat.schema);
  const prompt = systemPromptFields(options, startsCli);
  set('systemPrompt', prompt.systemPrompt);
  set('appendSystemPrompt', prompt.appendSystemPrompt);
  set('planModeInstructions', options.planModeInstructions);
  set('systemPromptSnapshot', prompt.systemPromptSnapshot);
  if (options.toolAliases !== undefined) request['toolAliases'] = { ...options.toolAliases };
  set('excludeDynamicSections', prompt.excludeDynamicSections);
  if (options.agents !== undefined) request['agents'] = agentsForInitialize(options.agents);
  set('title', options.title);
  if (Array.isArray(options.skills)) request['skills'] = [...options.skills];
  set('promptSuggestions', options.promptSuggestions);
  if (options.agentProgressSummaries !== undefined) {
    request['agentProgressSummaries'] = Boolean(options.agentProgressSummaries);
  }
  set('forwardSubagentText', options.forwardSubagentText);
  if (options.supportedDialogKinds !== undefined) {
    request['supportedDialogKinds'] = [...options.supportedDialogKinds];
  }
  if (options.perTaskStopAffordance !== undefined) {
    request['perTaskStopAffordance'] = Boolean(options.perTaskStopAffordance);
  }
  set('plugins', launchPluginsOf(options));
  set('mcpServers', launchServersOf(options));
  return request;
}

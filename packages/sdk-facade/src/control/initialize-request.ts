import { sdkMcpServersOf } from '../mcp/sdk-mcp-servers.js';
import { agentsForInitialize } from '../options/agents.js';
import type { Options } from '../options/options.js';

/**
 * The payload of the `initialize` control request: what cannot travel on argv. `hooks` is the
 * registration made by the hooks module (callback ids by event), or null without hooks.
 * `sdkMcpManifests` holds the in-process servers' handshake results (`SdkMcpRouter.manifests()`).
 * `sdkMcpServerNames` names the in-process servers when they are no longer those of
 * `options.mcpServers` (after `setMcpServers()`).
 */
export function buildInitializeRequest(
  options: Options,
  hooks: Record<string, unknown> | null = null,
  sdkMcpManifests: Record<string, unknown> = {},
  sdkMcpServerNames: readonly string[] = Object.keys(sdkMcpServersOf(options)),
): Record<string, unknown> {
  const request: Record<string, unknown> = { hooks };
  // In-process servers are named here, not on argv (over Direct Connect the remote CLI's argv is
  // not ours anyway). With a server's manifest the CLI counts it connected before it answers;
  // without one it connects the server over mcp_message.
  const sdkMcpServers = [...sdkMcpServerNames];
  if (sdkMcpServers.length > 0) request['sdkMcpServers'] = sdkMcpServers;
  const manifests = Object.fromEntries(
    Object.entries(sdkMcpManifests).filter(([name]) => sdkMcpServers.includes(name)),
  );
  if (Object.keys(manifests).length > 0) request['sdkMcpServerManifests'] = manifests;
  if (options.agents !== undefined) request['agents'] = agentsForInitialize(options.agents);
  const systemPrompt = options.systemPrompt;
  if (typeof systemPrompt === 'object' && systemPrompt !== null && 'excludeDynamicSections' in systemPrompt) {
    request['excludeDynamicSections'] = systemPrompt.excludeDynamicSections === true;
  }
  if (Array.isArray(options.skills)) request['skills'] = [...options.skills];
  if (options.title !== undefined) request['title'] = options.title;
  if (options.toolAliases !== undefined) request['toolAliases'] = { ...options.toolAliases };
  if (options.supportedDialogKinds !== undefined) {
    request['supportedDialogKinds'] = [...options.supportedDialogKinds];
  }
  if (options.agentProgressSummaries !== undefined) {
    request['agentProgressSummaries'] = Boolean(options.agentProgressSummaries);
  }
  if (options.perTaskStopAffordance !== undefined) {
    request['perTaskStopAffordance'] = Boolean(options.perTaskStopAffordance);
  }
  return request;
}

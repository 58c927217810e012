import { mkdir, mkdtemp } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The CLI flag (as an `extraArgs` key) that parks a started Claude Code process until a
 * `claim_session` control request binds it to a folder: `--await-claim`.
 */
export const AWAIT_CLAIM_FLAG = 'await-claim';

/** The control request subtype that binds a parked process to its session: `claim_session`. */
export const CLAIM_SESSION_SUBTYPE = 'claim_session';

/**
 * Creates a private folder for a parked spare under the config dir (`<config>/spares/spare-*`),
 * as the official SDK does: the spare must not start in any session's folder. The config dir is
 * `CLAUDE_CONFIG_DIR` from `env`, else from this process, else `~/.claude`.
 */
export async function createParkingDir(env: Record<string, string | undefined> | undefined): Promise<string> {
  // A given env replaces the inherited one for the CLI, so only it is read then.
  const configured = (env ?? process.env)['CLAUDE_CONFIG_DIR'];
  const configDir = configured !== undefined && configured !== '' ? configured : join(homedir(), '.claude');
  const spares = join(configDir, 'spares');
  await mkdir(spares, { recursive: true });
  return mkdtemp(join(spares, 'spare-'));
}

/** The fields of a `claim_session` request, in camelCase; absent ones are not sent. */
export interface ClaimSessionFields {
  /** The session's folder, absolute (or starting with `~`). */
  readonly cwd: string;
  readonly permissionMode?: string;
  /** Only `CLAUDE_CODE_OAUTH_TOKEN`, `CLAUDE_CODE_SESSION_ACCESS_TOKEN`, `CLAUDE_CODE_HOST_SESSION_ID` are accepted by CLI 2.1.332. */
  readonly env?: Readonly<Record<string, string>>;
  readonly additionalDirectories?: readonly string[];
  readonly appendSystemPrompt?: string;
  readonly title?: string;
  /** Agent definitions already in the CLI's wire shape. */
  readonly agents?: Readonly<Record<string, unknown>>;
  /** Names of in-process MCP servers the claim should wait for. */
  readonly sdkMcpServers?: readonly string[];
  /** Whether the answer carries the session's `initialize` result (`include_initialize`). */
  readonly includeInitialize: boolean;
}

/** The `claim_session` request body in the CLI's snake_case (without `subtype`). */
export function claimSessionRequest(fields: ClaimSessionFields): Record<string, unknown> {
  const request: Record<string, unknown> = { cwd: fields.cwd };
  if (fields.permissionMode !== undefined) request['permission_mode'] = fields.permissionMode;
  if (fields.env !== undefined) request['env'] = { ...fields.env };
  if (fields.additionalDirectories !== undefined) {
    request['additional_directories'] = [...fields.additionalDirectories];
  }
  if (fields.appendSystemPrompt !== undefined) request['append_system_prompt'] = fields.appendSystemPrompt;
  if (fields.title !== undefined) request['title'] = fields.title;
  if (fields.agents !== undefined) request['agents'] = fields.agents;
  if (fields.sdkMcpServers !== undefined) request['sdk_mcp_servers'] = [...fields.sdkMcpServers];
  request['include_initialize'] = fields.includeInitialize;
  return request;
}

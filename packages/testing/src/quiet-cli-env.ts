/**
 * Environment that keeps the Claude Code CLI quiet and offline apart from the base URL it is
 * given. Found by experiment with 2.1.332 (strace of its DNS lookups): without these the CLI
 * resolves `api.anthropic.com` for telemetry and writes failed events under
 * `<config>/telemetry`; with `CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC` it makes no lookup at
 * all and skips its `HEAD /api/hello` probe. The other flags are the documented finer switches,
 * set too so an older or newer CLI that reads only those stays quiet.
 */
export const QUIET_CLI_ENV: Readonly<Record<string, string>> = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_BUG_COMMAND: '1',
};

/**
 * Variables a parent process may carry that would send the CLI somewhere other than the fake
 * (another provider, another credential, a proxy). `fullEnv()` of a sandbox leaves them out.
 */
export const CLI_ENV_TO_DROP: readonly string[] = [
  'ANTHROPIC_AUTH_TOKEN',
  'ANTHROPIC_CUSTOM_HEADERS',
  'ANTHROPIC_UNIX_SOCKET',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'CLAUDE_CODE_USE_BEDROCK',
  'CLAUDE_CODE_USE_VERTEX',
  'CLAUDE_CODE_USE_FOUNDRY',
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDECODE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
];

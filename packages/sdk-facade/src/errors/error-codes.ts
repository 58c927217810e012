// Every stable error code of @ccsdk/sdk, in one leaf module, so the error classes of each concern
// (hooks, settings, the query) can extend `SdkError` without importing one another.

/**
 * Stable codes of `HookError`:
 * - `HOOK_TIMEOUT`: a callback did not answer within its matcher's timeout.
 * - `HOOK_CALLBACK_FAILED`: a callback threw or rejected.
 * - `INVALID_HOOK_OUTPUT`: a callback resolved with something that is not a hook output object.
 * - `UNKNOWN_HOOK_CALLBACK`: the CLI asked for a callback id this query never registered.
 */
export type HookErrorCode =
  | 'HOOK_TIMEOUT'
  | 'HOOK_CALLBACK_FAILED'
  | 'INVALID_HOOK_OUTPUT'
  | 'UNKNOWN_HOOK_CALLBACK';

/**
 * Stable codes of `SettingsError`, and what the CLI (2.1.332) does in each case:
 * - `SETTINGS_FILE_NOT_FOUND`: the `settings` option names a file that does not exist. The CLI
 *   refuses to start; `resolveSettings` throws.
 * - `SETTINGS_FILE_UNREADABLE`: a settings file exists but cannot be read (a folder, no
 *   permission). For the `settings` option and the managed file the CLI refuses to start and
 *   `resolveSettings` throws; a user, project or local file is skipped and reported.
 * - `SETTINGS_MALFORMED`: a user, project, local or `settings` file is not JSON, not an object,
 *   or has a field of the wrong type. The CLI skips the whole file and goes on; so does
 *   `resolveSettings`, listing the error in `errors`.
 * - `MANAGED_SETTINGS_MALFORMED`: the managed settings file or a drop-in is not a JSON object.
 *   The CLI refuses to start; `resolveSettings` throws. (A managed field of the wrong type is
 *   only dropped, and reported as `SETTINGS_MALFORMED`.)
 */
export type SettingsErrorCode =
  | 'SETTINGS_FILE_NOT_FOUND'
  | 'SETTINGS_FILE_UNREADABLE'
  | 'SETTINGS_MALFORMED'
  | 'MANAGED_SETTINGS_MALFORMED';

/**
 * Stable codes of `SdkError`. Branch on these, not on messages. `OPTIONS_NOT_SENT` is only ever
 * a warning (to `onWarning`): options that become CLI flags were set next to `options.transport`,
 * whose CLI this SDK did not start. `MCP_SERVERS_NOT_APPLIED`: with `mcpServersDelivery:
 * 'initialize'` the CLI did not say it read the servers, so the query ended before its prompt.
 */
export type SdkErrorCode =
  | 'ABORTED'
  | 'RESULT_ERROR'
  | 'OPTIONS_NOT_SENT'
  | 'INITIALIZE_FAILED'
  | 'QUERY_CLOSED'
  | 'INVALID_PROMPT'
  | 'PREWARM_FAILED'
  | 'MCP_SERVERS_NOT_APPLIED'
  | HookErrorCode
  | SettingsErrorCode;

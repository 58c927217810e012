/**
 * The `code` of the process warning a server gives for each tool it registers disabled because the
 * tool's input schema has no JSON Schema form: the official SDK's code, so a program that picks the
 * warning out (`process.on('warning', ...)`) gets it from either SDK.
 */
export const UNLISTABLE_TOOL_WARNING_CODE = 'CLAUDE_SDK_MCP_TOOL_SCHEMA_UNCONVERTIBLE';

/**
 * What the warning for tool `toolName` of server `serverName` says, in one line; `reason` is the
 * schema library's own word for why it cannot describe the input schema.
 */
export function unlistableToolMessage(serverName: string, toolName: string, reason: string): string {
  return (
    `Tool ${JSON.stringify(toolName)} of SDK MCP server ${JSON.stringify(serverName)} is disabled and ` +
    `not in the server's tool list, since its input schema has no JSON Schema form (${reason}). The ` +
    "model is not offered it and a call to it is refused; the server's other tools work. Give every " +
    'field a type JSON Schema can describe (for a date, z.iso.datetime() in place of z.date()).'
  );
}

type EmitWarning = (message: string, options: { code: string }) => void;

/**
 * Warns that a server registered a tool disabled, in one line naming the tool, the server and the
 * reason: a process warning with code {@link UNLISTABLE_TOOL_WARNING_CODE} (`process.emitWarning`)
 * where there is a Node process, else `console.warn` (a browser page). Imports nothing at run time,
 * so the browser entry uses it too.
 */
export function warnUnlistableTool(serverName: string, toolName: string, reason: string): void {
  const message = unlistableToolMessage(serverName, toolName, reason);
  const host = (globalThis as { process?: { emitWarning?: EmitWarning } }).process;
  if (typeof host?.emitWarning === 'function') {
    host.emitWarning(message, { code: UNLISTABLE_TOOL_WARNING_CODE });
  } else {
    console.warn(`[${UNLISTABLE_TOOL_WARNING_CODE}] ${message}`);
  }
}

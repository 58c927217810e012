import { JSON_RPC_ERROR } from './json-rpc.js';

/**
 * The text of the `isError` result a tool call with arguments its schema refuses gets.
 *
 * For a zod shape, the official SDK's text: its server lets the MCP library validate the arguments,
 * which answers with an `McpError` of code -32602 whose message names the tool and lists zod's
 * issues as JSON (`MCP error -32602: Input validation error: Invalid arguments for tool add: [...]`).
 * The model reads it, so it is the same with either SDK. For any other schema (a ccsdk extension),
 * each issue as `path: message` (`described`).
 *
 * @param zodIssues zod's own issues, each path from the argument's key, when the schema is zod's.
 */
export function invalidArgumentsText(
  toolName: string,
  described: readonly string[],
  zodIssues?: readonly unknown[],
): string {
  if (zodIssues === undefined) {
    return `Invalid arguments for tool ${JSON.stringify(toolName)}: ${described.join('; ')}`;
  }
  return (
    `MCP error ${JSON_RPC_ERROR.invalidParams}: Input validation error: ` +
    `Invalid arguments for tool ${toolName}: ${JSON.stringify(zodIssues, bigintAsText, 2)}`
  );
}

/** zod's own replacer for its error text: a bigint as its digits. */
function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

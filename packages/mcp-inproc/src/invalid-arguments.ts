import { JSON_RPC_ERROR } from './json-rpc.js';
import type { ValidationOutcome } from './object-schema.js';

type Failure = Extract<ValidationOutcome, { ok: false }>;

/**
 * The text of the `isError` result a tool call with arguments its schema refuses gets.
 *
 * For a zod shape, the official SDK's text: its server lets the MCP library validate the arguments,
 * which answers with an `McpError` of code -32602 whose message names the tool and lists zod's
 * issues as JSON (`MCP error -32602: Input validation error: Invalid arguments for tool add: [...]`).
 * The model reads it, so it is the same with either SDK. For any other schema (a ccsdk extension),
 * each issue as `path: message`.
 */
export function invalidArgumentsText(toolName: string, failure: Failure): string {
  if (failure.zodIssues === undefined) {
    return `Invalid arguments for tool ${JSON.stringify(toolName)}: ${failure.issues.join('; ')}`;
  }
  return (
    `MCP error ${JSON_RPC_ERROR.invalidParams}: Input validation error: ` +
    `Invalid arguments for tool ${toolName}: ${JSON.stringify(failure.zodIssues, bigintAsText, 2)}`
  );
}

/** zod's own replacer for its error text: a bigint as its digits. */
function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

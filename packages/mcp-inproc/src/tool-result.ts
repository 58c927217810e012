import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CompiledObjectSchema } from './object-schema.js';

/** Builds an `isError` tool result carrying `text`; the model reads it and the turn goes on. */
export function toolErrorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * Turns what a handler threw into an `isError` result: the error's message, and its `data` (when it
 * has one that JSON can carry) as a second text block, so nothing the handler said is lost.
 */
export function thrownToResult(toolName: string, thrown: unknown): CallToolResult {
  const result = toolErrorResult(errorMessage(thrown) || `Tool ${JSON.stringify(toolName)} failed.`);
  const data =
    typeof thrown === 'object' && thrown !== null ? (thrown as { data?: unknown }).data : undefined;
  if (data !== undefined) {
    const text = safeStringify(data);
    if (text !== undefined) result.content.push({ type: 'text', text });
  }
  return result;
}

/**
 * Checks what a handler returned. A value that is not a `CallToolResult` (`undefined` from a handler
 * that forgot to return, a string, `{ content: 'text' }`) is passed on unchanged, as the official
 * SDK's server passes it: the client refuses it in its own words (the CLI tells the model "MCP error
 * -32602: Invalid tools/call result: ..."). A result JSON cannot carry, and a successful result of a
 * tool with an output schema that lacks matching `structuredContent`, become an `isError` result
 * that says what was wrong. A result with `structuredContent` and no content gets the JSON text of
 * it as content, for clients that read only `content`.
 */
export async function checkHandlerResult(
  toolName: string,
  returned: unknown,
  output: CompiledObjectSchema | undefined,
): Promise<CallToolResult> {
  const label = `Tool ${JSON.stringify(toolName)}`;
  const parsed = CallToolResultSchema.safeParse(returned);
  // Not a result at all: the client is the judge, as with the official SDK.
  if (!parsed.success) return returned as CallToolResult;
  if (safeStringify(returned) === undefined) {
    return toolErrorResult(`${label} returned a result that cannot be serialized as JSON.`);
  }
  const result: CallToolResult = { ...(returned as CallToolResult), content: parsed.data.content };
  if (result.content.length === 0 && result.structuredContent !== undefined) {
    result.content = [{ type: 'text', text: JSON.stringify(result.structuredContent) }];
  }
  if (output === undefined || result.isError === true) return result;
  if (result.structuredContent === undefined) {
    return toolErrorResult(`${label} has an output schema but returned no structuredContent.`);
  }
  const checked = await output.validate(result.structuredContent);
  if (!checked.ok)
    return toolErrorResult(`${label} returned invalid structuredContent: ${checked.issues.join('; ')}`);
  return result;
}

function errorMessage(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'string') return thrown;
  return safeStringify(thrown) ?? '';
}

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

import type { ExtendedOptions } from '../options/options.js';
import type { ExtendedQuery, Query } from '../query/query-types.js';
import { BrowserSdkError } from './browser-error.js';
import { BrowserQueryEngine } from './browser-query-engine.js';
import type { BrowserQueryOptions, SSEOptions } from './browser-types.js';
import { registerSseQuery } from './sse-helpers.js';
import { BrowserSseTransport } from './sse-transport.js';
import { BrowserWebSocketTransport } from './websocket-transport.js';

/**
 * Starts a Claude Code session in a browser against a remote CLI (`ccsdk serve`), over the
 * global `WebSocket` (`websocket`) or resumable SSE over `fetch` (`sse`): exactly one of them,
 * else a `BrowserSdkError` (`NO_TRANSPORT`, `CONFLICTING_TRANSPORTS`). The same engine as the Node
 * `query()` (control channel, `canUseTool`, hooks, in-page MCP servers, dialogs, `interrupt()`
 * and the control methods), with only the transport differing.
 */
export function query(options: BrowserQueryOptions): Query {
  const { websocket, sse } = options as { websocket?: unknown; sse?: unknown };
  if (websocket !== undefined && sse !== undefined) {
    throw new BrowserSdkError('CONFLICTING_TRANSPORTS', 'Pass either websocket or sse options, not both.');
  }
  if (websocket === undefined && sse === undefined) {
    throw new BrowserSdkError('NO_TRANSPORT', 'Pass websocket or sse options.');
  }
  const engineOptions = engineOptionsOf(options);
  const warn = (error: Error): void => console.warn(error);
  let run: BrowserQueryEngine;
  if (options.sse !== undefined) {
    checkSseOptions(options.sse);
    const transport = new BrowserSseTransport(options.sse);
    run = new BrowserQueryEngine(
      engineOptions,
      { createTransport: () => transport, warn, sendsMcpManifests: false },
      (message) => transport.noteYielded(message),
    );
    registerSseQuery(run, transport);
  } else {
    const socket = options.websocket;
    run = new BrowserQueryEngine(engineOptions, {
      createTransport: () => new BrowserWebSocketTransport(socket),
      warn,
      // As the official browser SDK: the CLI asks the page's servers over mcp_message.
      sendsMcpManifests: false,
    });
  }
  run.sendPrompt(options.prompt);
  return run satisfies ExtendedQuery;
}

function engineOptionsOf(options: BrowserQueryOptions): ExtendedOptions {
  return {
    ...(options.abortController !== undefined ? { abortController: options.abortController } : {}),
    ...(options.canUseTool !== undefined ? { canUseTool: options.canUseTool } : {}),
    ...(options.hooks !== undefined ? { hooks: options.hooks } : {}),
    ...(options.mcpServers !== undefined ? { mcpServers: options.mcpServers } : {}),
    ...(options.onElicitation !== undefined ? { onElicitation: options.onElicitation } : {}),
    ...(options.onUserDialog !== undefined ? { onUserDialog: options.onUserDialog } : {}),
    ...(options.promptSuggestions !== undefined ? { promptSuggestions: options.promptSuggestions } : {}),
    ...(options.supportedDialogKinds !== undefined
      ? { supportedDialogKinds: options.supportedDialogKinds }
      : {}),
    ...outputFormatOf(options),
  } as ExtendedOptions;
}

/**
 * `jsonSchema`, the JSON Schema the session's final answer must match (a plain object, else a
 * `TypeError`), as the engine's `outputFormat`: `initialize` then carries it as `jsonSchema`, in
 * the place the official browser SDK gives it.
 */
function outputFormatOf(options: BrowserQueryOptions): Pick<ExtendedOptions, 'outputFormat'> {
  const schema: unknown = options.jsonSchema;
  if (schema === undefined) return {};
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new TypeError(`jsonSchema must be a JSON Schema object, got ${JSON.stringify(schema)}`);
  }
  return { outputFormat: { type: 'json_schema', schema: schema as Record<string, unknown> } };
}

/** Throws a `TypeError` naming the field for SSE options the transport could not use. */
function checkSseOptions(sse: SSEOptions): void {
  for (const field of ['streamUrl', 'sendUrl', 'sessionId'] as const) {
    if (typeof sse[field] !== 'string' || sse[field] === '') {
      throw new TypeError(`sse.${field} must be a non-empty string, got ${JSON.stringify(sse[field])}`);
    }
  }
  const from = sse.fromSequenceNum;
  if (from !== undefined && !(Number.isSafeInteger(from) && from >= 0)) {
    throw new TypeError(`sse.fromSequenceNum must be a non-negative integer, got ${String(from)}`);
  }
}

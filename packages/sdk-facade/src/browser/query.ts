import { QueryEngine } from '../engine/query-engine.js';
import type { Options } from '../options/options.js';
import type { ExtendedQuery, Query } from '../query/query-types.js';
import { BrowserSdkError } from './browser-error.js';
import type { BrowserQueryOptions } from './browser-types.js';
import { BrowserWebSocketTransport } from './websocket-transport.js';

/**
 * Starts a Claude Code session in a browser against a remote CLI (`ccsdk serve`) over the
 * global `WebSocket`: the same engine as the Node `query()` (control channel, `canUseTool`,
 * hooks, in-page MCP servers, dialogs, `interrupt()` and the control methods), with only the
 * transport differing. `sse` throws a `BrowserSdkError` with code `SSE_NOT_SUPPORTED` for now.
 */
export function query(options: BrowserQueryOptions): Query {
  if (options.sse !== undefined) {
    throw new BrowserSdkError('SSE_NOT_SUPPORTED', 'The sse transport is not yet supported; use websocket.');
  }
  const websocket = options.websocket;
  if (websocket === undefined) throw new BrowserSdkError('NO_TRANSPORT', 'Pass websocket (or sse) options.');
  if (options.jsonSchema !== undefined) {
    throw new BrowserSdkError(
      'BROWSER_OPTION_NOT_SUPPORTED',
      'jsonSchema is not yet supported by the browser query().',
    );
  }
  const engineOptions: Options = {
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
  } as Options;
  const run: ExtendedQuery = new QueryEngine(engineOptions, {
    createTransport: () => new BrowserWebSocketTransport(websocket),
    warn: (error) => console.warn(error),
  });
  (run as QueryEngine).sendPrompt(options.prompt);
  return run;
}

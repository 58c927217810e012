import { isPlainObject } from './json-rpc.js';
import { MANIFEST_PROTOCOL_VERSION, MANIFEST_TIMEOUT_MS } from './limits.js';

/**
 * The handshake results of one in-process server, for the `sdkMcpServerManifests` field of the
 * `initialize` control request: with them the CLI answers its own MCP client's `initialize` and
 * first `tools/list` and counts the server connected before it answers `initialize`, with no
 * `mcp_message` round trip. Later messages (`tools/call`, ...) still come as `mcp_message`.
 */
export interface SdkMcpServerManifest {
  /** The server's answer to `initialize`. */
  initializeResult: Record<string, unknown>;
  /** The server's answer to `tools/list`, when it offers tools. */
  toolsListResult?: Record<string, unknown>;
}

/** Sends one JSON-RPC message to a server's session and resolves with its reply. */
export type DeliverToServer = (message: Record<string, unknown>) => Promise<unknown>;

/** The client the local handshake introduces itself as. */
const MANIFEST_CLIENT_INFO = { name: 'ccsdk-manifest', version: '1.0.0' };

/**
 * Runs the MCP handshake with one server locally (initialize, notifications/initialized, then
 * tools/list when it has tools) and returns what the CLI needs, or `undefined` when the server
 * failed a step or took longer than `MANIFEST_TIMEOUT_MS` (the CLI then connects over
 * `mcp_message` as before). The session stays initialized: a CLI that does the handshake itself
 * anyway (an older CLI, a protocol version mismatch) initializes it again.
 */
export async function buildServerManifest(
  deliver: DeliverToServer,
  timeoutMs = MANIFEST_TIMEOUT_MS,
): Promise<SdkMcpServerManifest | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
    // Node's timer would keep the process alive; a browser's timer is a number without unref.
    (timer as { unref?: () => void }).unref?.();
  });
  try {
    return await Promise.race([handshake(deliver), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

async function handshake(deliver: DeliverToServer): Promise<SdkMcpServerManifest | undefined> {
  const initializeResult = resultOf(
    await deliver({
      jsonrpc: '2.0',
      id: 'manifest-initialize',
      method: 'initialize',
      params: {
        protocolVersion: MANIFEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: MANIFEST_CLIENT_INFO,
      },
    }),
  );
  if (initializeResult === undefined) return undefined;
  await deliver({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const capabilities = initializeResult['capabilities'];
  if (!isPlainObject(capabilities) || capabilities['tools'] === undefined) return { initializeResult };
  const toolsListResult = resultOf(
    await deliver({ jsonrpc: '2.0', id: 'manifest-tools-list', method: 'tools/list', params: {} }),
  );
  if (toolsListResult === undefined) return undefined;
  return { initializeResult, toolsListResult };
}

/** The `result` of a JSON-RPC success reply; `undefined` for an error reply or anything else. */
function resultOf(reply: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(reply)) return undefined;
  const result = reply['result'];
  return isPlainObject(result) ? result : undefined;
}

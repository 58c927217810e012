/**
 * Public API of @ccsdk/mcp-inproc: in-process MCP servers for Claude Code. Everything listed here
 * is public; nothing else is.
 */
export type { SdkMcpErrorCode } from './errors.js';
export { SdkMcpError } from './errors.js';
export { invalidArgumentsText } from './invalid-arguments.js';
export type { JsonRpcAck, JsonRpcErrorReply } from './json-rpc.js';
export { JSON_RPC_ERROR } from './json-rpc.js';
export type { JsonSchema } from './json-schema.js';
export { JSON_SCHEMA_TARGET } from './json-schema.js';
export {
  DEFAULT_SERVER_VERSION,
  DEFAULT_TOOL_TIMEOUT_MS,
  MANIFEST_PROTOCOL_VERSION,
  MANIFEST_TIMEOUT_MS,
  MIN_SERVER_TIMEOUT_MS,
} from './limits.js';
export type { LinkedMcpTransport } from './linked-mcp-transport.js';
export { createLinkedMcpTransportPair } from './linked-mcp-transport.js';
export {
  declaredZod4Optin,
  inOfficialShapeForm,
  isZodSchema,
  isZodShape,
  JSON_SCHEMA_DIALECT_URI,
  officialToolDefinition,
} from './official-tool-form.js';
export type { SdkMcpPromptDefinition } from './prompt.js';
export { prompt } from './prompt.js';
export type { SdkMcpRequestExtra, SdkMcpResourceDefinition } from './resource.js';
export type { SdkMcpHandleOptions, SdkMcpRouterOptions } from './router.js';
export { SdkMcpRouter } from './router.js';
export type { InferShape, InferToolInput, ToolInputSchema, ToolInputShape } from './schema-types.js';
export type { CreateSdkMcpServerOptions, McpSdkServerConfigWithInstance } from './sdk-mcp-server.js';
export { createSdkMcpServer } from './sdk-mcp-server.js';
export { isSdkMcpServerConfig } from './sdk-server-config.js';
export type { SdkMcpServerManifest } from './server-manifest.js';
export { MAX_TIMER_DELAY_MS } from './timeout.js';
export type {
  ExtendedSdkMcpToolDefinition,
  SdkMcpToolDefinition,
  SdkMcpToolExtra,
  SdkMcpToolExtras,
  SdkMcpToolHandler,
} from './tool.js';
export { TOOL_NAME_PATTERN, tool } from './tool.js';
export { UnconvertibleSchemaError } from './unconvertible-schema-error.js';
export { UNLISTABLE_TOOL_WARNING_CODE, warnUnlistableTool } from './unlistable-tool-warning.js';

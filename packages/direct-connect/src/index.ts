/**
 * Public API of @ccsdk/direct-connect: reach a Claude Code session hosted by a Direct Connect
 * server over HTTP and WebSocket. Everything listed here is public; nothing else is.
 */
export { closeCodeForExit, DIRECT_CONNECT_CLOSE_CODES, exitCodeFromCloseCode } from './close-codes.js';
export { DirectConnectTransport } from './direct-connect-transport.js';
export { END_OF_INPUT_FRAME_BYTES, isEndOfInputFrame } from './end-of-input.js';
export type { DirectConnectErrorCode, DirectConnectErrorInit } from './errors.js';
export { DirectConnectError } from './errors.js';
export {
  ERROR_BODY_PREVIEW_CHARS,
  MAX_SESSION_RESPONSE_BYTES,
  SESSION_CREATE_TIMEOUT_MS,
  WEBSOCKET_CLOSE_TIMEOUT_MS,
  WEBSOCKET_OPEN_TIMEOUT_MS,
} from './limits.js';
export type { DirectConnectEndpoint } from './parse-direct-connect-url.js';
export { parseDirectConnectUrl, redactDirectConnectUrl } from './parse-direct-connect-url.js';
export type { DirectConnectSession } from './session-response.js';
export { parseSessionResponse } from './session-response.js';
export type {
  SseCatchUpTruncated,
  SseClientEventAccepted,
  SseClientEventBody,
  SseDeliveryStatus,
  SseDeliveryUpdate,
  SseDurableEvent,
  SseRefusalCode,
  SseSessionEnded,
} from './sse-wire.js';
export {
  SSE_CATCH_UP_TRUNCATED,
  SSE_CLIENT_EVENT,
  SSE_DELIVERY_UPDATE,
  SSE_EPHEMERAL_EVENT,
  SSE_KEEPALIVE_INTERVAL_MS,
  SSE_MAX_CURSOR_CHARS,
  SSE_SESSION_ENDED,
} from './sse-wire.js';
export type { DirectConnectTransportOptions } from './transport-options.js';

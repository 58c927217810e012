/**
 * Public API of @ccsdk/control-protocol. Everything listed here is public; nothing else is.
 */
export type { ControlProtocolErrorCode } from './errors.js';
export { ControlProtocolError } from './errors.js';
export type { JsonLinesDecoderOptions } from './json-lines-decoder.js';
export { JsonLinesDecoder } from './json-lines-decoder.js';
export { BAD_LINE_PREVIEW_CHARS, DEFAULT_MAX_LINE_BYTES } from './limits.js';
export type { LineSplitterOptions } from './line-splitter.js';
export { LineSplitter } from './line-splitter.js';
export type { Transport, TransportCloseInfo } from './transport.js';

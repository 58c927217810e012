import { WASM_NEEDS_JS, WasmFieldScan } from './json-scan-wasm.js';
import { findKeyMentionsJs, type KeyMentions } from './key-mentions.js';
import { WASM_SCAN_MAX_LINE_BYTES } from './limits.js';
import { decodeUtf8 } from './utf8.js';

/** {@link TopLevelScanner.scan} result: a well-formed object. */
export const SCAN_OK = 0;
/** {@link TopLevelScanner.scan} result: not a JSON object (garbage, bad structure). */
export const SCAN_MALFORMED = 1;
/** {@link TopLevelScanner.scan} result: the bytes end inside the object (a cut line). Fields seen before the cut are kept. */
export const SCAN_TRUNCATED = 2;
/** {@link TopLevelScanner.scan} result: only whitespace. */
export const SCAN_BLANK = 3;

/** One of `SCAN_OK`, `SCAN_MALFORMED`, `SCAN_TRUNCATED`, `SCAN_BLANK`. */
export type ScanStatus = 0 | 1 | 2 | 3;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const TRUNCATED = -1;
const MALFORMED = -2;
/** Bytes scanned in JavaScript before a string's end is searched natively. */
const STRING_FAST_SCAN_BYTES = 32;

const WHITESPACE = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WHITESPACE[c] = 1;
/** Bytes that may appear in numbers, `true`, `false`, `null`, and whitespace. */
const SCALAR = new Uint8Array(256);
for (const c of '0123456789+-.eEtrufalsn \t\r\n') SCALAR[c.charCodeAt(0)] = 1;
/** Bytes allowed outside strings inside an array or object. */
const NESTED = new Uint8Array(SCALAR);
for (const c of ',:') NESTED[c.charCodeAt(0)] = 1;

function skipWhitespace(b: Uint8Array, i: number, end: number): number {
  while (i < end && WHITESPACE[b[i]!] === 1) i++;
  return i;
}

/** `b[i]` is a quote; returns the index after the closing quote, or TRUNCATED. */
function skipString(b: Uint8Array, i: number, end: number): number {
  let j = i + 1;
  const fastEnd = Math.min(end, j + STRING_FAST_SCAN_BYTES);
  while (j < fastEnd) {
    const c = b[j]!;
    if (c === QUOTE) return j + 1;
    j += c === BACKSLASH ? 2 : 1;
  }
  for (;;) {
    if (j >= end) return TRUNCATED;
    const q = b.indexOf(QUOTE, j);
    if (q === -1 || q >= end) return TRUNCATED;
    let k = q - 1;
    while (k >= j && b[k] === BACKSLASH) k--;
    if (((q - 1 - k) & 1) === 0) return q + 1;
    j = q + 1;
  }
}

let closers = new Uint8Array(64);

/** `b[i]` opens an object or array; returns the index after its matching closer, or an error. */
function skipContainer(b: Uint8Array, i: number, end: number): number {
  let depth = 0;
  closers[depth++] = b[i] === LBRACE ? RBRACE : RBRACKET;
  i++;
  while (i < end) {
    const c = b[i]!;
    if (c === QUOTE) {
      i = skipString(b, i, end);
      if (i < 0) return i;
      continue;
    }
    if (c === LBRACE || c === LBRACKET) {
      if (depth === closers.length) {
        const grown = new Uint8Array(closers.length * 2);
        grown.set(closers);
        closers = grown;
      }
      closers[depth++] = c === LBRACE ? RBRACE : RBRACKET;
    } else if (c === RBRACE || c === RBRACKET) {
      if (closers[--depth] !== c) return MALFORMED;
      if (depth === 0) return i + 1;
    } else if (NESTED[c] !== 1) {
      return MALFORMED;
    }
    i++;
  }
  return TRUNCATED;
}

function skipScalar(b: Uint8Array, i: number, end: number): number {
  const start = i;
  while (i < end && SCALAR[b[i]!] === 1 && WHITESPACE[b[i]!] !== 1) i++;
  if (i === start) return MALFORMED;
  return i;
}

function skipValue(b: Uint8Array, i: number, end: number): number {
  const c = b[i]!;
  if (c === QUOTE) return skipString(b, i, end);
  if (c === LBRACE || c === LBRACKET) return skipContainer(b, i, end);
  return skipScalar(b, i, end);
}

/** Which engine a {@link TopLevelScanner} runs: WebAssembly where it can (the default), or JavaScript only. */
export type ScanEngine = 'auto' | 'js';

/**
 * Reads chosen top-level fields of one JSON object line without building the object.
 *
 * Nested values are skipped (strings by a native search for the closing quote), so a key inside
 * a tool input never counts as a top-level key. The structure is checked (balanced brackets,
 * terminated strings, legal bytes outside strings, top-level keys and commas); the content of
 * strings and the grammar of nested scalars are not. Callers that return data parse it with
 * `JSON.parse` and treat a failure as a malformed line. The last duplicate key wins, as in
 * `JSON.parse`.
 *
 * Two engines apply these rules identically: a WebAssembly module (compiled ahead, so a first call
 * in a fresh process is as fast as a later one; strings skipped sixteen bytes at a time), used
 * where the runtime supports it, and this JavaScript one, which also takes the lines the module
 * hands back (keys spelled with escapes, very deep nesting, lines over
 * `WASM_SCAN_MAX_LINE_BYTES`).
 */
export class TopLevelScanner {
  /** The fields looked for, by index. */
  readonly keys: readonly string[];
  readonly #keyBytes: Uint8Array[];
  readonly #starts: Float64Array;
  readonly #ends: Float64Array;
  /** The module's results when it scanned the last line, else `undefined` (`#starts`/`#ends` hold them). */
  #wasmResults: Int32Array | undefined;
  /** Where the line the module scanned starts in `#bytes`. */
  #wasmBase = 0;
  /** The WebAssembly engine, made on first use (`null` when not asked for or unavailable). */
  #wasmEngine: WasmFieldScan | null | undefined;
  #bytes: Uint8Array = new Uint8Array(0);
  #maxKeyLength = 0;

  constructor(keys: readonly string[], engine: ScanEngine = 'auto') {
    this.keys = keys;
    this.#keyBytes = keys.map((key) => new TextEncoder().encode(key));
    this.#starts = new Float64Array(keys.length);
    this.#ends = new Float64Array(keys.length);
    for (const key of this.#keyBytes) this.#maxKeyLength = Math.max(this.#maxKeyLength, key.length);
    if (engine === 'js') this.#wasmEngine = null;
  }

  /**
   * The WebAssembly engine, instantiated on first use rather than in the constructor, so a module
   * that keeps scanners at top level costs no WebAssembly memory to a process that never scans.
   */
  get #wasm(): WasmFieldScan | undefined {
    if (this.#wasmEngine === undefined) this.#wasmEngine = WasmFieldScan.create(this.keys) ?? null;
    return this.#wasmEngine ?? undefined;
  }

  /** The engine lines go to first: `wasm`, or `js` where WebAssembly is unavailable or was not asked for. */
  get engine(): 'wasm' | 'js' {
    return this.#wasm === undefined ? 'js' : 'wasm';
  }

  /**
   * A buffer of `length` bytes whose lines this scanner reads without copying them: the
   * WebAssembly engine's own input area, or a plain buffer for the JavaScript engine. Scanning a
   * line from any other buffer may overwrite or detach it, so a caller that keeps it scans only
   * lines inside it.
   */
  workspace(length: number): Buffer {
    const wasm = this.#wasm;
    if (wasm === undefined) return Buffer.allocUnsafe(length);
    const area = wasm.workspace(length);
    return Buffer.from(area.buffer, area.byteOffset, area.length);
  }

  /** Scans `[start, end)` of `bytes`. Field accessors then refer to this line until the next scan. */
  scan(bytes: Uint8Array, start: number, end: number): ScanStatus {
    this.#bytes = bytes;
    const wasm = this.#wasm;
    if (wasm !== undefined) {
      const status = wasm.scan(bytes, start, end);
      if (status !== WASM_NEEDS_JS) {
        // The ranges are read from the module's memory when asked for: no copy per line.
        this.#wasmResults = wasm.results;
        this.#wasmBase = start;
        return status as ScanStatus;
      }
    }
    this.#wasmResults = undefined;
    return this.#scanJs(bytes, start, end);
  }

  /**
   * Fills `out` with where the keys whose bits are set in `wanted` (by index, below 32) are
   * mentioned in `bytes[start, end)`: every `"key"`, top-level or not (see `key-mentions.ts`),
   * and which of them it found at all (`out.keys`). Returns false when the search gives up (more than `MAX_KEY_MENTIONS`, or an escape that may
   * spell a letter); then only reading every line is exact. Like {@link scan}, a range inside the
   * {@link workspace} is searched where it lies.
   */
  mentions(bytes: Uint8Array, start: number, end: number, wanted: number, out: KeyMentions): boolean {
    const wasm = this.#wasm;
    if (wasm !== undefined && end - start <= WASM_SCAN_MAX_LINE_BYTES)
      return wasm.mentions(bytes, start, end, wanted, out);
    return findKeyMentionsJs(bytes, start, end, this.#keyBytes, wanted, out);
  }

  #scanJs(bytes: Uint8Array, start: number, end: number): ScanStatus {
    this.#starts.fill(-1);
    const b = bytes;
    let i = skipWhitespace(b, start, end);
    if (i >= end) return SCAN_BLANK;
    if (b[i] !== LBRACE) return SCAN_MALFORMED;
    i = skipWhitespace(b, i + 1, end);
    if (i < end && b[i] === RBRACE) return skipWhitespace(b, i + 1, end) === end ? SCAN_OK : SCAN_MALFORMED;
    for (;;) {
      if (i >= end) return SCAN_TRUNCATED;
      if (b[i] !== QUOTE) return SCAN_MALFORMED;
      const keyStart = i;
      i = skipString(b, i, end);
      if (i < 0) return SCAN_TRUNCATED;
      const keyEnd = i;
      i = skipWhitespace(b, i, end);
      if (i >= end) return SCAN_TRUNCATED;
      if (b[i] !== COLON) return SCAN_MALFORMED;
      i = skipWhitespace(b, i + 1, end);
      if (i >= end) return SCAN_TRUNCATED;
      const valueStart = i;
      i = skipValue(b, i, end);
      if (i === MALFORMED) return SCAN_MALFORMED;
      if (i === TRUNCATED) return SCAN_TRUNCATED;
      const index = this.#match(keyStart + 1, keyEnd - 1);
      if (index !== -1) {
        this.#starts[index] = valueStart;
        this.#ends[index] = i;
      }
      i = skipWhitespace(b, i, end);
      if (i >= end) return SCAN_TRUNCATED;
      const c = b[i];
      if (c === COMMA) {
        i = skipWhitespace(b, i + 1, end);
        continue;
      }
      if (c === RBRACE) return skipWhitespace(b, i + 1, end) === end ? SCAN_OK : SCAN_MALFORMED;
      return SCAN_MALFORMED;
    }
  }

  #match(start: number, end: number): number {
    const length = end - start;
    if (length > this.#maxKeyLength * 6) return -1;
    const b = this.#bytes;
    if (hasBackslash(b, start, end)) {
      const key = parseJsonString(decodeUtf8(b, start - 1, end + 1));
      return key === undefined ? -1 : this.keys.indexOf(key);
    }
    const keys = this.#keyBytes;
    outer: for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      if (key.length !== length) continue;
      for (let j = 0; j < length; j++) if (key[j] !== b[start + j]) continue outer;
      return k;
    }
    return -1;
  }

  /** Where the field's value starts in `#bytes`, or -1 when the last line lacks it. */
  #start(index: number): number {
    const results = this.#wasmResults;
    if (results === undefined) return this.#starts[index]!;
    const start = results[2 * index]!;
    return start < 0 ? -1 : this.#wasmBase + start;
  }

  /** Where the field's value ends (exclusive); only for a field that is present. */
  #end(index: number): number {
    const results = this.#wasmResults;
    return results === undefined ? this.#ends[index]! : this.#wasmBase + results[2 * index + 1]!;
  }

  /** True when the field was present in the last scanned line. */
  has(index: number): boolean {
    return this.#start(index) >= 0;
  }

  /** The field's value when it is a JSON string (escapes decoded, bad UTF-8 as U+FFFD); else `undefined`. */
  string(index: number): string | undefined {
    const start = this.#start(index);
    if (start < 0 || this.#bytes[start] !== QUOTE) return undefined;
    const end = this.#end(index);
    const b = this.#bytes;
    if (!hasBackslash(b, start, end)) return decodeUtf8(b, start + 1, end - 1);
    return parseJsonString(decodeUtf8(b, start, end));
  }

  /** The field's value when it is `true` or `false`; else `undefined`. */
  boolean(index: number): boolean | undefined {
    const start = this.#start(index);
    if (start < 0) return undefined;
    const b = this.#bytes;
    const length = this.#end(index) - start;
    if (
      length === 4 &&
      b[start] === 0x74 &&
      b[start + 1] === 0x72 &&
      b[start + 2] === 0x75 &&
      b[start + 3] === 0x65
    ) {
      return true;
    }
    if (length === 5 && b[start] === 0x66) return false;
    return undefined;
  }

  /** The field's value when it is a string or a boolean; else `undefined`. */
  scalar(index: number): string | boolean | undefined {
    const start = this.#start(index);
    if (start < 0) return undefined;
    return this.#bytes[start] === QUOTE ? this.string(index) : this.boolean(index);
  }

  /** The byte range `[start, end)` of the field's raw value, or `undefined` when absent. */
  range(index: number): [number, number] | undefined {
    const start = this.#start(index);
    return start < 0 ? undefined : [start, this.#end(index)];
  }

  /** The field's value parsed as JSON, or `undefined` when absent. Throws a `SyntaxError` when it does not parse. */
  json(index: number): unknown {
    const start = this.#start(index);
    if (start < 0) return undefined;
    return JSON.parse(decodeUtf8(this.#bytes, start, this.#end(index)));
  }
}

/** Values up to this many bytes are searched for a backslash byte by byte (cheaper than a native call). */
const SHORT_VALUE_BYTES = 64;

/**
 * True when `[start, end)` holds a backslash. Bounded to the range: a native search from `start`
 * would run on to the end of the buffer (kilobytes past a short value) whenever the value has none.
 */
function hasBackslash(b: Uint8Array, start: number, end: number): boolean {
  if (end - start <= SHORT_VALUE_BYTES) {
    for (let i = start; i < end; i++) if (b[i] === BACKSLASH) return true;
    return false;
  }
  const slash = b.indexOf(BACKSLASH, start);
  return slash !== -1 && slash < end;
}

function parseJsonString(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

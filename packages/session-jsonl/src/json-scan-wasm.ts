import { WASM_SCAN_MAX_LINE_BYTES } from './limits.js';
import { TOP_LEVEL_SCAN_WASM_BASE64 } from './wasm/top-level-scan.generated.js';

/** {@link WasmFieldScan.scan} result when the JavaScript scanner must decide the line. */
export const WASM_NEEDS_JS = 4;

/** Layout of the module's memory; see `wasm/top-level-scan.wat`. */
const KEY_COUNT_AT = 0;
const KEY_TABLE_AT = 8;
const KEY_BYTES_AT = 1024;
const KEY_BYTES_END = 4096;
const RESULTS_AT = 4096;
const INPUT_AT = 131072;
/** Spare bytes after the line: the module reads sixteen at a time. */
const INPUT_SLACK = 16;
const MAX_KEYS = 64;
const PAGE_BYTES = 65536;

/** The module's memory is little-endian; results are read through a native-order view. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The part of the WebAssembly API used here (the package's type libraries do not declare it). */
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

interface ScanExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  readonly scan: (at: number, length: number) => number;
}

const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
let compiled: object | null | undefined;

/** The compiled module, or `null` where this runtime cannot run it (no WebAssembly or no SIMD). */
function scanModule(): object | null {
  if (compiled === undefined) {
    try {
      compiled =
        wasmApi === undefined ? null : new wasmApi.Module(Buffer.from(TOP_LEVEL_SCAN_WASM_BASE64, 'base64'));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * The WebAssembly engine of the top-level field scanner: the same rules as the JavaScript one,
 * but compiled ahead (no warm-up), with strings skipped sixteen bytes at a time. Each instance has
 * its own module instance and memory; a line is copied in (unless it already lies in the
 * {@link WasmFieldScan.workspace}), scanned, and the wanted fields' value ranges are read back.
 */
export class WasmFieldScan {
  readonly #exports: ScanExports;
  #bytes: Uint8Array;
  #results: Int32Array;
  readonly #keyCount: number;

  private constructor(exports: ScanExports, keyCount: number) {
    this.#exports = exports;
    this.#bytes = new Uint8Array(exports.memory.buffer);
    this.#results = new Int32Array(exports.memory.buffer, RESULTS_AT, MAX_KEYS * 2);
    this.#keyCount = keyCount;
  }

  /**
   * An engine looking for `keys`, or `undefined` when this runtime cannot run the module (no
   * WebAssembly, no SIMD, a big-endian machine) or the keys do not fit it (more than 64, longer
   * than 3 KiB together, or holding a byte a JSON key would have to escape); the caller then
   * scans in JavaScript.
   */
  static create(keys: readonly string[]): WasmFieldScan | undefined {
    const module = scanModule();
    if (module === null || !LITTLE_ENDIAN || keys.length > MAX_KEYS) return undefined;
    const encoded = keys.map((key) => Buffer.from(key, 'utf8'));
    const total = encoded.reduce((sum, key) => sum + key.length, 0);
    if (KEY_BYTES_AT + total > KEY_BYTES_END) return undefined;
    if (encoded.some((key) => key.some((byte) => byte < 0x20 || byte === 0x22 || byte === 0x5c))) {
      return undefined;
    }
    let exports: ScanExports;
    try {
      exports = new wasmApi!.Instance(module, {}).exports as ScanExports;
    } catch {
      return undefined;
    }
    const view = new DataView(exports.memory.buffer);
    const bytes = new Uint8Array(exports.memory.buffer);
    view.setInt32(KEY_COUNT_AT, keys.length, true);
    let at = KEY_BYTES_AT;
    encoded.forEach((key, index) => {
      bytes.set(key, at);
      view.setInt32(KEY_TABLE_AT + index * 8, at, true);
      view.setInt32(KEY_TABLE_AT + index * 8 + 4, key.length, true);
      at += key.length;
    });
    return new WasmFieldScan(exports, keys.length);
  }

  /**
   * Scans `bytes[start, end)`. Returns a scan status (0 ok, 1 malformed, 2 truncated, 3 blank) and
   * fills `starts`/`ends` with the wanted fields' value ranges in `bytes` (-1 start when absent);
   * or returns {@link WASM_NEEDS_JS}, leaving them undefined, when the line is longer than
   * {@link WASM_SCAN_MAX_LINE_BYTES}, nests deeper than the module's stack, or spells a top-level
   * key with escapes.
   */
  scan(bytes: Uint8Array, start: number, end: number, starts: Float64Array, ends: Float64Array): number {
    const length = end - start;
    if (length > WASM_SCAN_MAX_LINE_BYTES) return WASM_NEEDS_JS;
    let at = bytes.byteOffset + start - INPUT_AT;
    const inPlace =
      bytes.buffer === this.#bytes.buffer &&
      at >= 0 &&
      INPUT_AT + at + length + INPUT_SLACK <= this.#bytes.length;
    if (!inPlace) {
      at = 0;
      this.#reserve(length);
      this.#bytes.set(bytes.subarray(start, end), INPUT_AT);
    }
    const status = this.#exports.scan(at, length);
    if (status === WASM_NEEDS_JS) return status;
    const results = this.#results;
    for (let k = 0; k < this.#keyCount; k++) {
      const valueStart = results[2 * k]!;
      starts[k] = valueStart < 0 ? -1 : start + valueStart;
      ends[k] = valueStart < 0 ? 0 : start + results[2 * k + 1]!;
    }
    return status;
  }

  /**
   * `length` bytes of the module's input area, for a caller to read lines into and scan in place
   * (no copy). A scan of a line from any other buffer overwrites its start, and one longer than
   * the memory holds detaches it; a caller that scans only lines inside it can keep it.
   */
  workspace(length: number): Uint8Array {
    this.#reserve(length);
    return new Uint8Array(this.#bytes.buffer, INPUT_AT, length);
  }

  /** Grows the module's memory to hold a line of `length` bytes and its slack. */
  #reserve(length: number): void {
    const memory = this.#exports.memory;
    const need = INPUT_AT + length + INPUT_SLACK;
    if (need <= memory.buffer.byteLength) return;
    memory.grow(Math.ceil((need - memory.buffer.byteLength) / PAGE_BYTES));
    // Growing detaches the old buffer: every view is made again.
    this.#bytes = new Uint8Array(memory.buffer);
    this.#results = new Int32Array(memory.buffer, RESULTS_AT, MAX_KEYS * 2);
  }
}

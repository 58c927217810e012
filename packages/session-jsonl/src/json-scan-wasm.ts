import { type KeyMentions, MAX_KEY_MENTIONS } from './key-mentions.js';
import { WASM_SCAN_MAX_LINE_BYTES } from './limits.js';
import { TOP_LEVEL_SCAN_WASM_BASE64 } from './wasm/top-level-scan.generated.js';
import {
  embeddedModule,
  instantiateWithKeys,
  type KeyTableLayout,
  WASM_PAGE_BYTES,
  type WasmMemoryExports,
} from './wasm-embed.js';

/** {@link WasmFieldScan.scan} result when the JavaScript scanner must decide the line. */
export const WASM_NEEDS_JS = 4;

/** Layout of the module's memory; see `wasm/top-level-scan.wat`. */
const KEY_TABLE: KeyTableLayout = { countAt: 0, tableAt: 8, bytesAt: 1024, bytesEnd: 4096, maxKeys: 64 };
const MAX_KEYS = KEY_TABLE.maxKeys;
const RESULTS_AT = 4096;
const MENTIONS_AT = 9216;
/** Per mention slot, an i32 of the keys its last pass found, as bits. */
const KEYS_MENTIONED_AT = 4608;
/** Bytes of one mention output slot (two i32 per mention). */
const MENTION_SLOT_BYTES = MAX_KEY_MENTIONS * 8;
const INPUT_AT = 131072;
/** Spare bytes after the line: the module reads sixteen at a time. */
const INPUT_SLACK = 16;

interface ScanExports extends WasmMemoryExports {
  readonly scan: (at: number, length: number) => number;
  readonly mentions: (at: number, length: number, wanted: number, slot: number) => number;
  readonly index_keys: () => void;
}

/** The compiled module, or `null` where this runtime cannot run it. */
const scanModule = embeddedModule(TOP_LEVEL_SCAN_WASM_BASE64);

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
  #mentionSlots: Int32Array[];
  #keysMentioned: Int32Array;

  private constructor(exports: ScanExports) {
    this.#exports = exports;
    this.#bytes = new Uint8Array(exports.memory.buffer);
    this.#results = new Int32Array(exports.memory.buffer, RESULTS_AT, MAX_KEYS * 2);
    this.#mentionSlots = mentionSlots(exports.memory.buffer);
    this.#keysMentioned = new Int32Array(exports.memory.buffer, KEYS_MENTIONED_AT, 2);
  }

  /**
   * An engine looking for `keys`, or `undefined` when this runtime cannot run the module (no
   * WebAssembly, no SIMD, a big-endian machine) or the keys do not fit it (more than 64, longer
   * than 3 KiB together, or holding a byte a JSON key would have to escape); the caller then
   * scans in JavaScript.
   */
  static create(keys: readonly string[]): WasmFieldScan | undefined {
    const exports = instantiateWithKeys<ScanExports>(scanModule(), keys, KEY_TABLE);
    if (exports === undefined) return undefined;
    exports.index_keys();
    return new WasmFieldScan(exports);
  }

  /**
   * Scans `bytes[start, end)`. Returns a scan status (0 ok, 1 malformed, 2 truncated, 3 blank),
   * the wanted fields' value ranges then in {@link WasmFieldScan.results}; or returns
   * {@link WASM_NEEDS_JS} when the line is longer than {@link WASM_SCAN_MAX_LINE_BYTES}, nests
   * deeper than the module's stack, or spells a top-level key with escapes.
   */
  scan(bytes: Uint8Array, start: number, end: number): number {
    if (end - start > WASM_SCAN_MAX_LINE_BYTES) return WASM_NEEDS_JS;
    return this.#exports.scan(this.#place(bytes, start, end), end - start);
  }

  /**
   * The last scan's value ranges, per key `k`: the start at `2k` (-1 when absent), the end at
   * `2k + 1`, both from the line's first byte. A view of the module's memory, valid until the next
   * scan.
   */
  get results(): Int32Array {
    return this.#results;
  }

  /**
   * Fills `out` with the mentions (`"key"`) in `bytes[start, end)` of the keys whose bits are set
   * in `wanted`, and which keys it found, as `findKeyMentionsJs` does; false when the search gives
   * up (too many mentions, an escape that may spell a letter).
   */
  mentions(bytes: Uint8Array, start: number, end: number, wanted: number, out: KeyMentions): boolean {
    const length = end - start;
    const at = this.#place(bytes, start, end);
    const count = this.#exports.mentions(at, length, wanted, out.slot);
    if (count < 0) return false;
    out.entries = this.#mentionSlots[out.slot]!;
    out.offset = start;
    out.count = count;
    out.keys = this.#keysMentioned[out.slot]!;
    return true;
  }

  /**
   * Where `bytes[start, end)` lies in the module's input area (`at`, from its start): in place when
   * `bytes` is the {@link WasmFieldScan.workspace}, else copied to its start.
   */
  #place(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    const at = bytes.byteOffset + start - INPUT_AT;
    const inPlace =
      bytes.buffer === this.#bytes.buffer &&
      at >= 0 &&
      INPUT_AT + at + length + INPUT_SLACK <= this.#bytes.length;
    if (inPlace) return at;
    this.#reserve(length);
    this.#bytes.set(bytes.subarray(start, end), INPUT_AT);
    return 0;
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
    memory.grow(Math.ceil((need - memory.buffer.byteLength) / WASM_PAGE_BYTES));
    // Growing detaches the old buffer: every view is made again.
    this.#bytes = new Uint8Array(memory.buffer);
    this.#results = new Int32Array(memory.buffer, RESULTS_AT, MAX_KEYS * 2);
    this.#mentionSlots = mentionSlots(memory.buffer);
    this.#keysMentioned = new Int32Array(memory.buffer, KEYS_MENTIONED_AT, 2);
  }
}

/** Views of the module's two mention output slots. */
function mentionSlots(buffer: ArrayBuffer): Int32Array[] {
  return [0, 1].map(
    (slot) => new Int32Array(buffer, MENTIONS_AT + slot * MENTION_SLOT_BYTES, MAX_KEY_MENTIONS * 2),
  );
}

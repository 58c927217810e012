import { readSync } from 'node:fs';
import { LINE_INDEX_CHUNK_BYTES, WASM_SCAN_MAX_LINE_BYTES } from './limits.js';
import { LINE_INDEX_WASM_BASE64 } from './wasm/line-index.generated.js';
import {
  embeddedModule,
  instantiateWithKeys,
  type KeyTableLayout,
  WASM_PAGE_BYTES,
  type WasmMemoryExports,
} from './wasm-embed.js';
import { SYNC_SLICE_MS } from './yield-slices.js';

/** Line status in a {@link LineBatch} record: the line is a JSON object (`JSON.parse` would take it). */
export const LINE_OK = 0;
/** Line status: not a JSON object (garbage, a line cut by a crash, or JSON of another kind). */
export const LINE_INVALID = 1;
/** Line status: only whitespace. */
export const LINE_BLANK = 3;
/** Line status: the indexer leaves the line to JavaScript (a top-level key spelled with escapes, or nesting deeper than 65,536 levels). */
export const LINE_NEEDS_JS = 4;

/** Int32s per record in {@link LineBatch.records}. */
export const RECORD_INTS = 40;
/** Record slot of the line's start in {@link LineBatch.bytes}. */
export const LINE_START = 0;
/** Record slot of the line's end in {@link LineBatch.bytes} (its line feed, or the end of the file). */
export const LINE_END = 1;
/** Record slot of the line's status: {@link LINE_OK}, {@link LINE_INVALID}, {@link LINE_BLANK} or {@link LINE_NEEDS_JS}. */
export const LINE_STATUS = 2;
/**
 * Record slot of the escape mask: bit k is set when key k's value is a string holding a backslash
 * (it needs decoding); {@link MESSAGE_ID_ESCAPED} is the same for the message's `id`.
 */
export const ESCAPE_MASK = 3;
/** Bit of {@link ESCAPE_MASK} for the message's `id`. */
export const MESSAGE_ID_ESCAPED = 1 << 16;
/** Record slot of the start (then end) of the `id` value of the object under the message key; start -1 when absent. */
export const MESSAGE_ID_START = 4;
/** Record slot of the start (then end) of wanted key 0's value; key k is at `KEY_START + 2k`; start -1 when absent. */
export const KEY_START = 6;

/** Layout of the module's memory; see `wasm/line-index.wat`. */
const KEY_TABLE: KeyTableLayout = { countAt: 0, tableAt: 64, bytesAt: 256, bytesEnd: 1024, maxKeys: 16 };
const MESSAGE_KEY_AT = 4;
const NEXT_AT = 8;
const NEED_MORE_AT = 12;
const RECORDS_AT = 1024;
const RECORD_CAPACITY = 400;
const INPUT_AT = 131072;
/** Spare readable bytes after the input: the module reads sixteen at a time. */
const INPUT_SLACK = 16;

/** One batch of indexed lines: valid only while the visitor runs. */
export interface LineBatch {
  /** The bytes the records point into. */
  readonly bytes: Buffer;
  /** {@link RECORD_INTS} int32s per line; see the slot constants. */
  readonly records: Int32Array;
  /** Lines in the batch. */
  readonly count: number;
  /** File offset of `bytes[0]`. */
  readonly fileOffset: number;
}

interface IndexExports extends WasmMemoryExports {
  readonly index: (pos: number, filled: number, eof: number) => number;
}

/** The compiled module, or `null` where this runtime cannot run it. */
const indexModule = embeddedModule(LINE_INDEX_WASM_BASE64);

/**
 * The validating line indexer: streams a JSONL file through a WebAssembly module that checks
 * every line against the JSON grammar in full (a line counts as an object exactly when
 * `JSON.parse` would return one) and records where the values of the wanted top-level keys lie,
 * without building anything. The caller decodes and parses only the values it needs.
 *
 * One instance reads one file at a time; its memory is its own (see {@link LineIndexer.create}).
 */
export class LineIndexer {
  readonly #exports: IndexExports;
  #bytes: Buffer;
  #records: Int32Array;
  #ints: Int32Array;
  /** Bytes of input the memory holds now (it grows for long lines, never shrinks). */
  #capacity: number;

  private constructor(exports: IndexExports) {
    this.#exports = exports;
    this.#bytes = Buffer.alloc(0);
    this.#records = new Int32Array(0);
    this.#ints = new Int32Array(0);
    this.#capacity = 0;
    this.#reserve(LINE_INDEX_CHUNK_BYTES);
  }

  /**
   * An indexer for `keys` (at most 16, 768 bytes together, none needing an escape in JSON) that
   * also finds the `id` member of the object under `keys[messageKey]`; `undefined` where the
   * runtime cannot run the module (no WebAssembly, no SIMD, a big-endian machine) or the keys do
   * not fit it. The caller then reads lines another way.
   */
  static create(keys: readonly string[], messageKey: number): LineIndexer | undefined {
    const exports = instantiateWithKeys<IndexExports>(indexModule(), keys, KEY_TABLE);
    if (exports === undefined) return undefined;
    new DataView(exports.memory.buffer).setInt32(MESSAGE_KEY_AT, messageKey, true);
    return new LineIndexer(exports);
  }

  /**
   * Reads the open file `fd` from its start to its end and hands its lines to `visit` in
   * batches, in file order, giving the event loop a turn every {@link SYNC_SLICE_MS}. A final
   * line without a line feed is included. Returns `false`, having stopped, when a line is longer
   * than {@link WASM_SCAN_MAX_LINE_BYTES} (memory the module would keep for good); the caller
   * then reads the file another way.
   */
  index(fd: number, visit: (batch: LineBatch) => void): Promise<boolean> {
    return this.#run((target, at, length, position) => readSync(fd, target, at, length, position), visit);
  }

  /** {@link index} over bytes in memory instead of a file. */
  indexBytes(source: Uint8Array, visit: (batch: LineBatch) => void): Promise<boolean> {
    return this.#run((target, at, length, position) => {
      const end = Math.min(source.length, position + length);
      if (position >= end) return 0;
      target.set(source.subarray(position, end), at);
      return end - position;
    }, visit);
  }

  async #run(
    fill: (target: Buffer, at: number, length: number, position: number) => number,
    visit: (batch: LineBatch) => void,
  ): Promise<boolean> {
    let fileOffset = 0;
    let filled = 0;
    let pos = 0;
    let eof = false;
    let sliceStart = performance.now();
    for (;;) {
      const count = this.#exports.index(pos, filled, eof ? 1 : 0);
      const ints = this.#ints;
      if (count > 0) visit({ bytes: this.#bytes, records: this.#records, count, fileOffset });
      pos = ints[NEXT_AT / 4]!;
      const needMore = ints[NEED_MORE_AT / 4] === 1;
      if (eof && pos >= filled) return true;
      if (needMore || pos >= filled) {
        // Keep the unread tail, and make room for a line longer than the input area.
        this.#bytes.copyWithin(0, pos, filled);
        fileOffset += pos;
        filled -= pos;
        pos = 0;
        if (filled === this.#capacity) {
          if (filled >= WASM_SCAN_MAX_LINE_BYTES) return false;
          this.#reserve(Math.min(WASM_SCAN_MAX_LINE_BYTES, this.#capacity * 2));
        }
        const read = fill(this.#bytes, filled, this.#capacity - filled, fileOffset + filled);
        if (read === 0) eof = true;
        filled += read;
      }
      if (performance.now() - sliceStart >= SYNC_SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  }

  /** Grows the module's memory to hold `capacity` bytes of input and their slack. */
  #reserve(capacity: number): void {
    const memory = this.#exports.memory;
    const need = INPUT_AT + capacity + INPUT_SLACK;
    if (need > memory.buffer.byteLength)
      memory.grow(Math.ceil((need - memory.buffer.byteLength) / WASM_PAGE_BYTES));
    // Growing detaches the old buffer: every view is made again.
    this.#capacity = capacity;
    this.#bytes = Buffer.from(memory.buffer, INPUT_AT, capacity);
    this.#records = new Int32Array(memory.buffer, RECORDS_AT, RECORD_CAPACITY * RECORD_INTS);
    this.#ints = new Int32Array(memory.buffer, 0, 4);
  }
}

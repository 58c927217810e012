/**
 * What the package's embedded WebAssembly modules share: compiling one once from its base64
 * text, instantiating it, and writing the table of wanted keys both modules read (a key count,
 * then per key an offset and a length, then the keys' bytes).
 */

/** The part of the WebAssembly API used here (the package's type libraries do not declare it). */
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

/** The exports every embedded module has: its memory. */
export interface WasmMemoryExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
}

/** Bytes in one WebAssembly memory page. */
export const WASM_PAGE_BYTES = 65536;

/** The modules' memory is little-endian; their results are read through native-order views. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

/**
 * The module embedded as `base64`, compiled on the first call and kept; `null` where this runtime
 * cannot run it (no WebAssembly, no SIMD, a big-endian machine).
 */
export function embeddedModule(base64: string): () => object | null {
  let compiled: object | null | undefined;
  return () => {
    if (compiled === undefined) {
      try {
        compiled =
          wasmApi === undefined || !LITTLE_ENDIAN ? null : new wasmApi.Module(Buffer.from(base64, 'base64'));
      } catch {
        compiled = null;
      }
    }
    return compiled;
  };
}

/** A fresh instance of `module` (its own memory), or `undefined` when it cannot be made. */
function instantiate<T extends WasmMemoryExports>(module: object): T | undefined {
  try {
    return new wasmApi!.Instance(module, {}).exports as T;
  } catch {
    return undefined;
  }
}

/** Where a module keeps its table of wanted keys. */
export interface KeyTableLayout {
  /** Offset of the i32 key count. */
  readonly countAt: number;
  /** Offset of the (offset, length) i32 pairs, one per key. */
  readonly tableAt: number;
  /** Where the keys' bytes start, and the end of the room for them. */
  readonly bytesAt: number;
  readonly bytesEnd: number;
  /** Most keys the module takes. */
  readonly maxKeys: number;
}

/**
 * The keys as UTF-8, or `undefined` when they do not fit `layout` (too many, too long together)
 * or one holds a byte a JSON key would have to escape (the modules compare raw bytes).
 */
function encodeKeys(keys: readonly string[], layout: KeyTableLayout): Buffer[] | undefined {
  if (keys.length > layout.maxKeys) return undefined;
  const encoded = keys.map((key) => Buffer.from(key, 'utf8'));
  const total = encoded.reduce((sum, key) => sum + key.length, 0);
  if (layout.bytesAt + total > layout.bytesEnd) return undefined;
  if (encoded.some((key) => key.some((byte) => byte < 0x20 || byte === 0x22 || byte === 0x5c))) {
    return undefined;
  }
  return encoded;
}

/** Writes keys from {@link encodeKeys} into a module's memory at `layout`. */
function writeKeyTable(memory: ArrayBuffer, keys: readonly Buffer[], layout: KeyTableLayout): void {
  const view = new DataView(memory);
  const bytes = new Uint8Array(memory);
  view.setInt32(layout.countAt, keys.length, true);
  let at = layout.bytesAt;
  keys.forEach((key, index) => {
    bytes.set(key, at);
    view.setInt32(layout.tableAt + index * 8, at, true);
    view.setInt32(layout.tableAt + index * 8 + 4, key.length, true);
    at += key.length;
  });
}

/**
 * A fresh instance of `module` with `keys` written into its key table at `layout`; `undefined`
 * when this runtime has no module (`null`), the instance cannot be made, or the keys do not fit
 * (see {@link encodeKeys}). The caller then reads lines another way.
 */
export function instantiateWithKeys<T extends WasmMemoryExports>(
  module: object | null,
  keys: readonly string[],
  layout: KeyTableLayout,
): T | undefined {
  const encoded = encodeKeys(keys, layout);
  if (module === null || encoded === undefined) return undefined;
  const exports = instantiate<T>(module);
  if (exports !== undefined) writeKeyTable(exports.memory.buffer, encoded, layout);
  return exports;
}

/**
 * Keeps the last `maxBytes` bytes of a byte stream (the CLI's stderr), in memory bounded by
 * `maxBytes` plus one chunk. Reading decodes UTF-8 and drops a character cut in half at the start.
 */
export class StderrTail {
  readonly #maxBytes: number;
  #chunks: Uint8Array[] = [];
  #bytes = 0;

  constructor(maxBytes: number) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
      throw new TypeError(`stderrTailBytes must be a non-negative integer, got ${String(maxBytes)}`);
    }
    this.#maxBytes = maxBytes;
  }

  /** Appends a chunk. */
  push(chunk: Uint8Array): void {
    if (this.#maxBytes === 0 || chunk.length === 0) return;
    if (chunk.length >= this.#maxBytes) {
      this.#chunks = [chunk.subarray(chunk.length - this.#maxBytes)];
      this.#bytes = this.#maxBytes;
      return;
    }
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    let first = this.#chunks[0];
    while (first !== undefined && this.#bytes - first.length >= this.#maxBytes) {
      this.#chunks.shift();
      this.#bytes -= first.length;
      first = this.#chunks[0];
    }
  }

  /** The kept tail as text: at most `maxBytes` bytes, starting on a character boundary. */
  get text(): string {
    if (this.#bytes === 0) return '';
    const all = new Uint8Array(this.#bytes);
    let offset = 0;
    for (const chunk of this.#chunks) {
      all.set(chunk, offset);
      offset += chunk.length;
    }
    let start = Math.max(0, all.length - this.#maxBytes);
    while (start < all.length && ((all[start] ?? 0) & 0xc0) === 0x80) start++;
    return new TextDecoder().decode(all.subarray(start));
  }
}

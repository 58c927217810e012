import { STREAM_CHUNK_BYTES } from './limits.js';

/** Chunk buffers kept for reuse between calls (fresh large buffers cost page faults on first touch). */
const POOLED_CHUNKS_MAX = 2;
const pool: Buffer[] = [];

/** A buffer of at least `size` bytes: a pooled one when `size` fits in a standard chunk, else a new one. */
export function acquireChunk(size = STREAM_CHUNK_BYTES): Buffer {
  if (size <= STREAM_CHUNK_BYTES) {
    const pooled = pool.pop();
    if (pooled !== undefined) return pooled;
    return Buffer.allocUnsafe(STREAM_CHUNK_BYTES);
  }
  return Buffer.allocUnsafe(size);
}

/** Gives a buffer from {@link acquireChunk} back; the caller must not use it afterwards. */
export function releaseChunk(buffer: Buffer): void {
  if (buffer.length === STREAM_CHUNK_BYTES && pool.length < POOLED_CHUNKS_MAX) pool.push(buffer);
}

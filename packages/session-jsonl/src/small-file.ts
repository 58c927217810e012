import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { SMALL_FILE_MAX_BYTES } from './limits.js';

/**
 * Reads a small regular file whole, or returns `undefined` when it is missing, not a regular
 * file, unreadable, or larger than `maxBytes` ({@link SMALL_FILE_MAX_BYTES} unless the caller
 * reads a larger kind of file). Never blocks on a FIFO.
 *
 * Synchronous: a sidecar, marker or git pointer file is a few hundred bytes in the page cache,
 * far cheaper to read inline than through a thread-pool round trip per open, stat, read and close.
 */
export function readSmallFile(path: string, maxBytes = SMALL_FILE_MAX_BYTES): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    // One byte more than the size, so a file that grew since the stat is noticed and read on.
    let bytes = Buffer.allocUnsafe(stats.size + 1);
    let filled = 0;
    for (;;) {
      const read = readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (read === 0) break;
      filled += read;
      if (filled > maxBytes) return undefined;
      if (filled === bytes.length) {
        const grown = Buffer.allocUnsafe(Math.min(bytes.length * 2, maxBytes + 1));
        bytes.copy(grown, 0, 0, filled);
        bytes = grown;
      }
    }
    return bytes.subarray(0, filled);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

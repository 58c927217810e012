import { readSync } from 'node:fs';

/**
 * Reads `length` bytes at file offset `position` into the start of `buffer`, looping over short
 * reads; fewer only at the end of the file. Returns the bytes read.
 */
export function readFully(fd: number, buffer: Buffer, length: number, position: number): number {
  let filled = 0;
  while (filled < length) {
    const bytesRead = readSync(fd, buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

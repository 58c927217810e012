import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { SMALL_FILE_MAX_BYTES } from './limits.js';

/**
 * Reads a small regular file whole, or returns `undefined` when it is missing, not a regular
 * file, unreadable, or larger than {@link SMALL_FILE_MAX_BYTES}. Never blocks on a FIFO.
 */
export async function readSmallFile(path: string): Promise<Buffer | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > SMALL_FILE_MAX_BYTES) return undefined;
    return await handle.readFile();
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

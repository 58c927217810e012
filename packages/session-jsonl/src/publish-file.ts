import { constants } from 'node:fs';
import { type FileHandle, link, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { SessionJsonlError } from './errors.js';
import { randomHex } from './random-ids.js';

/**
 * Creates `<folder>/<name>` all at once: `write` fills a private staging file (mode 0600,
 * `O_EXCL`, a name no reader lists), which is synced, closed and then hard-linked to the final
 * name. The final file therefore never appears half-written, and an existing file (or symlink)
 * of that name is never replaced. The staging file is removed in every case.
 *
 * Throws `PUBLISH_FAILED` when the name exists or the file system has no hard links.
 */
export async function publishByHardLink(
  folder: string,
  name: string,
  write: (handle: FileHandle) => Promise<void>,
): Promise<void> {
  const staging = join(folder, `.${name}.${randomHex(8)}.staging`);
  const handle = await open(
    staging,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    try {
      await write(handle);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(staging, join(folder, name));
    } catch (error) {
      const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
      throw new SessionJsonlError({
        code: 'PUBLISH_FAILED',
        message: exists
          ? `Could not publish ${name}: a file of that name already exists in ${folder}; nothing was overwritten.`
          : `Could not publish ${name} in ${folder}: the file system refused a hard link. Forks need a file system with hard links.`,
        cause: error,
      });
    }
  } finally {
    await unlink(staging).catch(() => undefined);
  }
}

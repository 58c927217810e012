import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionKey, SessionStore, SessionStoreEntry } from '@ccsdk/sdk';

/**
 * A minimal `SessionStore` on local files, to show the contract: one JSON-lines file per key
 * under `root`, `append` adds entries in order (skipping uuids already stored, since a retried
 * batch may repeat them), `load` returns them or `null` for a key never written. A real adapter
 * would write to a database or object store; the optional listing methods are left out.
 */
export class FileSessionStore implements SessionStore {
  constructor(readonly root: string) {}

  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const stored = new Set((await this.load(key))?.map((entry) => entry['uuid']) ?? []);
    const fresh = entries.filter((entry) => entry['uuid'] === undefined || !stored.has(entry['uuid']));
    if (fresh.length === 0) return;
    await mkdir(join(this.root, encodeURIComponent(key.projectKey)), { recursive: true });
    await appendFile(this.#file(key), fresh.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  }

  async load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    const content = await readFile(this.#file(key), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (content === null) return null;
    return content
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as SessionStoreEntry);
  }

  #file(key: SessionKey): string {
    const name = key.subpath ? `${key.sessionId}~${encodeURIComponent(key.subpath)}` : key.sessionId;
    return join(this.root, encodeURIComponent(key.projectKey), `${name}.jsonl`);
  }
}

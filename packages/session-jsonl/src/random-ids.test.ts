import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { randomHex, randomUuid } from './random-ids.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('random ids', () => {
  it('should make version 4 UUIDs and hex strings of the asked length, different each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomUuid()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
    expect(randomHex(8)).not.toBe(randomHex(8));
  });

  it('should leave node:crypto unloaded when the built package is imported, until an id is made', () => {
    const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    expect(existsSync(dist), 'build the package first: pnpm --filter @ccsdk/session-jsonl build').toBe(true);
    const script = [
      'const loaded = () => process.moduleLoadList.some((name) => /crypto/.test(name));',
      `await import(${JSON.stringify(pathToFileURL(dist).href)});`,
      'const atImport = loaded();',
      // What the package does on its first id: the check sees crypto once it is loaded.
      'globalThis.crypto.randomUUID();',
      'console.log(JSON.stringify({ atImport, afterUse: loaded() }));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out.trim())).toEqual({ atImport: false, afterUse: true });
  });
});

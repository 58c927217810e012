import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every `.ts` source file (not tests) under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('@anthropic-ai/sdk is a types-only dependency', () => {
  it('should be imported with `import type` only, so no API client code reaches the bundle', () => {
    const root = join(new URL('.', import.meta.url).pathname, '..');
    const imports = sources(root).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /^import\s+(type\s+)?[^;]*?from\s+'(@anthropic-ai\/sdk[^']*)';/gms,
        ),
      ].map((match) => ({ file, typeOnly: match[1] !== undefined, specifier: match[2] })),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => !i.typeOnly)).toEqual([]);
  });
});

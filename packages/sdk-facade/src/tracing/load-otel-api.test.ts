import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOtelApi, OTEL_API_PACKAGE, resetOtelApiCache } from './load-otel-api.js';

afterEach(() => resetOtelApiCache());

describe('loadOtelApi', () => {
  it('should load the installed API once and cache it', () => {
    let loads = 0;
    const load = (name: string) => {
      loads += 1;
      expect(name).toBe(OTEL_API_PACKAGE);
      return { trace: {}, context: {} };
    };
    expect(loadOtelApi(load)).toBeDefined();
    expect(loadOtelApi(load)).toBeDefined();
    expect(loads).toBe(1);
  });

  it('should answer undefined, once, when the package is missing or not the API', () => {
    let loads = 0;
    const missing = () => {
      loads += 1;
      throw Object.assign(new Error('Cannot find module'), { code: 'MODULE_NOT_FOUND' });
    };
    expect(loadOtelApi(missing)).toBeUndefined();
    expect(loadOtelApi(missing)).toBeUndefined();
    expect(loads).toBe(1);
    resetOtelApiCache();
    expect(loadOtelApi(() => ({ something: 'else' }))).toBeUndefined();
    resetOtelApiCache();
    expect(loadOtelApi(() => undefined)).toBeUndefined();
  });

  it('should find the real package through the default loader', () => {
    expect(typeof loadOtelApi()?.trace.getTracer).toBe('function');
  });

  it('should never import the API at run time from the SDK source (only types)', async () => {
    const src = join(import.meta.dirname, '..');
    const files = (await readdir(src, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing'),
    );
    for (const file of files) {
      const text = await readFile(join(src, file), 'utf8');
      const imports = text
        .split('\n')
        .filter((l) => /from '@opentelemetry\/|import\('@opentelemetry\/|require\(/.test(l));
      for (const line of imports) {
        expect(`${file}: ${line}`).toMatch(/import type |typeof import\(/);
      }
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeSettings } from './merge-settings.js';

describe('mergeSettings', () => {
  it('should merge objects at every depth and let the higher source replace scalars', () => {
    const user = {
      model: 'u',
      env: { A: 'u', B: 'u' },
      statusLine: { type: 'command', command: 'a', padding: 1 },
    };
    const project = { model: 'p', env: { B: 'p' }, statusLine: { command: 'b' } };
    expect(mergeSettings(user, project)).toEqual({
      model: 'p',
      env: { A: 'u', B: 'p' },
      statusLine: { type: 'command', command: 'b', padding: 1 },
    });
  });

  it('should concatenate arrays and drop repeated primitives, as the CLI does', () => {
    const merged = mergeSettings(
      { permissions: { allow: ['A', 'A'] } },
      { permissions: { allow: ['B', 'B', 'A'] } },
    );
    expect(merged).toEqual({ permissions: { allow: ['A', 'B'] } });
  });

  it('should keep a single source array as it is and keep equal-looking objects', () => {
    expect(mergeSettings({}, { permissions: { allow: ['A', 'A'] } })).toEqual({
      permissions: { allow: ['A', 'A'] },
    });
    const merged = mergeSettings(
      { deniedMcpServers: [{ serverName: 's' }] },
      { deniedMcpServers: [{ serverName: 's' }] },
    );
    expect(merged['deniedMcpServers']).toEqual([{ serverName: 's' }, { serverName: 's' }]);
  });

  it('should replace when the kinds differ and ignore undefined', () => {
    expect(
      mergeSettings({ a: { x: 1 }, b: [1], c: 'keep' }, { a: 'flat', b: { y: 2 }, c: undefined }),
    ).toEqual({
      a: 'flat',
      b: { y: 2 },
      c: 'keep',
    });
  });

  it('should not change its inputs', () => {
    const base = { env: { A: '1' }, list: ['x'] };
    const over = { env: { B: '2' }, list: ['y'] };
    mergeSettings(base, over);
    expect(base).toEqual({ env: { A: '1' }, list: ['x'] });
    expect(over).toEqual({ env: { B: '2' }, list: ['y'] });
  });

  it('should be the identity over an empty source and idempotent for JSON objects without arrays of objects', () => {
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()));
    const settings = fc.dictionary(
      fc.string().filter((k) => k !== '__proto__'),
      fc.oneof(
        leaf,
        fc.dictionary(
          fc.string().filter((k) => k !== '__proto__'),
          leaf,
        ),
      ),
    );
    fc.assert(
      fc.property(settings, (value) => {
        expect(mergeSettings({}, value)).toEqual(value);
        expect(mergeSettings(value, {})).toEqual(value);
        const once = mergeSettings({}, value);
        const dedupe = (v: unknown): unknown =>
          Array.isArray(v)
            ? [...new Set(v)]
            : v !== null && typeof v === 'object'
              ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, dedupe(x)]))
              : v;
        expect(mergeSettings(once, value)).toEqual(dedupe(value));
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { TokenRegistry } from './token-registry.js';
import type { ServeTokenEntry } from './tokens-file.js';

const entry = (name: string, token: string): ServeTokenEntry => ({
  name,
  token,
  maxSessions: undefined,
  createsPerMinute: undefined,
  createBurst: undefined,
});
const A = 'team-a-secret-token-0123456789';
const B = 'team-b-secret-token-9876543210';

describe('TokenRegistry', () => {
  it('should answer the name of the token presented, and nothing for anything else', () => {
    const registry = new TokenRegistry([entry('team-a', A), entry('team-b', B)]);
    expect(registry.verify(A)).toBe('team-a');
    expect(registry.verify(B)).toBe('team-b');
    for (const wrong of [undefined, '', A.slice(0, -1), `${A}x`, 'team-a', A.toUpperCase()]) {
      expect(registry.verify(wrong)).toBeUndefined();
    }
  });

  it('should replace every entry on a reload and say what changed, by name', () => {
    const registry = new TokenRegistry([entry('team-a', A), entry('team-b', B)]);
    const C = 'team-c-secret-token-5555555555';
    expect(registry.replace([entry('team-b', B), entry('team-c', C)])).toEqual({
      tokens: 2,
      added: ['team-c'],
      removed: ['team-a'],
    });
    expect(registry.verify(A)).toBeUndefined();
    expect(registry.entry('team-a')).toBeUndefined();
    expect(registry.verify(C)).toBe('team-c');
    expect(registry.names()).toEqual(['team-b', 'team-c']);
    // A removed token is still kept out of the log.
    expect([...registry.secrets()].sort()).toEqual([A, B, C].sort());
  });
});

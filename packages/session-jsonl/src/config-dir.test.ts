import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfigDir, resolveProjectsDir } from './config-dir.js';
import { SessionJsonlError } from './errors.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return SessionJsonlError.isInstance(error) ? error.code : 'other';
  }
}

describe('resolveConfigDir', () => {
  it('should prefer CLAUDE_CONFIG_DIR, NFC-normalized', () => {
    expect(resolveConfigDir({ env: { CLAUDE_CONFIG_DIR: '/x/cafe\u0301', HOME: '/home/u' } })).toBe(
      '/x/caf\u00e9',
    );
    expect(resolveProjectsDir({ env: { CLAUDE_CONFIG_DIR: '/cfg' } })).toBe(join('/cfg', 'projects'));
  });

  it('should treat an empty CLAUDE_CONFIG_DIR as unset', () => {
    expect(resolveConfigDir({ env: { CLAUDE_CONFIG_DIR: '', HOME: '/home/u' } })).toBe('/home/u/.claude');
  });

  it('should fall back to the password database when HOME is unset', () => {
    expect(resolveConfigDir({ env: {}, passwdHome: () => '/var/lib/svc' })).toBe('/var/lib/svc/.claude');
  });

  it('should fail with CONFIG_DIR_UNAVAILABLE without a usable home', () => {
    expect(codeOf(() => resolveConfigDir({ env: {}, passwdHome: () => undefined }))).toBe(
      'CONFIG_DIR_UNAVAILABLE',
    );
    expect(codeOf(() => resolveConfigDir({ env: { HOME: '' }, passwdHome: () => '/p' }))).toBe(
      'CONFIG_DIR_UNAVAILABLE',
    );
    expect(codeOf(() => resolveConfigDir({ env: { HOME: 'relative/home' } }))).toBe('CONFIG_DIR_UNAVAILABLE');
    expect(codeOf(() => resolveConfigDir({ env: {}, passwdHome: () => '' }))).toBe('CONFIG_DIR_UNAVAILABLE');
  });
});

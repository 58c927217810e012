import { describe, expect, it } from 'vitest';
import { EXE_SEARCH_HARDENING_ENV, hardenExecutableSearch } from './exe-search-hardening.js';

describe('hardenExecutableSearch', () => {
  it('should set NoDefaultCurrentDirectoryInExePath=1, over any value already there, and touch nothing else', () => {
    const fresh: Record<string, string | undefined> = { PATH: '/bin' };
    hardenExecutableSearch(fresh);
    expect(fresh).toEqual({ PATH: '/bin', NoDefaultCurrentDirectoryInExePath: '1' });
    const turnedOff: Record<string, string | undefined> = { [EXE_SEARCH_HARDENING_ENV]: '0' };
    hardenExecutableSearch(turnedOff);
    expect(turnedOff[EXE_SEARCH_HARDENING_ENV]).toBe('1');
  });

  it('should set it in process.env when given no environment', () => {
    const saved = process.env[EXE_SEARCH_HARDENING_ENV];
    delete process.env[EXE_SEARCH_HARDENING_ENV];
    try {
      hardenExecutableSearch();
      expect(process.env[EXE_SEARCH_HARDENING_ENV]).toBe('1');
    } finally {
      if (saved === undefined) delete process.env[EXE_SEARCH_HARDENING_ENV];
      else process.env[EXE_SEARCH_HARDENING_ENV] = saved;
    }
  });
});

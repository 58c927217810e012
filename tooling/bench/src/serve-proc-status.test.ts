import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  descendantPids,
  parseMemAvailable,
  parseProcStatus,
  parseStatParentPid,
  readProcMemory,
} from './serve-proc-status.js';

const STATUS = [
  'Name:\tnode',
  'State:\tS (sleeping)',
  'VmPeak:\t 1200000 kB',
  'VmRSS:\t   81234 kB',
  'RssAnon:\t   40000 kB',
  'RssFile:\t   41234 kB',
  '',
].join('\n');

describe('parseProcStatus', () => {
  it('should read VmRSS and RssAnon in KiB, not VmPeak or RssFile', () => {
    expect(parseProcStatus(STATUS)).toEqual({ vmRssKiB: 81234, rssAnonKiB: 40000 });
  });

  it('should read a missing field (a zombie has no VmRSS) as 0', () => {
    expect(parseProcStatus('Name:\tnode\nState:\tZ (zombie)\n')).toEqual({ vmRssKiB: 0, rssAnonKiB: 0 });
  });

  it('should not take a field whose name only ends like the one wanted', () => {
    expect(parseProcStatus('XVmRSS:\t 5 kB\nVmRSS:\t 7 kB\n').vmRssKiB).toBe(7);
  });
});

describe('parseStatParentPid', () => {
  it('should find the parent pid after the command name', () => {
    expect(parseStatParentPid('4242 (node) S 4100 4242 4100 0 -1 4194560')).toBe(4100);
  });

  it('should count fields from the last parenthesis, so a name with spaces and parentheses cannot shift them', () => {
    expect(parseStatParentPid('77 (evil ) S 1 (x) R 999 1 1')).toBe(999);
    expect(parseStatParentPid('77 (a b c) R 12 77 77')).toBe(12);
  });

  it('should give undefined for text that is not a stat line', () => {
    expect(parseStatParentPid('')).toBeUndefined();
    expect(parseStatParentPid('no parenthesis here')).toBeUndefined();
    expect(parseStatParentPid('1 (x)')).toBeUndefined();
  });
});

describe('parseMemAvailable', () => {
  it('should read MemAvailable in KiB and give undefined when it is missing', () => {
    expect(parseMemAvailable('MemTotal:  24000000 kB\nMemFree:  1000 kB\nMemAvailable:  22000000 kB\n')).toBe(
      22_000_000,
    );
    expect(parseMemAvailable('MemTotal:  24000000 kB\n')).toBeUndefined();
  });
});

describe.runIf(process.platform === 'linux')('reading /proc', () => {
  it('should read this process memory and find none for a pid that does not exist', () => {
    const own = readProcMemory(process.pid);
    expect(own?.vmRssKiB).toBeGreaterThan(1024);
    expect(own?.rssAnonKiB).toBeGreaterThan(0);
    expect(readProcMemory(2 ** 30)).toBeUndefined();
  });

  it('should list no descendant of a pid that does not exist', () => {
    expect(descendantPids(2 ** 30)).toEqual([]);
  });

  it('should find a child of this process and the child that child started', async () => {
    // sh starts sleep as its own child (two commands, so sh cannot exec sleep in its place).
    const child = spawn('/bin/sh', ['-c', 'sleep 30; true'], { stdio: 'ignore' });
    await once(child, 'spawn');
    const shell = child.pid as number;
    const deadline = Date.now() + 5_000;
    while (descendantPids(shell).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const grandchildren = descendantPids(shell);
    try {
      expect(grandchildren).toHaveLength(1);
      expect(descendantPids(process.pid)).toEqual(expect.arrayContaining([shell, ...grandchildren]));
    } finally {
      for (const pid of grandchildren) process.kill(pid, 'SIGKILL');
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });
});

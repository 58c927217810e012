import { describe, expect, it } from 'vitest';
import { resolveMirrorProjectsDir } from './resolve-mirror-projects-dir.js';

describe('resolveMirrorProjectsDir', () => {
  it('should read only options.env when it is given (it replaces the process environment), else the process environment', () => {
    expect(
      resolveMirrorProjectsDir({
        env: { CLAUDE_CONFIG_DIR: '/opt/a' },
        processEnv: { CLAUDE_CONFIG_DIR: '/opt/b' },
        homeDir: '/h',
      }),
    ).toBe('/opt/a/projects');
    // The child gets env alone: the process's CLAUDE_CONFIG_DIR does not reach it.
    expect(
      resolveMirrorProjectsDir({ env: {}, processEnv: { CLAUDE_CONFIG_DIR: '/opt/b' }, homeDir: '/h' }),
    ).toBe('/h/.claude/projects');
    expect(resolveMirrorProjectsDir({ processEnv: { CLAUDE_CONFIG_DIR: '/opt/b' }, homeDir: '/h' })).toBe(
      '/opt/b/projects',
    );
  });

  it('should treat an empty CLAUDE_CONFIG_DIR as unset and an undefined one in env as absent', () => {
    expect(
      resolveMirrorProjectsDir({
        env: { CLAUDE_CONFIG_DIR: '', HOME: '/home/u' },
        processEnv: { HOME: '/home/p' },
        homeDir: '/h',
      }),
    ).toBe('/home/u/.claude/projects');
    expect(
      resolveMirrorProjectsDir({
        env: { CLAUDE_CONFIG_DIR: undefined, HOME: '/home/u' },
        processEnv: { CLAUDE_CONFIG_DIR: '/opt/b' },
      }),
    ).toBe('/home/u/.claude/projects');
  });

  it("should use the HOME the child sees: options.env's when given, else the process's, else homeDir", () => {
    expect(
      resolveMirrorProjectsDir({ env: { HOME: '/home/child' }, processEnv: { HOME: '/home/parent' } }),
    ).toBe('/home/child/.claude/projects');
    expect(resolveMirrorProjectsDir({ env: {}, processEnv: { HOME: '/home/parent' }, homeDir: '/h' })).toBe(
      '/h/.claude/projects',
    );
    expect(resolveMirrorProjectsDir({ processEnv: { HOME: '/home/parent' }, homeDir: '/h' })).toBe(
      '/home/parent/.claude/projects',
    );
    expect(resolveMirrorProjectsDir({ env: {}, processEnv: {}, homeDir: '/home/passwd' })).toBe(
      '/home/passwd/.claude/projects',
    );
  });

  it('should give undefined with no config dir and no usable home', () => {
    expect(resolveMirrorProjectsDir({ env: {}, processEnv: {}, homeDir: undefined })).toBeUndefined();
    expect(resolveMirrorProjectsDir({ env: { HOME: '' }, processEnv: {}, homeDir: '/h' })).toBeUndefined();
    expect(
      resolveMirrorProjectsDir({ env: { HOME: 'relative/home' }, processEnv: {}, homeDir: '/h' }),
    ).toBeUndefined();
  });

  it('should NFC-normalize and resolve the config dir', () => {
    expect(
      resolveMirrorProjectsDir({ env: { CLAUDE_CONFIG_DIR: '/opt/cafe\u0301/x/..' }, processEnv: {} }),
    ).toBe('/opt/caf\u00e9/projects');
  });
});

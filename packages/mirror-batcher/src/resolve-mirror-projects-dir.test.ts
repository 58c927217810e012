import { describe, expect, it } from 'vitest';
import { resolveMirrorProjectsDir } from './resolve-mirror-projects-dir.js';

describe('resolveMirrorProjectsDir', () => {
  it('should prefer CLAUDE_CONFIG_DIR from options.env over the process environment', () => {
    expect(
      resolveMirrorProjectsDir({
        env: { CLAUDE_CONFIG_DIR: '/opt/a' },
        processEnv: { CLAUDE_CONFIG_DIR: '/opt/b' },
        homeDir: '/h',
      }),
    ).toBe('/opt/a/projects');
    expect(
      resolveMirrorProjectsDir({ env: {}, processEnv: { CLAUDE_CONFIG_DIR: '/opt/b' }, homeDir: '/h' }),
    ).toBe('/opt/b/projects');
  });

  it('should treat an empty CLAUDE_CONFIG_DIR as unset and an undefined one in env as removed', () => {
    expect(
      resolveMirrorProjectsDir({
        env: { CLAUDE_CONFIG_DIR: '' },
        processEnv: { HOME: '/home/u' },
        homeDir: '/h',
      }),
    ).toBe('/home/u/.claude/projects');
    expect(
      resolveMirrorProjectsDir({
        env: { CLAUDE_CONFIG_DIR: undefined },
        processEnv: { CLAUDE_CONFIG_DIR: '/opt/b', HOME: '/home/u' },
      }),
    ).toBe('/home/u/.claude/projects');
  });

  it("should use the HOME the child sees: options.env's, else the process's, else homeDir", () => {
    expect(
      resolveMirrorProjectsDir({ env: { HOME: '/home/child' }, processEnv: { HOME: '/home/parent' } }),
    ).toBe('/home/child/.claude/projects');
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

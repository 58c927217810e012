import { describe, expect, it } from 'vitest';
import { buildCliEnv, FILE_CHECKPOINTING_ENV } from './build-cli-env.js';
import { buildProcessEnv, inheritedProcessEnv } from './build-env.js';
import { PACKAGE_VERSION } from './version.js';

describe('buildProcessEnv', () => {
  const baseEnv = { PATH: '/bin', HOME: '/h', CLAUDECODE: '1', CLAUDE_AGENT_SDK_VERSION: 'stale', KEEP: 'k' };

  it('should inherit, drop CLAUDECODE, mark the entry point and turn crash reports off', () => {
    const env = buildProcessEnv({ baseEnv });
    expect(env).toEqual({
      PATH: '/bin',
      HOME: '/h',
      KEEP: 'k',
      CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
      BUN_ENABLE_CRASH_REPORTING: '0',
      CLAUDE_AGENT_SDK_VERSION: PACKAGE_VERSION,
    });
  });

  it('should take the caller env instead of the inherited one, not merged, and leave out undefined values', () => {
    const env = buildProcessEnv({ baseEnv, env: { ONLY: 'o', GONE: undefined } });
    expect(env).toEqual({
      ONLY: 'o',
      CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
      BUN_ENABLE_CRASH_REPORTING: '0',
      CLAUDE_AGENT_SDK_VERSION: PACKAGE_VERSION,
    });
  });

  it('should keep the entry point, crash reports, SDK version and CLAUDECODE the caller sets, and fill in only what is absent', () => {
    const env = buildProcessEnv({
      baseEnv,
      env: {
        CLAUDE_CODE_ENTRYPOINT: 'my-app',
        BUN_ENABLE_CRASH_REPORTING: '1',
        CLAUDE_AGENT_SDK_VERSION: 'mine',
        CLAUDECODE: '2',
      },
    });
    expect(env).toEqual({
      CLAUDE_CODE_ENTRYPOINT: 'my-app',
      BUN_ENABLE_CRASH_REPORTING: '1',
      CLAUDE_AGENT_SDK_VERSION: 'mine',
      CLAUDECODE: '2',
    });
    // `undefined` is no value: the default entry point is set (a test bed that strips the
    // variable from a copy of process.env still starts the CLI as this SDK).
    expect(buildProcessEnv({ env: { CLAUDE_CODE_ENTRYPOINT: undefined } }).CLAUDE_CODE_ENTRYPOINT).toBe(
      'sdk-ts',
    );
  });

  it('should apply option-derived variables after the caller env', () => {
    const env = buildProcessEnv({
      baseEnv,
      env: { [FILE_CHECKPOINTING_ENV]: 'false' },
      cliEnv: buildCliEnv({ enableFileCheckpointing: true }),
    });
    expect(env[FILE_CHECKPOINTING_ENV]).toBe('true');
  });

  it('should set PWD only when cwd is given', () => {
    expect(buildProcessEnv({ baseEnv: { PWD: '/old' } }).PWD).toBe('/old');
    expect(buildProcessEnv({ baseEnv: { PWD: '/old' }, cwd: '/work' }).PWD).toBe('/work');
  });

  it('should give code that adds variables the inherited environment without CLAUDECODE and an inherited SDK version', () => {
    expect(inheritedProcessEnv(baseEnv)).toEqual({ PATH: '/bin', HOME: '/h', KEEP: 'k' });
    // Given back as env (as the trace context does), it still gets our version, not the stale one.
    expect(buildProcessEnv({ env: inheritedProcessEnv(baseEnv) }).CLAUDE_AGENT_SDK_VERSION).toBe(
      PACKAGE_VERSION,
    );
  });

  it('should default to process.env', () => {
    expect(buildProcessEnv().PATH).toBe(process.env.PATH);
  });

  it('should pass a number or boolean as its text, as the official SDK does, and refuse other values', () => {
    const env = { A: 3, B: true } as unknown as Record<string, string>;
    expect(buildProcessEnv({ baseEnv: {}, env })).toMatchObject({ A: '3', B: 'true' });
    expect(() => buildProcessEnv({ env: { A: {} as unknown as string } })).toThrow(TypeError);
    expect(() => buildProcessEnv({ env: { A: 'a\0b' } })).toThrow('env.A');
  });
});

describe('buildCliEnv', () => {
  it('should map enableFileCheckpointing to its variable', () => {
    expect(buildCliEnv({ enableFileCheckpointing: true })).toEqual({ [FILE_CHECKPOINTING_ENV]: 'true' });
    expect(buildCliEnv({ enableFileCheckpointing: false })).toEqual({});
    expect(buildCliEnv({})).toEqual({});
    // Any truthy value turns it on, as the official SDK reads it.
    expect(buildCliEnv({ enableFileCheckpointing: 'yes' as unknown as boolean })).toEqual({
      [FILE_CHECKPOINTING_ENV]: 'true',
    });
    expect(buildCliEnv({ enableFileCheckpointing: 0 as unknown as boolean })).toEqual({});
  });
});

import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCliSandbox, SANDBOX_API_KEY } from './cli-sandbox.js';
import { QUIET_CLI_ENV } from './quiet-cli-env.js';

describe('createCliSandbox', () => {
  it('should create config, tmp and cwd folders inside one root and remove them on dispose', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'ccsdk-sbx-parent-'));
    const sandbox = await createCliSandbox({ parentDir: parent, prefix: 'run-' });
    expect(sandbox.root.startsWith(join(parent, 'run-'))).toBe(true);
    for (const dir of [sandbox.configDir, sandbox.tmpDir, sandbox.cwd]) {
      expect(dir.startsWith(sandbox.root)).toBe(true);
      expect(statSync(dir).isDirectory()).toBe(true);
    }
    const first = sandbox.dispose();
    expect(sandbox.dispose()).toBe(first);
    await first;
    await sandbox[Symbol.asyncDispose]();
    expect(existsSync(sandbox.root)).toBe(false);
    await rm(parent, { recursive: true });
  });

  it('should give the offline environment for a fake URL', async () => {
    const sandbox = await createCliSandbox();
    try {
      const env = sandbox.env('http://127.0.0.1:4321');
      expect(env).toEqual({
        ...QUIET_CLI_ENV,
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:4321',
        ANTHROPIC_API_KEY: SANDBOX_API_KEY,
        CLAUDE_CONFIG_DIR: sandbox.configDir,
        CLAUDE_CODE_TMPDIR: sandbox.tmpDir,
      });
      expect(env['CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC']).toBe('1');
      expect(() => sandbox.env('ftp://x')).toThrow(/"ftp:\/\/x"/);
      expect(() => sandbox.env('not a url')).toThrow(TypeError);
    } finally {
      await sandbox.dispose();
    }
  });

  it('should drop variables that reroute the CLI from the full environment', async () => {
    const sandbox = await createCliSandbox();
    try {
      const base = {
        PATH: '/bin',
        ANTHROPIC_AUTH_TOKEN: 'secret',
        CLAUDE_CODE_USE_BEDROCK: '1',
        HTTPS_PROXY: 'http://p',
        ANTHROPIC_API_KEY: 'real',
      };
      const env = sandbox.fullEnv('http://127.0.0.1:1', base);
      expect(env['PATH']).toBe('/bin');
      expect(env['ANTHROPIC_API_KEY']).toBe(SANDBOX_API_KEY);
      expect(Object.keys(env)).not.toContain('ANTHROPIC_AUTH_TOKEN');
      expect(Object.keys(env)).not.toContain('CLAUDE_CODE_USE_BEDROCK');
      expect(Object.keys(env)).not.toContain('HTTPS_PROXY');
    } finally {
      await sandbox.dispose();
    }
  });

  it('should refuse bad options with a TypeError', async () => {
    await expect(createCliSandbox({ prefix: 'a/b' })).rejects.toThrow(/"a\/b"/);
    await expect(createCliSandbox({ parentDir: '' })).rejects.toThrow(TypeError);
  });
});

import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimSessionRequest, createParkingDir } from './await-claim.js';

describe('claimSessionRequest', () => {
  it('should send only the fields given, in the CLI snake_case, include_initialize always present', () => {
    expect(claimSessionRequest({ cwd: '/w', includeInitialize: false })).toEqual({
      cwd: '/w',
      include_initialize: false,
    });
    expect(
      claimSessionRequest({
        cwd: '/w',
        permissionMode: 'plan',
        env: { CLAUDE_CODE_HOST_SESSION_ID: 'h' },
        additionalDirectories: ['/x'],
        appendSystemPrompt: 'be brief',
        title: 'T',
        agents: { a: { prompt: 'p' } },
        sdkMcpServers: ['mine'],
        includeInitialize: true,
      }),
    ).toEqual({
      cwd: '/w',
      permission_mode: 'plan',
      env: { CLAUDE_CODE_HOST_SESSION_ID: 'h' },
      additional_directories: ['/x'],
      append_system_prompt: 'be brief',
      title: 'T',
      agents: { a: { prompt: 'p' } },
      sdk_mcp_servers: ['mine'],
      include_initialize: true,
    });
  });
});

describe('createParkingDir', () => {
  it('should make a fresh private folder under <CLAUDE_CONFIG_DIR>/spares each call', async () => {
    const configDir = await mkdtemp(join(tmpdir(), 'parking-'));
    try {
      const a = await createParkingDir({ CLAUDE_CONFIG_DIR: configDir });
      const b = await createParkingDir({ CLAUDE_CONFIG_DIR: configDir });
      expect(a).not.toBe(b);
      expect(dirname(a)).toBe(join(configDir, 'spares'));
      expect((await stat(a)).isDirectory()).toBe(true);
    } finally {
      await rm(configDir, { recursive: true, force: true });
    }
  });
});

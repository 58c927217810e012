import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filterEscalatingDefaultMode } from './filter-escalating-default-mode.js';
import { type ExtendedResolveSettingsOptions, resolveSettings } from './resolve-settings.js';
import { SettingsError } from './settings-error.js';
import type { ResolvedSettings } from './settings-types.js';

let root: string;
let configDir: string;
let cwd: string;
let managedDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ccsdk-settings-'));
  configDir = join(root, 'config');
  cwd = join(root, 'cwd');
  managedDir = join(root, 'managed');
  await Promise.all([mkdir(configDir), mkdir(cwd), mkdir(managedDir)]);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(path: string, content: unknown): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const userFile = () => join(configDir, 'settings.json');
const projectFile = () => join(cwd, '.claude', 'settings.json');
const localFile = () => join(cwd, '.claude', 'settings.local.json');
const base = () => ({ cwd, env: { CLAUDE_CONFIG_DIR: configDir }, managedSettingsDir: managedDir });

describe('resolveSettings: precedence', () => {
  it('should apply user < project < local < flag < managed and say where each key came from', async () => {
    await put(userFile(), {
      model: 'u',
      env: { A: 'u', B: 'u' },
      permissions: { allow: ['U'] },
      cleanupPeriodDays: 9,
    });
    await put(projectFile(), { model: 'p', env: { B: 'p' }, permissions: { allow: ['P', 'U'] } });
    await put(localFile(), { model: 'l', permissions: { allow: ['L'] } });
    await put(join(managedDir, 'managed-settings.json'), { permissions: { deny: ['M'] } });
    const result = await resolveSettings({
      ...base(),
      settings: { model: 'f', permissions: { allow: ['F'] } },
    });
    expect(result.effective).toEqual({
      model: 'f',
      env: { A: 'u', B: 'p' },
      permissions: { allow: ['U', 'P', 'L', 'F'], deny: ['M'] },
      cleanupPeriodDays: 9,
    });
    expect(result.provenance).toEqual({
      model: { source: 'flag' },
      env: { source: 'project', path: projectFile() },
      permissions: {
        source: 'managed',
        path: join(managedDir, 'managed-settings.json'),
        policyOrigin: 'file',
      },
      cleanupPeriodDays: { source: 'user', path: userFile() },
    });
    expect(result.sources.map((s) => s.source)).toEqual(['user', 'project', 'local', 'flag', 'managed']);
    expect(result.errors).toEqual([]);
  });

  it('should read only the file sources named in settingSources, and flag and managed always', async () => {
    await put(userFile(), { model: 'u' });
    await put(projectFile(), { model: 'p' });
    await put(localFile(), { model: 'l' });
    expect((await resolveSettings({ ...base(), settingSources: ['user'] })).effective).toEqual({
      model: 'u',
    });
    expect((await resolveSettings({ ...base(), settingSources: ['project', 'user'] })).effective).toEqual({
      model: 'p',
    });
    const none = await resolveSettings({ ...base(), settingSources: [], settings: '{"outputStyle":"x"}' });
    expect(none.effective).toEqual({ outputStyle: 'x' });
    // `skills` does not narrow the sources (as query() leaves the CLI's default, all three).
    const withSkills = { ...base(), skills: ['pdf'] } as ExtendedResolveSettingsOptions;
    expect((await resolveSettings(withSkills)).effective).toEqual({ model: 'l' });
    expect((await resolveSettings(base())).effective).toEqual({ model: 'l' });
  });

  it('should find the user file through CLAUDE_CONFIG_DIR in options.env, else HOME/.claude', async () => {
    const home = join(root, 'home');
    await put(join(home, '.claude', 'settings.json'), { model: 'from-home' });
    await put(userFile(), { model: 'from-config-dir' });
    const viaHome = await resolveSettings({
      cwd,
      managedSettingsDir: managedDir,
      env: { CLAUDE_CONFIG_DIR: undefined, HOME: home },
    });
    expect(viaHome.effective).toEqual({ model: 'from-home' });
    expect((await resolveSettings(base())).effective).toEqual({ model: 'from-config-dir' });
    // A given env is the CLI's whole environment: this process's CLAUDE_CONFIG_DIR does not reach it.
    const saved = process.env['CLAUDE_CONFIG_DIR'];
    process.env['CLAUDE_CONFIG_DIR'] = dirname(userFile());
    try {
      const given = await resolveSettings({ cwd, managedSettingsDir: managedDir, env: { HOME: home } });
      expect(given.effective).toEqual({ model: 'from-home' });
      const inherited = await resolveSettings({ cwd, managedSettingsDir: managedDir });
      expect(inherited.effective).toEqual({ model: 'from-config-dir' });
    } finally {
      if (saved === undefined) delete process.env['CLAUDE_CONFIG_DIR'];
      else process.env['CLAUDE_CONFIG_DIR'] = saved;
    }
  });
});

describe('resolveSettings: files the CLI skips', () => {
  it.each([
    ['not JSON', '{not json', ''],
    ['a JSON array', '[1,2]', ''],
    ['a model of the wrong type', { model: 123, env: { A: 'x' } }, 'model'],
    ['rules that are not a list', { permissions: { allow: 'Bash' } }, 'permissions.allow'],
  ])('should skip a user file that is %s, report it, and apply the rest', async (_name, content, field) => {
    await put(userFile(), content);
    await put(projectFile(), { model: 'p' });
    const warnings: Error[] = [];
    const result = await resolveSettings({ ...base(), onWarning: (e) => warnings.push(e) });
    expect(result.effective).toEqual({ model: 'p' });
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]).toBeInstanceOf(SettingsError);
    expect(result.errors?.[0]).toMatchObject({ code: 'SETTINGS_MALFORMED', file: userFile(), field });
    expect(warnings).toEqual(result.errors);
  });

  it('should treat an empty file as absent', async () => {
    await put(userFile(), '  \n');
    const result = await resolveSettings(base());
    expect(result).toMatchObject({ effective: {}, sources: [], errors: [] });
  });

  it('should skip and report a settings path that is a folder', async () => {
    await mkdir(projectFile(), { recursive: true });
    await put(localFile(), { model: 'l' });
    const result = await resolveSettings(base());
    expect(result.effective).toEqual({ model: 'l' });
    expect(result.errors).toMatchObject([{ code: 'SETTINGS_FILE_UNREADABLE', file: projectFile() }]);
  });

  it('should coerce env values and drop unknown hook events, keeping the file', async () => {
    await put(userFile(), {
      env: { N: 5 },
      hooks: { Stop: [], BogusEvent: [] },
      permissions: { allow: [1, 'A'] },
    });
    const result = await resolveSettings(base());
    expect(result.effective).toEqual({ env: { N: '5' }, hooks: { Stop: [] }, permissions: { allow: ['A'] } });
    expect(result.errors).toMatchObject([{ code: 'SETTINGS_MALFORMED', field: 'hooks.BogusEvent' }]);
  });
});

describe('resolveSettings: the settings option', () => {
  it('should read JSON text inline and any other text as a path relative to cwd', async () => {
    await put(join(cwd, 'conf', 'flag.json'), { model: 'from-file' });
    expect((await resolveSettings({ ...base(), settings: ' {"model":"inline"}' })).effective).toEqual({
      model: 'inline',
    });
    const fromFile = await resolveSettings({ ...base(), settings: 'conf/flag.json' });
    expect(fromFile.effective).toEqual({ model: 'from-file' });
    expect(fromFile.provenance['model']).toEqual({ source: 'flag', path: join(cwd, 'conf', 'flag.json') });
  });

  it('should throw SETTINGS_FILE_NOT_FOUND for a missing file, also for text that only looks like JSON', async () => {
    await expect(resolveSettings({ ...base(), settings: 'nope.json' })).rejects.toMatchObject({
      code: 'SETTINGS_FILE_NOT_FOUND',
      file: join(cwd, 'nope.json'),
    });
    await expect(resolveSettings({ ...base(), settings: '{bad json' })).rejects.toBeInstanceOf(SettingsError);
    await expect(resolveSettings({ ...base(), settings: '[1]' })).rejects.toMatchObject({
      code: 'SETTINGS_FILE_NOT_FOUND',
    });
  });

  it('should throw SETTINGS_FILE_UNREADABLE for a folder and skip a malformed file', async () => {
    await mkdir(join(cwd, 'dir.json'));
    await expect(resolveSettings({ ...base(), settings: 'dir.json' })).rejects.toMatchObject({
      code: 'SETTINGS_FILE_UNREADABLE',
    });
    await put(join(cwd, 'bad.json'), '{bad');
    const result = await resolveSettings({ ...base(), settings: 'bad.json' });
    expect(result.effective).toEqual({});
    expect(result.errors).toMatchObject([{ code: 'SETTINGS_MALFORMED', file: join(cwd, 'bad.json') }]);
  });

  it('should merge sandbox into the flag settings as query() does', async () => {
    const result = await resolveSettings({
      ...base(),
      settings: { sandbox: { enabled: false, network: { allowedDomains: ['a'] } }, model: 'f' },
      sandbox: { enabled: true, network: { allowUnixSockets: ['/s'] } },
    });
    expect(result.effective).toEqual({
      model: 'f',
      sandbox: { enabled: true, network: { allowedDomains: ['a'], allowUnixSockets: ['/s'] } },
    });
    await expect(
      resolveSettings({ ...base(), settings: 'file.json', sandbox: { enabled: true } }),
    ).rejects.toThrow(TypeError);
  });
});

describe('resolveSettings: managed settings', () => {
  it('should merge drop-ins over the managed file in code-point order, skipping hidden and non-JSON names', async () => {
    await put(join(managedDir, 'managed-settings.json'), { permissions: { deny: ['FILE'] }, model: 'base' });
    await put(join(managedDir, 'managed-settings.d', 'B.json'), { model: 'B', permissions: { deny: ['B'] } });
    await put(join(managedDir, 'managed-settings.d', 'a.json'), { model: 'a' });
    await put(join(managedDir, 'managed-settings.d', '.hidden.json'), { model: 'hidden' });
    await put(join(managedDir, 'managed-settings.d', 'notes.txt'), { model: 'txt' });
    const result = await resolveSettings({ ...base(), managedSettings: { permissions: { deny: ['OPT'] } } });
    expect(result.effective).toEqual({ permissions: { deny: ['FILE', 'B'] }, model: 'a' });
    expect(result.sources).toMatchObject([{ source: 'managed', policyOrigin: 'file' }]);
  });

  it('should use managedSettings only without a managed file, keeping the policy keys alone', async () => {
    await put(join(managedDir, 'managed-settings.json'), '{}');
    const result = await resolveSettings({
      ...base(),
      settings: { model: 'f' },
      managedSettings: {
        model: 'm',
        env: { Z: '1' },
        permissions: { deny: ['X'], allow: ['Y'], defaultMode: 'plan' },
        allowManagedHooksOnly: true,
        cleanupPeriodDays: 5,
      },
    });
    expect(result.effective).toEqual({
      model: 'f',
      permissions: { deny: ['X'], allow: ['Y'] },
      allowManagedHooksOnly: true,
    });
    expect(result.provenance['permissions']).toEqual({ source: 'managed', policyOrigin: 'parent' });
  });

  // The three cases run side by side with the official resolveSettings() 0.3.332 gave these answers.
  it('should make serverManagedSettings the policy tier, every key applying, ahead of the file and managedSettings', async () => {
    await put(join(managedDir, 'managed-settings.json'), { permissions: { deny: ['FILE'] } });
    const server = {
      model: 'server-model',
      permissions: { deny: ['Bash'], defaultMode: 'plan' as const },
      env: { A: '1' },
    };
    const result = await resolveSettings({
      ...base(),
      serverManagedSettings: server,
      managedSettings: { permissions: { deny: ['Read'] } },
    });
    expect(result.effective).toEqual(server);
    expect(result.sources).toEqual([{ source: 'managed', settings: server, policyOrigin: 'remote' }]);
    expect(result.provenance['model']).toEqual({ source: 'managed', policyOrigin: 'remote' });
  });

  it('should skip an empty serverManagedSettings and refuse one that is not an object', async () => {
    const result = await resolveSettings({
      ...base(),
      serverManagedSettings: {},
      managedSettings: { permissions: { deny: ['Read'] }, model: 'dropped' },
    });
    expect(result.effective).toEqual({ permissions: { deny: ['Read'] } });
    expect(result.sources).toMatchObject([{ source: 'managed', policyOrigin: 'parent' }]);
    await expect(resolveSettings({ ...base(), serverManagedSettings: 'x' as never })).rejects.toThrow(
      TypeError,
    );
  });

  it('should throw when a managed file or drop-in is not a JSON object, and drop a bad managed field', async () => {
    await put(join(managedDir, 'managed-settings.d', '40-bad.json'), '{bad');
    await expect(resolveSettings(base())).rejects.toMatchObject({ code: 'MANAGED_SETTINGS_MALFORMED' });
    await rm(join(managedDir, 'managed-settings.d'), { recursive: true });
    await put(join(managedDir, 'managed-settings.json'), '[1]');
    await expect(resolveSettings(base())).rejects.toMatchObject({ code: 'MANAGED_SETTINGS_MALFORMED' });
    await put(join(managedDir, 'managed-settings.json'), { model: 1, permissions: { deny: ['D'] } });
    const result = await resolveSettings(base());
    expect(result.effective).toEqual({ permissions: { deny: ['D'] } });
    expect(result.errors).toMatchObject([{ code: 'SETTINGS_MALFORMED', field: 'model' }]);
  });

  it('should throw SETTINGS_FILE_UNREADABLE for a managed path that is a folder', async () => {
    await mkdir(join(managedDir, 'managed-settings.json'));
    await expect(resolveSettings(base())).rejects.toMatchObject({ code: 'SETTINGS_FILE_UNREADABLE' });
  });
});

describe('resolveSettings: option validation', () => {
  it.each([
    ['settingSources as a string', { settingSources: 'user' }, /settingSources must be an array.*"user"/],
    ['an unknown setting source', { settingSources: ['global'] }, /settingSources has "global"/],
    ['an empty cwd', { cwd: '' }, /options\.cwd must be a non-empty path, got ""/],
    [
      'settings as a number',
      { settings: 5 },
      /options\.settings must be an object, JSON text or a file path, got 5/,
    ],
    ['empty settings text', { settings: '  ' }, /options\.settings must not be empty/],
    [
      'managedSettings as text',
      { managedSettings: 'x' },
      /options\.managedSettings must be an object, got "x"/,
    ],
    ['env as text', { env: 'x' }, /options\.env must be an object, got "x"/],
    ['sandbox as an array', { sandbox: [] }, /options\.sandbox must be an object/],
  ])('should reject %s with a TypeError', async (_name, options, message) => {
    const call = resolveSettings({ ...base(), ...(options as object) });
    await expect(call).rejects.toThrow(TypeError);
    await expect(resolveSettings({ ...base(), ...(options as object) })).rejects.toThrow(message);
  });

  it('should reject a non-object argument', async () => {
    await expect(resolveSettings('cwd' as never)).rejects.toThrow(/expects an options object, got "cwd"/);
  });
});

describe('ResolvedSettings as the official SDK types it', () => {
  it('should accept a value built without our `errors` list (a test double written against the official type)', () => {
    const double: ResolvedSettings = { effective: { model: 'm' }, provenance: {}, sources: [] };
    expect(filterEscalatingDefaultMode(double)).toEqual({ model: 'm' });
  });
});

describe('resolveSettings registryPolicyFingerprint', () => {
  it('should take the option as the official does and never call it (no registry is read)', async () => {
    let calls = 0;
    const cwd = await mkdtemp(join(tmpdir(), 'ccsdk-fingerprint-'));
    try {
      const resolved = await resolveSettings({
        cwd,
        settingSources: [],
        managedSettingsDir: join(cwd, 'no-policy'),
        settings: { model: 'm' },
        registryPolicyFingerprint: () => {
          calls += 1;
          return { hklm: null, hkcu: null };
        },
      });
      expect(resolved.effective).toEqual({ model: 'm' });
      expect(calls).toBe(0);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });
});

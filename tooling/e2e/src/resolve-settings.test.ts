import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  isSDKSystemInitMessage,
  type Options,
  query,
  type ResolvedSettings,
  resolveSettings,
  type SDKMessage,
} from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptStream } from './support/prompt-stream.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

type Layers = { user?: unknown; project?: unknown; local?: unknown; flagFile?: unknown };

async function put(path: string, content: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
}

/** Writes the layers into the rig's config dir and cwd. */
async function writeLayers(r: Rig, layers: Layers): Promise<void> {
  const { configDir, cwd } = r.sandbox;
  if (layers.user !== undefined) await put(join(configDir, 'settings.json'), layers.user);
  if (layers.project !== undefined) await put(join(cwd, '.claude', 'settings.json'), layers.project);
  if (layers.local !== undefined) await put(join(cwd, '.claude', 'settings.local.json'), layers.local);
  if (layers.flagFile !== undefined) await put(join(cwd, 'flag-settings.json'), layers.flagFile);
}

interface CliView {
  initModel: unknown;
  requestModels: Array<string | undefined>;
  cliEffective: unknown;
}

/** Runs one turn and reads what the CLI applied: the init model, the model of each request, get_settings. */
async function runCli(r: Rig, options: Options): Promise<CliView> {
  const prompts = new PromptStream();
  const run = query({ prompt: prompts, options });
  const answer = await run.request<{ effective?: unknown }>('get_settings');
  prompts.push('Which model? marker-rs1');
  const messages: SDKMessage[] = [];
  for await (const message of run) {
    messages.push(message);
    if (message.type === 'result') prompts.end();
  }
  const init = messages.find(isSDKSystemInitMessage);
  return {
    initModel: init?.model,
    requestModels: r.fake.mainRequests().map((request) => request.model),
    cliEffective: answer.effective,
  };
}

const LAYER_CASES: Array<{ name: string; layers: Layers; options?: Partial<Options>; model: string }> = [
  { name: 'user alone', layers: { user: { model: 'claude-layer-user' } }, model: 'claude-layer-user' },
  {
    name: 'project over user',
    layers: { user: { model: 'claude-layer-user' }, project: { model: 'claude-layer-project' } },
    model: 'claude-layer-project',
  },
  {
    name: 'local over project, with rule lists merged',
    layers: {
      user: { model: 'claude-layer-user', permissions: { allow: ['Bash(echo u:*)', 'Bash(echo shared:*)'] } },
      project: {
        model: 'claude-layer-project',
        permissions: { allow: ['Bash(echo shared:*)', 'Bash(echo p:*)'] },
      },
      local: { model: 'claude-layer-local', env: { CCSDK_LAYER: 'local' } },
    },
    model: 'claude-layer-local',
  },
  {
    name: 'flag settings object over every file',
    layers: { user: { model: 'claude-layer-user' }, local: { model: 'claude-layer-local' } },
    options: { settings: { model: 'claude-layer-flag' } },
    model: 'claude-layer-flag',
  },
  {
    name: 'flag settings file, path relative to cwd',
    layers: { project: { model: 'claude-layer-project' }, flagFile: { model: 'claude-layer-flagfile' } },
    options: { settings: 'flag-settings.json' },
    model: 'claude-layer-flagfile',
  },
  {
    name: 'settingSources limited to user',
    layers: { user: { model: 'claude-layer-user' }, project: { model: 'claude-layer-project' } },
    options: { settingSources: ['user'] },
    model: 'claude-layer-user',
  },
  {
    name: 'a malformed local file, skipped by both',
    layers: { project: { model: 'claude-layer-project' }, local: '{"model": "claude-layer-local",' },
    model: 'claude-layer-project',
  },
  {
    name: 'a local file with a model of the wrong type, skipped by both',
    layers: { project: { model: 'claude-layer-project' }, local: { model: 42, env: { CCSDK_LAYER: 'x' } } },
    model: 'claude-layer-project',
  },
];

describe('resolveSettings() against the real CLI', () => {
  it.each(LAYER_CASES)('should name the model the CLI uses: $name', async ({ layers, options, model }) => {
    rig = await startRig({ script: [reply(text('Settled.'))] });
    await writeLayers(rig, layers);
    const all: Options = { env: rig.env, cwd: rig.sandbox.cwd, ...options };
    const resolved: ResolvedSettings = await resolveSettings({ ...all, onWarning: () => {} });
    const cli = await runCli(rig, all);

    expect(resolved.effective.model).toBe(model);
    expect(cli.initModel).toBe(model);
    expect(cli.requestModels.length).toBeGreaterThan(0);
    expect(new Set(cli.requestModels)).toEqual(new Set([model]));
    expect(resolved.effective).toEqual(cli.cliEffective);
  });

  it('should report where the model came from and list the file the CLI skipped', async () => {
    rig = await startRig({ script: [reply(text('Settled.'))] });
    await writeLayers(rig, { user: { model: 'claude-layer-user' }, local: '[1, 2]' });
    const resolved = await resolveSettings({ env: rig.env, cwd: rig.sandbox.cwd, onWarning: () => {} });
    expect(resolved.provenance['model']).toEqual({
      source: 'user',
      path: join(rig.sandbox.configDir, 'settings.json'),
    });
    expect(resolved.errors).toMatchObject([
      { code: 'SETTINGS_MALFORMED', file: join(rig.sandbox.cwd, '.claude', 'settings.local.json') },
    ]);
    const cli = await runCli(rig, { env: rig.env, cwd: rig.sandbox.cwd });
    expect(cli.initModel).toBe('claude-layer-user');
  });

  it('should throw SETTINGS_FILE_NOT_FOUND where the CLI refuses to start', async () => {
    rig = await startRig({ script: [reply(text('unused'))] });
    const options: Options = { env: rig.env, cwd: rig.sandbox.cwd, settings: 'missing-settings.json' };
    await expect(resolveSettings(options)).rejects.toMatchObject({ code: 'SETTINGS_FILE_NOT_FOUND' });
    const run = query({ prompt: 'hi', options });
    await expect(
      (async () => {
        for await (const _ of run);
      })(),
    ).rejects.toThrow(/Settings file not found/);
  });
});

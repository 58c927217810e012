import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ControlProtocolError, type Options, type Query, query, type SDKMessage } from '@ccsdk/sdk';
import { reply, type Script, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { writeLocalPlugin } from './support/local-plugin.js';
import { PromptStream } from './support/prompt-stream.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
let open: { q: Query; prompts: PromptStream } | undefined;
afterEach(async () => {
  open?.prompts.end();
  await open?.q.close();
  open = undefined;
  await rig?.dispose();
  rig = undefined;
});

/** Starts an open-input session (the prompt stream stays open) and reads its messages into `seen`. */
async function session(script: Script, options: Options = {}) {
  rig = await startRig({ script });
  const prompts = new PromptStream();
  const q = query({ prompt: prompts, options: { env: rig.env, cwd: rig.sandbox.cwd, ...options } });
  open = { q, prompts };
  const seen: SDKMessage[] = [];
  let wake: (() => void) | undefined;
  void (async () => {
    for await (const message of q) {
      seen.push(message);
      wake?.();
    }
  })().catch(() => undefined);
  /** Sends one prompt and waits for the result of its turn. */
  const turn = async (prompt: string): Promise<SDKMessage> => {
    const before = seen.filter((m) => m.type === 'result').length;
    prompts.push(prompt);
    while (seen.filter((m) => m.type === 'result').length === before) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    return seen.filter((m) => m.type === 'result').at(-1) as SDKMessage;
  };
  await q.initializationResult();
  return { q, turn, rig };
}

async function refusal(promise: Promise<unknown>): Promise<ControlProtocolError> {
  try {
    await promise;
  } catch (error) {
    if (ControlProtocolError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the CLI to refuse');
}

describe('the official Query control methods through the real CLI', () => {
  it('reinitialize() with hooks: the CLI re-registers them (hooks_applied) and they still run', async () => {
    const calls: string[] = [];
    const {
      q,
      turn,
      rig: r,
    } = await session(
      [reply(toolUse('Bash', { command: 'echo after-reinit', description: 'print' })), reply(text('ok'))],
      {
        hooks: {
          PreToolUse: [
            {
              hooks: [
                async (input) => {
                  calls.push(input.hook_event_name);
                  return {};
                },
              ],
            },
          ],
        },
      },
    );
    expect(await q.initializationResult()).toMatchObject({ hooks_applied: true });
    const again = await q.reinitialize();
    expect(again).toMatchObject({ hooks_applied: true, commands: expect.any(Array) });
    await turn('run it');
    expect(calls).toEqual(['PreToolUse']);
    expect(r.fake.mainRequests().flatMap((m) => m.toolResults)[0]?.text).toContain('after-reinit');
  });

  it('readFile() returns a file of the session folder; base64 and maxBytes cut it', async () => {
    const { q, rig: r } = await session([]);
    await writeFile(join(r.sandbox.cwd, 'notes.txt'), 'hello from disk 6a1\n');
    expect(await q.readFile('notes.txt')).toMatchObject({
      contents: 'hello from disk 6a1\n',
      absPath: join(r.sandbox.cwd, 'notes.txt'),
    });
    const cut = await q.readFile('notes.txt', { maxBytes: 5, encoding: 'base64' });
    expect(cut).toMatchObject({ encoding: 'base64', truncated: true });
    expect(Buffer.from(cut?.contents ?? '', 'base64').toString()).toBe('hello');
  });

  it('readFile() resolves null where the CLI answers an error (a missing file)', async () => {
    const { q } = await session([]);
    expect(await q.readFile('no-such-file.txt')).toBeNull();
  });

  it('readMcpResource(): the CLI refuses an unknown server; the method rejects with its message', async () => {
    const { q } = await session([]);
    const error = await refusal(q.readMcpResource('nope', 'ui://x'));
    expect(error.code).toBe('CONTROL_ERROR_RESPONSE');
    expect(error.message).toContain('Server not found: nope');
  });

  it('reloadSkills(): a skill written on disk after start appears', async () => {
    const { q, rig: r } = await session([], { settingSources: ['project'] });
    const names = (skills: Array<{ name: string }>) => skills.map((s) => s.name);
    expect(names((await q.reloadSkills()).skills)).not.toContain('late-skill-5e2');
    const dir = join(r.sandbox.cwd, '.claude', 'skills', 'late-skill-5e2');
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'SKILL.md'),
      '---\nname: late-skill-5e2\ndescription: A skill added while the session runs\n---\nSay hi.\n',
    );
    expect(names((await q.reloadSkills()).skills)).toContain('late-skill-5e2');
  });

  it('reloadOutputStyles(): a style written on disk after start appears', async () => {
    const { q, rig: r } = await session([], { settingSources: ['project'] });
    const dir = join(r.sandbox.cwd, '.claude', 'output-styles');
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'terse.md'),
      '---\nname: Terse-8b4\ndescription: Short answers\n---\nBe brief.\n',
    );
    const { available_output_styles } = await q.reloadOutputStyles();
    expect(available_output_styles).toContain('Terse-8b4');
    expect(available_output_styles).toContain('default');
  });

  it('reloadPlugins({ addPlugins }): a local plugin joins the session', async () => {
    const { q, rig: r } = await session([]);
    const plugin = await writeLocalPlugin(r.sandbox.root, 'plugin-7d3', '1.2.3');
    const reloaded = await q.reloadPlugins({ addPlugins: [{ type: 'local', path: plugin }] });
    expect(reloaded.plugins).toContainEqual(expect.objectContaining({ name: 'plugin-7d3', path: plugin }));
    expect(reloaded.error_count).toBe(0);
  });

  it('applyFlagSettings(): a deny rule set mid-session stops the next Bash call', async () => {
    const {
      q,
      turn,
      rig: r,
    } = await session([
      reply(toolUse('Bash', { command: 'echo before-deny', description: 'print' })),
      reply(text('one')),
      reply(toolUse('Bash', { command: 'echo after-deny', description: 'print' })),
      reply(text('two')),
    ]);
    await turn('first');
    await q.applyFlagSettings({ permissions: { deny: ['Bash'] } });
    await turn('second');
    const results = r.fake.mainRequests().flatMap((m) => m.toolResults);
    expect(results[0]).toMatchObject({ isError: false, text: expect.stringContaining('before-deny') });
    expect(results[1]?.isError).toBe(true);
    expect(results[1]?.text).not.toContain('after-deny');
  });

  it('updateSettings(): the CLI writes the local settings file; a key outside its allow-list is refused', async () => {
    const { q, rig: r } = await session([], { settingSources: ['user', 'project', 'local'] });
    await q.updateSettings('localSettings', { outputStyle: 'Explanatory' });
    const written = JSON.parse(await readFile(join(r.sandbox.cwd, '.claude', 'settings.local.json'), 'utf8'));
    expect(written).toMatchObject({ outputStyle: 'Explanatory' });
    const error = await refusal(q.updateSettings('localSettings', { model: 'claude-opus-4-5' }));
    expect(error.code).toBe('CONTROL_ERROR_RESPONSE');
  });

  // CLI 2.1.332 here lets Edit change a file it never read, and refreshes its read state at
  // each turn start, so the seed's own effect is not observable offline; this shows the CLI
  // takes the request (success) and the session goes on editing the seeded file.
  it('seedReadState(): the CLI takes the seed and an Edit of the seeded file runs', async () => {
    let target = '';
    let calls = 0;
    const script: Script = () =>
      calls++ === 0
        ? reply(toolUse('Edit', { file_path: target, old_string: 'alpha', new_string: 'omega' }))
        : reply(text('turn over'));
    const { q, turn, rig: r } = await session(script, { permissionMode: 'acceptEdits' });
    target = join(r.sandbox.cwd, 'seeded.txt');
    await writeFile(target, 'alpha\n');
    await q.seedReadState(target, Math.floor((await stat(target)).mtimeMs));
    await turn('edit it');
    expect(r.fake.mainRequests().flatMap((m) => m.toolResults)[0]).toMatchObject({ isError: false });
    expect(await readFile(target, 'utf8')).toBe('omega\n');
  });

  it('setMcpPermissionModeOverride(): the CLI warns about an unknown server and stores the override', async () => {
    const { q } = await session([]);
    const answer = await q.setMcpPermissionModeOverride('not-connected', 'default');
    expect(answer.warning).toContain('not-connected');
    expect(await q.setMcpPermissionModeOverride('not-connected', null)).toBeTypeOf('object');
  });

  it('backgroundTasks(): false for a tool_use id that names no running task', async () => {
    const { q } = await session([]);
    expect(await q.backgroundTasks('toolu_none')).toBe(false);
    expect(typeof (await q.backgroundTasks())).toBe('boolean');
  });

  it('usage_EXPERIMENTAL...(): the session totals after a turn, no plan limits with an API key', async () => {
    const { q, turn } = await session([reply(text('counted'))]);
    await turn('count me');
    const usage = await q.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET({ skipBehaviors: true });
    expect(usage.session.total_cost_usd).toBeGreaterThan(0);
    expect(usage).toMatchObject({ rate_limits_available: false, rate_limits: null, behaviors: null });
  });
});

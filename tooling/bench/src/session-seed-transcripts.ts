import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createCliSandbox,
  type FakeMessagesApi,
  locateClaudeCodeBinary,
  type RecordedMessagesRequest,
  reply,
  startFakeMessagesApi,
  text,
  toolUse,
} from '@ccsdk/testing';

/**
 * Seed transcripts written by the REAL Claude Code CLI (2.1.332, against the scripted fake
 * Messages API): tool calls with results, a long tool result, a subagent, an image read, a
 * compaction and queued prompts. Generated at bench time into a cache folder (never committed:
 * they hold the CLI's own system prompt text and this machine's temp paths), reused while it exists.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
/** The CLI version the seeds come from; part of the cache folder's name. */
export const SEED_CLI_VERSION = '2.1.332';
/** Where the seeds are cached: `<tmp>/ccsdk-bench-seeds-<version>` (`SESSION_SEED_DIR` overrides). */
export const SEED_CACHE_DIR =
  process.env['SESSION_SEED_DIR'] ?? join(tmpdir(), `ccsdk-bench-seeds-${SEED_CLI_VERSION}`);
/** Most time one CLI run may take, in ms (the machine is shared; the CLI's start alone can take seconds). */
const CLI_RUN_TIMEOUT_MS = 180_000;

const IDS = {
  read: 'toolu_seed_read',
  glob: 'toolu_seed_glob',
  bash: 'toolu_seed_bash',
  long: 'toolu_seed_long',
  agent: 'toolu_seed_agent',
  subStep: 'toolu_seed_sub_step',
  image: 'toolu_seed_image',
} as const;

const PROSE =
  'I looked at the module, the failing assertion compares seconds with milliseconds; I changed the unit and the test passes. ';

/** The scripted model: replies keyed on the request (the CLI sends side requests in between). */
function script(request: RecordedMessagesRequest) {
  const last = request.lastUserText;
  const answered = (id: string) => request.toolResults.some((result) => result.toolUseId === id);
  if (answered(IDS.agent)) return reply(text(`the helper finished. ${PROSE}`));
  if (answered(IDS.subStep)) return reply(text('subagent: found the files, subtask done'));
  if (last.includes('SUBTASK')) return reply(toolUse('Glob', { pattern: 'src/**/*.ts' }, IDS.subStep));
  if (answered(IDS.bash)) return reply(text(`all tools done. ${PROSE.repeat(3)}`));
  if (answered(IDS.glob))
    return reply(toolUse('Bash', { command: 'ls -la src', description: 'list' }, IDS.bash));
  if (answered(IDS.read)) return reply(toolUse('Glob', { pattern: '**/*.ts' }, IDS.glob));
  if (answered(IDS.long)) return reply(text(`that is a long file. ${PROSE}`));
  if (answered(IDS.image)) return reply(text('the image is a small red square'));
  if (last.includes('TOOLS'))
    return reply(text('reading it'), toolUse('Read', { file_path: 'src/module.ts' }, IDS.read));
  if (last.includes('LONG')) return reply(toolUse('Read', { file_path: 'src/long.ts' }, IDS.long));
  if (last.includes('IMAGE')) return reply(toolUse('Read', { file_path: 'pixel.png' }, IDS.image));
  if (last.includes('SPAWN')) {
    return reply(
      text('delegating'),
      toolUse(
        'Agent',
        {
          description: 'seed subtask',
          prompt: 'SUBTASK: find the sources',
          subagent_type: 'general-purpose',
        },
        IDS.agent,
      ),
    );
  }
  return reply(text(`${PROSE}${PROSE}`));
}

/** A 2x2 red PNG (valid, tiny), for the image read. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANBAEA0UAHWQAAAABJRU5ErkJggg==',
  'base64',
);

function writeWorkingTree(cwd: string): void {
  mkdirSync(join(cwd, 'src'), { recursive: true });
  const line = 'export function double(value: number): number {\n  return value * 2;\n}\n';
  writeFileSync(join(cwd, 'src', 'module.ts'), line.repeat(40));
  const long = Array.from(
    { length: 1900 },
    (_, i) => `export const value${i} = ${i}; // "quoted" \\ tab\tcafé`,
  );
  writeFileSync(join(cwd, 'src', 'long.ts'), `${long.join('\n')}\n`);
  writeFileSync(join(cwd, 'pixel.png'), PIXEL_PNG);
}

interface CliContext {
  readonly binary: string;
  readonly cwd: string;
  readonly env: Record<string, string>;
}

/** Runs the CLI once (`-p`, stream-json output); `stdinLines` feed a stream-json input instead. */
function runCli(context: CliContext, args: string[], stdinLines?: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      context.binary,
      ['--output-format', 'stream-json', '--verbose', '--allowedTools', 'Read Glob Bash Agent', ...args],
      { cwd: context.cwd, env: context.env, stdio: [stdinLines ? 'pipe' : 'ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), CLI_RUN_TIMEOUT_MS);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    if (stdinLines && child.stdin) {
      child.stdin.write(stdinLines.map((line) => `${line}\n`).join(''));
      child.stdin.end();
    }
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const result = out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((message) => message['type'] === 'result');
      if (result === undefined)
        reject(new Error(`CLI run gave no result (exit ${code}): ${err.slice(-400)}`));
      else resolve(String(result['session_id']));
    });
  });
}

function userLine(content: string): string {
  return JSON.stringify({ type: 'user', message: { role: 'user', content } });
}

/** The sessions the seeds hold; each is a few CLI runs. */
async function writeSessions(context: CliContext): Promise<void> {
  const tools = await runCli(context, ['-p', 'TOOLS: read src/module.ts and fix it']);
  await runCli(context, ['-p', 'now explain the fix in two sentences', `--resume=${tools}`]);
  await runCli(context, ['-p', 'LONG: read src/long.ts']);
  await runCli(context, ['-p', 'please SPAWN a helper for the sources']);
  await runCli(context, ['-p', 'IMAGE: what is in pixel.png?']);
  const compacted = await runCli(context, ['-p', 'first question about the build']);
  await runCli(context, ['-p', 'second question about the tests', `--resume=${compacted}`]);
  await runCli(context, ['-p', '/compact', `--resume=${compacted}`]);
  await runCli(context, ['-p', 'after the compaction: what next?', `--resume=${compacted}`]);
  await runCli(
    context,
    ['-p', '--input-format', 'stream-json'],
    [
      userLine('queued one: look at the build'),
      userLine('queued two: and the tests'),
      userLine('queued three: TOOLS'),
    ],
  );
}

/** Every main transcript (`<project>/<id>.jsonl`, no subagent files) under `configDir/projects`. */
export function seedTranscriptPaths(configDir: string): string[] {
  const projects = join(configDir, 'projects');
  if (!existsSync(projects)) return [];
  return readdirSync(projects).flatMap((folder) =>
    readdirSync(join(projects, folder))
      .filter((name) => name.endsWith('.jsonl'))
      .sort()
      .map((name) => join(projects, folder, name)),
  );
}

/**
 * The seed transcripts' texts, generating them with the real CLI first when the cache folder
 * has none (about a minute). Throws when the CLI cannot be run.
 */
export async function realCliSeeds(cacheDir = SEED_CACHE_DIR): Promise<string[]> {
  let paths = seedTranscriptPaths(join(cacheDir, 'config'));
  if (paths.length === 0) {
    const binary = locateClaudeCodeBinary({ from: HERE });
    const fake: FakeMessagesApi = await startFakeMessagesApi({ script });
    const sandbox = await createCliSandbox({ prefix: 'ccsdk-bench-seeds-' });
    try {
      writeWorkingTree(sandbox.cwd);
      await writeSessions({ binary, cwd: sandbox.cwd, env: sandbox.fullEnv(fake.url) });
      rmSync(cacheDir, { recursive: true, force: true });
      mkdirSync(dirname(cacheDir), { recursive: true });
      renameSync(sandbox.configDir, join(cacheDir + '.partial'));
      mkdirSync(cacheDir);
      renameSync(`${cacheDir}.partial`, join(cacheDir, 'config'));
    } finally {
      await fake.close();
      await sandbox.dispose();
    }
    paths = seedTranscriptPaths(join(cacheDir, 'config'));
  }
  return paths.map((path) => readFileSync(path, 'utf8'));
}

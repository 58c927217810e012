import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** The `ccsdk` app's entry, run from source through tsx (no build needed). */
const CCSDK_MAIN = join(require.resolve('@ccsdk/cli/package.json'), '..', 'src', 'main.ts');
/** tsx's loader by absolute URL: `--import tsx` would resolve from the child's cwd. */
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;

let workDir: string | undefined;
afterEach(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
  workDir = undefined;
});

function runCcsdk(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@ccsdk/source', '--import', TSX_LOADER, CCSDK_MAIN, ...args],
      {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('the ccsdk command line', () => {
  it('should run the demo offline against the embedded scripted model and list the folder', async () => {
    workDir = await mkdtemp(join(tmpdir(), 'ccsdk-demo-'));
    await writeFile(join(workDir, 'alpha.txt'), 'a');
    await writeFile(join(workDir, 'beta.txt'), 'b');
    const env = { ...process.env };
    delete env['ANTHROPIC_API_KEY'];
    const { code, out } = await runCcsdk(['run', 'Say hello and list this folder'], workDir, env);
    expect(out).toContain('running offline against the embedded scripted model');
    expect(out).toMatch(/● session [0-9a-f-]{36}/);
    expect(out).toContain('→ Bash(ls)');
    expect(out).toContain('alpha.txt');
    expect(out).toContain('beta.txt');
    expect(out).toMatch(/✓ done in [\d.]+s · \d+ turns · \$[\d.]+/);
    expect(code).toBe(0);
  });

  it('should hand serve to the Direct Connect server command', async () => {
    workDir = await mkdtemp(join(tmpdir(), 'ccsdk-demo-'));
    const { code, out } = await runCcsdk(['serve', '--help'], workDir, process.env);
    expect(code).toBe(0);
    expect(out).toContain('Usage: ccsdk serve');
  });

  it('should print usage and exit 2 without a prompt', async () => {
    workDir = await mkdtemp(join(tmpdir(), 'ccsdk-demo-'));
    const { code, out } = await runCcsdk(['run'], workDir, process.env);
    expect(code).toBe(2);
    expect(out).toContain('Usage: ccsdk run');
  });
});

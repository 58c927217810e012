import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { disconnectBrowser, openTestPage, type TestPage } from './support/browser-page.js';
import { withDeadline } from './support/deadline.js';

/** The examples package: its web chat's server is run as a user runs it. */
const EXAMPLES_DIR = fileURLToPath(new URL('../../../examples/', import.meta.url));

/** The committed screenshot, rewritten only when `CCSDK_UPDATE_SCREENSHOT=1`. */
const COMMITTED_SCREENSHOT = join(EXAMPLES_DIR, 'src/web-chat/screenshot.png');

/** The eight bytes every PNG file starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let server: ChildProcess | undefined;
let tab: TestPage | undefined;
let scratch: string | undefined;

afterEach(async () => {
  await tab?.close();
  if (server?.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await withDeadline(exited, 15_000, 'the web chat server exiting');
  }
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  tab = server = scratch = undefined;
});
afterAll(disconnectBrowser);

/** Starts `examples/src/web-chat/server.ts` (offline: its scripted model) and resolves with its URL. */
function startWebChat(): Promise<string> {
  const env = { ...process.env };
  delete env['ANTHROPIC_API_KEY'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/web-chat/server.ts'], {
    cwd: EXAMPLES_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[web-chat] ${chunk}`));
  return withDeadline(
    new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const url = /web chat: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(seen)?.[1];
        if (url !== undefined) resolve(url);
      });
      child.once('exit', (code) => reject(new Error(`the web chat server exited (${code}): ${seen}`)));
    }),
    60_000,
    'the web chat server starting',
  );
}

describe('the web chat example in Chromium', () => {
  it('chats, asks permission in the page, and shows it all (screenshot)', async () => {
    const url = await startWebChat();
    tab = await openTestPage(url);
    const { page } = tab;
    await page.locator('#message:not([disabled])').waitFor({ timeout: 20_000 });

    await page.fill('#message', 'Hello there');
    await page.click('button[type=submit]');
    await page.locator('#log li.claude', { hasText: 'Hello! I am Claude Code' }).waitFor({ timeout: 90_000 });

    await page.locator('#message:not([disabled])').waitFor({ timeout: 20_000 });
    await page.fill('#message', 'Make a file, please');
    await page.click('button[type=submit]');
    const card = page.locator('#log li.permission');
    await card.waitFor({ timeout: 90_000 });
    expect(await card.textContent()).toContain('touch hello-from-the-web.txt');
    await card.locator('button', { hasText: 'Allow' }).click();
    await page.locator('#log li.claude', { hasText: 'Done:' }).waitFor({ timeout: 90_000 });
    await page.locator('#status', { hasText: 'ready' }).waitFor({ timeout: 10_000 });

    const lines = await page.locator('#log li').allTextContents();
    expect(lines).toEqual([
      'Hello there',
      expect.stringContaining('Hello! I am Claude Code'),
      'Make a file, please',
      'uses Bash',
      expect.stringMatching(/^Allow Bash: touch hello-from-the-web\.txt\?.*\(allowed\)$/),
      expect.stringContaining('Done: hello-from-the-web.txt is made'),
    ]);
    expect(tab.errors).toEqual([]);

    scratch = await mkdtemp(join(tmpdir(), 'ccsdk-web-chat-'));
    const path =
      process.env['CCSDK_UPDATE_SCREENSHOT'] === '1' ? COMMITTED_SCREENSHOT : join(scratch, 'shot.png');
    await page.setViewportSize({ width: 720, height: 520 });
    await page.screenshot({ path });
    const png = await readFile(path);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.length).toBeGreaterThan(5_000);
    expect(existsSync(COMMITTED_SCREENSHOT) || path === COMMITTED_SCREENSHOT).toBe(true);
  });
});

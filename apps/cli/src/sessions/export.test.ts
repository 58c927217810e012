import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getSessionInfo, getSessionMessages } from '@ccsdk/session-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy, runCcsdk } from '../../test/run-ccsdk.js';

const WITH_SUBAGENT = '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d';
const PROJECT_FOLDER = '-tmp-ccsdk-sessions-AGsyvc-cwd';

let fixture: FixtureCopy;
beforeEach(() => {
  fixture = copyFixture();
});
afterEach(() => fixture.cleanup());

/** The prompts of a session, as the library reads them. */
async function prompts(id: string): Promise<string[]> {
  const messages = await getSessionMessages(id, { configDir: fixture.configDir });
  return messages
    .filter((message) => message.type === 'user')
    .map((message) => (message.message as { content: unknown }).content)
    .filter((content): content is string => typeof content === 'string');
}

describe('ccsdk sessions export', () => {
  it('should give the raw transcript byte for byte as jsonl, to stdout or a file', async () => {
    const source = readFileSync(
      join(fixture.configDir, 'projects', PROJECT_FOLDER, `${WITH_SUBAGENT}.jsonl`),
    );
    const run = await runCcsdk(['sessions', 'export', WITH_SUBAGENT, '--format', 'jsonl'], {
      env: fixture.env,
    });
    expect(run.code).toBe(0);
    expect(Buffer.from(run.stdout, 'utf8').equals(source)).toBe(true);
    const out = join(fixture.home, 'copy.jsonl');
    const toFile = await runCcsdk(['sessions', 'export', WITH_SUBAGENT, '--format', 'jsonl', '--out', out], {
      env: fixture.env,
    });
    expect(toFile.code).toBe(0);
    expect(readFileSync(out).equals(source)).toBe(true);
    expect(readdirSync(fixture.home)).toEqual(['copy.jsonl']);
  });

  it('should write Markdown headed by title, project and date, with every prompt and the subagent quoted', async () => {
    const info = await getSessionInfo(WITH_SUBAGENT, { configDir: fixture.configDir });
    const run = await runCcsdk(['sessions', 'export', WITH_SUBAGENT, '--format', 'md'], { env: fixture.env });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`# ${info!.summary}`);
    expect(run.stdout).toContain(`- **Session:** \`${WITH_SUBAGENT}\``);
    expect(run.stdout).toContain('- **Project:** ` /tmp/ccsdk-sessions-AGsyvc/cwd `');
    expect(run.stdout).toContain('- **Date:** 2026-11-30 06:20 UTC');
    for (const prompt of await prompts(WITH_SUBAGENT)) expect(run.stdout).toContain(prompt);
    expect(run.stdout).toContain('**→ Agent** ` SUBTASK: say done `');
    expect(run.stdout).toContain('> ### User (subagent)\n>\n> SUBTASK: say done');
  });

  it('should write one self-contained HTML page with every transcript text escaped', async () => {
    const out = join(fixture.home, 'page.html');
    const run = await runCcsdk(['sessions', 'export', WITH_SUBAGENT, '--format', 'html', '--out', out], {
      env: fixture.env,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const page = readFileSync(out, 'utf8');
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('<title>please SPAWN a helper</title>');
    expect(page).not.toMatch(/<script|<link|src=|@import|url\(/i);
    // The CLI's queued notification is XML-like text: it must show as text, not as markup.
    expect(page).not.toContain('<task-notification>');
    expect(page).toContain('&lt;task-notification&gt;');
    expect(page).toContain('<div class="subagent">');
  });

  it('should refuse a missing or unknown --format with exit 2, and leave no file behind on failure', async () => {
    const none = await runCcsdk(['sessions', 'export', WITH_SUBAGENT], { env: fixture.env });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('ccsdk sessions export: --format must be md, html or jsonl, got nothing\n');
    const pdf = await runCcsdk(['sessions', 'export', WITH_SUBAGENT, '--format', 'pdf'], {
      env: fixture.env,
    });
    expect(pdf.code).toBe(2);
    expect(pdf.stderr).toContain('got "pdf"');
    const out = join(fixture.home, 'missing-folder', 'x.md');
    const unwritable = await runCcsdk(['sessions', 'export', WITH_SUBAGENT, '--format', 'md', '--out', out], {
      env: fixture.env,
    });
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/^ccsdk sessions export: cannot write .*x\.md \(ENOENT\)\n$/);
    expect(existsSync(out)).toBe(false);
  });
});

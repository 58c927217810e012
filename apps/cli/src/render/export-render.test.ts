import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, transcriptHtml } from './html.js';
import { transcriptMarkdown } from './markdown.js';
import { transcriptBlocks } from './transcript-blocks.js';

const HEADING = {
  title: 'Fix <the> login',
  sessionId: '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d',
  project: '/home/dev/app',
  date: Date.UTC(2026, 10, 30, 6, 20),
  gitBranch: 'main',
};

function conversation(prompt: string, output: string) {
  return transcriptBlocks([
    { type: 'user', message: { content: prompt }, parent_tool_use_id: null },
    {
      type: 'assistant',
      message: { content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: output } }] },
      parent_tool_use_id: null,
    },
    {
      type: 'user',
      message: { content: [{ type: 'tool_result', tool_use_id: 't1', content: output }] },
      parent_tool_use_id: null,
    },
    {
      type: 'assistant',
      message: { content: [{ type: 'text', text: 'sub says hi' }] },
      parent_tool_use_id: 't1',
    },
    { type: 'system', uuid: 's' },
  ]);
}

describe('transcriptMarkdown', () => {
  it('should head the page with title, session, project, date and branch', () => {
    const page = transcriptMarkdown(HEADING, conversation('hello', 'ls'));
    expect(page.split('\n').slice(0, 7)).toEqual([
      '# Fix <the> login',
      '',
      '- **Session:** `9b3c7197-3e2a-4067-9a59-ac9c75f8b37d`',
      '- **Project:** ` /home/dev/app `',
      '- **Date:** 2026-11-30 06:20 UTC',
      '- **Branch:** ` main `',
      '',
    ]);
    expect(page).toContain('### User\n\nhello');
    expect(page).toContain('> ### Assistant (subagent)\n>\n> sub says hi');
    expect(page).toContain('*system entry*');
  });

  it('should keep any tool output inside its fence, whatever backticks it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', 'a', '\n', '~') }), (output) => {
        const page = transcriptMarkdown(HEADING, conversation('p', output));
        const fenceOpen = /^(`{3,})\n/m.exec(page.slice(page.indexOf('← Tool result')));
        expect(fenceOpen).not.toBeNull();
        const ticks = fenceOpen![1]!;
        // The fence is longer than any backtick run of the content, so only its own closing line ends it.
        expect(Math.max(0, ...Array.from(output.matchAll(/`+/g), (run) => run[0].length))).toBeLessThan(
          ticks.length,
        );
        expect(page).toContain(`${ticks}\n${output}\n${ticks}`);
      }),
    );
  });
});

describe('transcriptHtml', () => {
  it('should escape every transcript text, so no markup from the transcript reaches the page', () => {
    fc.assert(
      // Texts never blank (a blank prompt is not shown at all, which would change the page's shape).
      fc.property(
        fc.string().map((text) => `${text}z`),
        fc.string(),
        (prompt, output) => {
          const page = transcriptHtml({ ...HEADING, title: prompt }, conversation(prompt, output));
          const plain = transcriptHtml({ ...HEADING, title: 'x' }, conversation('x', 'x'));
          // The markup is the page's own: as many tags and quotes as with harmless texts.
          for (const char of ['<', '>', '"']) expect(page.split(char).length).toBe(plain.split(char).length);
          expect(page).not.toMatch(/<script/i);
          expect(page.startsWith('<!doctype html>')).toBe(true);
        },
      ),
    );
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
  });

  it('should indent the subagent and fold tool calls and results', () => {
    const page = transcriptHtml(HEADING, conversation('hello', 'ls -la'));
    expect(page).toContain('<div class="block user">hello</div>');
    expect(page).toContain('<details class="block"><summary>→ Bash(ls -la)</summary>');
    expect(page).toContain('<div class="subagent"><div class="speaker">assistant (subagent)</div>');
  });
});

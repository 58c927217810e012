import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSnippets, extractSnippets, packageFolders } from './readme-files.js';
import { typecheckSnippets } from './typecheck-snippets.js';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SCRATCH = join(import.meta.dirname, '../.snippets');

describe('the READMEs', () => {
  it('exist for every package and app', () => {
    const missing = packageFolders(REPO_ROOT)
      .filter((dir) => !existsSync(join(dir, 'README.md')))
      .map((dir) => relative(REPO_ROOT, dir));
    expect(missing).toEqual([]);
  });

  it('hold TypeScript examples that typecheck against the current packages', () => {
    const snippets = allSnippets(REPO_ROOT);
    expect(snippets.length).toBeGreaterThanOrEqual(10);
    expect(typecheckSnippets(snippets, REPO_ROOT, SCRATCH)).toEqual([]);
  });
});

/** The targets of the Markdown links `[text](target)` in `markdown`. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

describe('the map of the project', () => {
  it('is linked from the README, and both link only to files inside the repository', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(linkTargets(readme)).toContain('docs/ARCHITECTURE.md');
    for (const doc of ['README.md', 'docs/ARCHITECTURE.md']) {
      for (const target of linkTargets(readFileSync(join(REPO_ROOT, doc), 'utf8'))) {
        const file = resolve(REPO_ROOT, dirname(doc), target.split('#')[0] ?? '');
        expect({ doc, target, inside: !relative(REPO_ROOT, file).startsWith('..') }).toEqual({
          doc,
          target,
          inside: true,
        });
        expect({ doc, target, exists: existsSync(file) }).toEqual({ doc, target, exists: true });
      }
    }
  });
});

describe('the snippet check', () => {
  it('extracts ts and typescript blocks with their line, and skips other languages', () => {
    const markdown = [
      '# x',
      '```ts',
      'const a = 1;',
      '```',
      '```sh',
      'ls',
      '```',
      '```typescript',
      'a;',
      '```',
    ];
    expect(extractSnippets('R.md', markdown.join('\n'))).toEqual([
      { readme: 'R.md', line: 2, code: 'const a = 1;' },
      { readme: 'R.md', line: 8, code: 'a;' },
    ]);
  });

  it('reports a snippet that uses the API wrongly, at its README line', () => {
    const problems = typecheckSnippets(
      [
        {
          readme: 'good.md',
          line: 1,
          code: "import { sanitizePath } from '@ccsdk/session-jsonl';\nsanitizePath('/a');",
        },
        {
          readme: 'bad.md',
          line: 7,
          code: "import { sanitizePath } from '@ccsdk/session-jsonl';\nsanitizePath(1);",
        },
      ],
      REPO_ROOT,
      join(SCRATCH, 'self-test'),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.where).toBe('bad.md:7');
    expect(problems[0]?.message).toMatch(/^snippet line 2: /);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CommandMatcher } from './command-matcher.js';
import { FileIndex } from './file-index.js';

const COMMANDS = [
  { name: 'review', displayName: 'review', description: 'Review a pull request' },
  { name: 'release-notes', displayName: 'release-notes', description: 'Write release notes' },
  { name: 'resume', displayName: 'resume', description: 'Resume a conversation', aliases: ['continue'] },
  { name: 'compact', displayName: 'compact', description: 'Clear history but keep a summary' },
  { name: 'config', displayName: 'config', description: 'Open config panel' },
  { name: 'plugin:deploy', displayName: 'deploy (plugin)', description: 'Deploy it' },
];

describe('CommandMatcher', () => {
  const matcher = new CommandMatcher(COMMANDS);
  const names = (query: string) => matcher.search(query).map((c) => c.name);

  // The official matcher answered these the same way when run on the same list.
  it.each([
    ['', []],
    ['re', ['review', 'resume', 'release-notes']],
    ['rev', ['review']],
    ['REV', ['review']],
    ['/rev', ['review']],
    ['release', ['release-notes']],
    ['con', ['config', 'resume']],
    ['c', ['config', 'compact', 'resume']],
    ['continue', ['resume']],
    ['notes', ['release-notes']],
    ['deploy', ['plugin:deploy']],
    ['plugin', ['plugin:deploy']],
    ['pull', ['review']],
    ['summary', ['compact']],
    ['xyz', []],
  ])('%j finds %j', (query, expected) => {
    expect(names(query)).toEqual(expected);
  });

  it('should honour a limit and refuse entries without names', () => {
    expect(matcher.search('re', 2).map((c) => c.name)).toEqual(['review', 'resume']);
    expect(() => new CommandMatcher([{ name: 'x' } as never])).toThrow(/displayName/);
  });

  it('should never throw on any query', () => {
    fc.assert(fc.property(fc.string(), (query) => Array.isArray(matcher.search(query))));
  });
});

const FILES = [
  'src/index.ts',
  'src/query/query-run.ts',
  'src/query/query.ts',
  'README.md',
  'packages/sdk/src/index.ts',
  'docs/ARCH.md',
  'package.json',
  'src/a/b/c/deep-file.ts',
];

describe('FileIndex', () => {
  const index = new FileIndex();
  index.loadFromFileList(FILES);

  // Hits and order as the official index gave on the same list (positions where they agree).
  it.each([
    [
      'index',
      [
        ['src/index.ts', 0, [4, 5, 6, 7, 8]],
        ['packages/sdk/src/index.ts', 0.5, [17, 18, 19, 20, 21]],
      ],
    ],
    [
      'qr',
      [
        ['src/query/query.ts', 0, [10, 13]],
        ['src/query/query-run.ts', 0.5, [10, 13]],
      ],
    ],
    [
      'src/q',
      [
        ['src/query/query.ts', 0, [0, 1, 2, 3, 4]],
        ['src/query/query-run.ts', 0.5, [0, 1, 2, 3, 4]],
      ],
    ],
    ['readme', [['README.md', 0, [0, 1, 2, 3, 4, 5]]]],
    ['ARCH', [['docs/ARCH.md', 0, [5, 6, 7, 8]]]],
    ['deep', [['src/a/b/c/deep-file.ts', 0, [10, 11, 12, 13]]]],
    ['json', [['package.json', 0, [8, 9, 10, 11]]]],
    ['zzz', []],
    [
      'i.ts',
      [
        ['src/index.ts', 0, [4, 9, 10, 11]],
        ['packages/sdk/src/index.ts', 1 / 3, [17, 22, 23, 24]],
        ['src/a/b/c/deep-file.ts', 2 / 3, [16, 19, 20, 21]],
      ],
    ],
  ] as const)('%j', (query, expected) => {
    expect(index.search(query, 10).map((m) => [m.path, m.score, m.positions])).toEqual(expected);
  });

  it('should list the top level for an empty query and honour the limit', () => {
    expect(
      index
        .search('', 10)
        .map((m) => m.path)
        .sort(),
    ).toEqual(['README.md', 'docs', 'package.json', 'packages', 'src']);
    expect(index.search('s', 2)).toHaveLength(2);
  });

  it('should load asynchronously, reset, and skip what is not a path', async () => {
    const other = new FileIndex();
    await other.loadFromFileListAsync([...FILES, 42 as never, '']);
    expect(other.search('query', 5).map((m) => m.path)).toEqual([
      'src/query/query.ts',
      'src/query/query-run.ts',
    ]);
    other.reset();
    expect(other.search('query', 5)).toEqual([]);
    expect(() => other.loadFromFileList('src' as never)).toThrow(TypeError);
  });

  it('should give positions that spell the query, for any query that matches', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (query) => {
        for (const match of index.search(query, 50)) {
          const spelled = match.positions.map((i) => match.path[i]?.toLowerCase()).join('');
          if (query !== '') expect(spelled).toBe(query.toLowerCase());
          expect(match.score).toBeGreaterThanOrEqual(0);
          expect(match.score).toBeLessThan(1);
        }
      }),
    );
  });
});

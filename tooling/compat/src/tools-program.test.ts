import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeCheck } from './compile.js';
import { OURS_SUBPATH_ENTRIES, TOOLS_PROGRAM_FILE } from './paths.js';

const OURS_SOURCES = OURS_SUBPATH_ENTRIES['sdk-tools'];
const SDK_TOOLS_DIR = join(OURS_SOURCES, '..');
const OURS_DIST = join(SDK_TOOLS_DIR, '..', '..', 'dist', 'sdk-tools.d.ts');

/** Maps both official names of the entry (`sdk-tools` and `sdk-tools.js`) to one file of ours. */
function mappedTo(file: string) {
  return {
    paths: {
      '@anthropic-ai/claude-agent-sdk/sdk-tools': [file],
      '@anthropic-ai/claude-agent-sdk/sdk-tools.js': [file],
    },
  };
}

/** The program's errors with one file of ours changed in memory. */
function errorsWith(file: string, from: string, to: string): string[] {
  const source = readFileSync(file, 'utf8');
  expect(source).toContain(from);
  const errors = typeCheck(
    [TOOLS_PROGRAM_FILE],
    mappedTo(OURS_SOURCES),
    new Map([[file, source.replace(from, to)]]),
  );
  expect(errors.every((e) => e.file === TOOLS_PROGRAM_FILE)).toBe(true);
  return errors.map((e) => e.text);
}

describe('a program written against the official built-in tool types', () => {
  it('should compile against the official package', () => {
    expect(typeCheck([TOOLS_PROGRAM_FILE])).toEqual([]);
  });

  it('should compile unchanged against @ccsdk/sdk/sdk-tools (both imports mapped by `paths`)', () => {
    expect(typeCheck([TOOLS_PROGRAM_FILE], mappedTo(OURS_SOURCES))).toEqual([]);
  });

  it('should compile unchanged against the built declarations of @ccsdk/sdk/sdk-tools', () => {
    // `pnpm test` builds the dependencies first; run `pnpm build` before running this file alone.
    expect(existsSync(OURS_DIST), `${OURS_DIST} is missing: build @ccsdk/sdk first`).toBe(true);
    expect(typeCheck([TOOLS_PROGRAM_FILE], { customConditions: [], ...mappedTo(OURS_DIST) })).toEqual([]);
  });

  it('should stop compiling when a field it reads is renamed in ours', () => {
    const texts = errorsWith(
      join(SDK_TOOLS_DIR, 'task-tools.ts'),
      '  activeForm: string;',
      '  active_form: string;',
    );
    expect(texts.join('\n')).toMatch(/Property 'activeForm' does not exist/);
  });

  it('should stop compiling when ours narrows differently (questions as a plain list, not 1 to 4)', () => {
    const texts = errorsWith(
      join(SDK_TOOLS_DIR, 'user-tools.ts'),
      '    | [Question]\n    | [Question, Question]\n    | [Question, Question, Question]\n    | [Question, Question, Question, Question];',
      ' Question[];',
    );
    expect(texts.join('\n')).toMatch(/Unused '@ts-expect-error' directive/);
    expect(texts.join('\n')).toMatch(/'first' is possibly 'undefined'/);
  });
});

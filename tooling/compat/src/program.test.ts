import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeCheck } from './compile.js';
import { OURS_ENTRY, PROGRAM_FILE } from './paths.js';

/** Maps the official package to our facade's sources. */
const TO_OURS = { paths: { '@anthropic-ai/claude-agent-sdk': [OURS_ENTRY] } };

describe('a program written against the official types', () => {
  it('should compile against the official package', () => {
    expect(typeCheck([PROGRAM_FILE])).toEqual([]);
  });

  it('should compile unchanged against @ccsdk/sdk (the import mapped by `paths`)', () => {
    expect(typeCheck([PROGRAM_FILE], TO_OURS)).toEqual([]);
  });

  it('should compile unchanged against the built declarations of @ccsdk/sdk (what npm users get)', () => {
    // `pnpm test` builds the dependencies first; run `pnpm build` before running this file alone.
    const dist = join(OURS_ENTRY, '..', '..', 'dist', 'index.d.ts');
    expect(existsSync(dist), `${dist} is missing: build @ccsdk/sdk first`).toBe(true);
    const errors = typeCheck([PROGRAM_FILE], {
      customConditions: [],
      paths: { '@anthropic-ai/claude-agent-sdk': [dist] },
    });
    expect(errors).toEqual([]);
  });

  it('should stop compiling against @ccsdk/sdk when a message type it narrows on drifts', () => {
    // Proof that the mapping really swaps the SDK: rename one field of ours, in memory only.
    const file = join(
      OURS_ENTRY,
      '..',
      '..',
      '..',
      'control-protocol',
      'src',
      'wire',
      'messages',
      'event-messages.ts',
    );
    const source = readFileSync(file, 'utf8');
    expect(source).toContain('  suggestion: string;');
    const drifted = new Map([[file, source.replace('  suggestion: string;', '  suggestion_text: string;')]]);
    const errors = typeCheck([PROGRAM_FILE], TO_OURS, drifted);
    expect(errors.map((e) => e.text).join('\n')).toMatch(/Property 'suggestion' does not exist/);
    expect(errors.every((e) => e.file === PROGRAM_FILE)).toBe(true);
  });
});

import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { COMPAT_DIR, compatCompilerOptions, typeCheck } from './compile.js';
import { SUBPATHS } from './subpaths.js';

/*
 * Every subpath must resolve as a user's compiler resolves it: with `moduleResolution` NodeNext and
 * Bundler, to our sources (the workspace's `@ccsdk/source` condition) and to the built declarations
 * (no condition, as npm users get). `sdk-tools` also under its `.js` name, the one the official
 * 0.2.74 broke.
 */

const SPECIFIERS = [...SUBPATHS.map((s) => `@ccsdk/sdk/${s}`), '@ccsdk/sdk/sdk-tools.js'];
const FROM = join(COMPAT_DIR, 'src', '__resolution-probe.ts');

const RESOLUTIONS: Record<string, ts.CompilerOptions> = {
  NodeNext: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  Bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
};

/** A program that uses a name of each subpath. */
const PROBE = `
import type { BashInput, ToolInputSchemas } from '@ccsdk/sdk/sdk-tools';
import type { FileEditInput } from '@ccsdk/sdk/sdk-tools.js';
import { query, type Options } from '@ccsdk/sdk/core';
import { extractFromBunfs } from '@ccsdk/sdk/extract';
import { getSseLastSequenceNum, type SSEOptions } from '@ccsdk/sdk/browser';
export const sse: SSEOptions = { streamUrl: '/s', sendUrl: '/e', sessionId: 'x' };
export const cursor = getSseLastSequenceNum;
export const input: ToolInputSchemas = { command: 'ls' } satisfies BashInput;
export const edit: FileEditInput = { file_path: '/a', old_string: 'a', new_string: 'b' };
export const options: Options = { cwd: extractFromBunfs('/tmp') };
export const run = query;
`;

describe.each(Object.keys(RESOLUTIONS))('the subpaths under moduleResolution %s', (mode) => {
  const base = { ...compatCompilerOptions(), ...RESOLUTIONS[mode] };

  it.each([
    ['sources', ['@ccsdk/source'], /packages\/sdk-facade\/src\/.*\.ts$/],
    ['built declarations', [], /packages\/sdk-facade\/dist\/[a-z-]+\.d\.ts$/],
  ] as const)('should resolve each to our %s', (_label, customConditions, expected) => {
    for (const specifier of SPECIFIERS) {
      const resolved = ts.resolveModuleName(
        specifier,
        FROM,
        { ...base, customConditions: [...customConditions] },
        ts.sys,
      );
      expect(resolved.resolvedModule?.resolvedFileName, specifier).toMatch(expected);
    }
  });

  it('should resolve the official entries the same way (side by side)', () => {
    for (const subpath of [...SUBPATHS, 'sdk-tools.js']) {
      const specifier = `@anthropic-ai/claude-agent-sdk/${subpath}`;
      const resolved = ts.resolveModuleName(specifier, FROM, base, ts.sys);
      expect(resolved.resolvedModule?.resolvedFileName, specifier).toMatch(
        /claude-agent-sdk\/[A-Za-z-]+\.d\.ts$/,
      );
    }
  });

  it('should compile a program importing every subpath, against the sources and the built declarations', () => {
    for (const customConditions of [['@ccsdk/source'], []]) {
      const errors = typeCheck([FROM], { ...RESOLUTIONS[mode], customConditions }, new Map([[FROM, PROBE]]));
      expect(errors.map((e) => e.text)).toEqual([]);
    }
  });
});

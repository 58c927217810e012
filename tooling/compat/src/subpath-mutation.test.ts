import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSubpathChecklist } from './checklist.js';
import { COMPAT_DIR, type CompileError, typeCheck } from './compile.js';
import { readSubpathInput } from './official-input.js';
import { OURS_SUBPATH_ENTRIES, subpathChecklistFile } from './paths.js';

/*
 * The subpath checklists must fail when ours drifts, as the root's does (mutation.test.ts). Each
 * case changes a source file of ours, or the checklist's input, in memory only and names the
 * checks that must then fail.
 */

const SDK_TOOLS_DIR = join(OURS_SUBPATH_ENTRIES['sdk-tools'], '..');

/** The names of the failing checks (`Check_X`) of a checklist, from its compile errors. */
function failingChecks(errors: CompileError[], file: string, lines: readonly string[]): string[] {
  const names = errors
    .filter((e) => e.file === file)
    .map((e) => /^export type (Check_\w+)/.exec(lines[e.line - 1] ?? '')?.[1] ?? `line ${e.line}`);
  return [...new Set(names)].sort();
}

/** `file` with `from` replaced by `to` (which must occur), served from memory. */
function edit(file: string, from: string, to: string): [string, string] {
  const source = readFileSync(file, 'utf8');
  expect(source).toContain(from);
  return [file, source.replace(from, to)];
}

/** The failing checks of the committed checklist of `subpath` with `overrides` in memory. */
function failingCommitted(
  subpath: 'core' | 'sdk-tools' | 'extract' | 'browser',
  overrides: Map<string, string>,
): string[] {
  const file = subpathChecklistFile(subpath);
  const lines = readFileSync(file, 'utf8').split('\n');
  return failingChecks(typeCheck([file], {}, overrides), file, lines);
}

describe('the subpath checklists catch drift', () => {
  it('should fail for sdk-tools when a tool type goes missing, changes a field, or loses an optional key', () => {
    const failing = failingCommitted(
      'sdk-tools',
      new Map([
        edit(OURS_SUBPATH_ENTRIES['sdk-tools'], '  TodoWriteInput,\n', ''),
        edit(join(SDK_TOOLS_DIR, 'file-tools.ts'), '  old_string: string;', '  old_string: string[];'),
        edit(join(SDK_TOOLS_DIR, 'shell-tools.ts'), '  run_in_background?: boolean;\n', ''),
        edit(join(SDK_TOOLS_DIR, 'user-tools.ts'), '    | [QuestionOption, QuestionOption]\n', ''),
      ]),
    );
    for (const expected of [
      'Check_TodoWriteInput',
      'Check_TodoWriteInput_keys',
      'Check_FileEditInput',
      'Check_BashInput_keys',
      'Check_AskUserQuestionInput',
      'Check_AskUserQuestionOutput',
    ]) {
      expect(failing).toContain(expected);
    }
    expect(failing).not.toContain('Check_GlobInput');
  });

  it('should fail for extract when the function takes or returns something else', () => {
    const source = OURS_SUBPATH_ENTRIES.extract.replace('index.ts', 'extract-from-bunfs.ts');
    const failing = failingCommitted(
      'extract',
      new Map([
        edit(
          source,
          'export function extractFromBunfs(embeddedPath: string): string {',
          'export function extractFromBunfs(embeddedPath: string, mode: number): string | undefined {',
        ),
      ]),
    );
    expect(failing).toEqual(['Check_extractFromBunfs_parameters', 'Check_extractFromBunfs_result']);
  });

  it('should fail for browser when an SSE option changes, a helper returns something else, or query takes other options', () => {
    const types = OURS_SUBPATH_ENTRIES.browser.replace('index.ts', 'browser-types.ts');
    const helpers = OURS_SUBPATH_ENTRIES.browser.replace('index.ts', 'sse-helpers.ts');
    const failing = failingCommitted(
      'browser',
      new Map([
        edit(types, '  fromSequenceNum?: number;', '  fromSequenceNum?: string;'),
        edit(
          helpers,
          'export function getSseLastSequenceNum(query: Query): number | undefined {',
          'export function getSseLastSequenceNum(query: Query): number {',
        ),
      ]),
    );
    for (const expected of [
      'Check_SSEOptions',
      'Check_BrowserQueryOptions',
      'Check_getSseLastSequenceNum_result',
    ])
      expect(failing).toContain(expected);
    expect(failing).not.toContain('Check_WebSocketOptions');
  });

  it("should fail for core when a name is not the root's, or the root's types are not re-exported", () => {
    const typesDropped = failingCommitted(
      'core',
      new Map([
        edit(
          OURS_SUBPATH_ENTRIES.core,
          "export type * from './index.js';\n",
          "export type { Options } from './index.js';\n",
        ),
      ]),
    );
    expect(typesDropped).toContain('Check_SDKMessage');
    expect(typesDropped).toContain('Check_HookInput');
    expect(typesDropped).not.toContain('Check_Options');
    const renamed = failingCommitted(
      'core',
      new Map([edit(OURS_SUBPATH_ENTRIES.core, '  query,\n', '  prewarm as query,\n')]),
    );
    expect(renamed).toEqual(['Check_query']);
  });

  it('should fail for a name an official subpath adds, for a stale subpath entry, and skip an allowed one', () => {
    const input = readSubpathInput('sdk-tools');
    const mutant = buildSubpathChecklist('sdk-tools', {
      ...input,
      official: [...input.official, { name: 'NewToolInput', isType: true, requiredTypeParameters: 0 }],
      allowList: [
        // Stale: GlobInput is the same both ways.
        {
          subpath: 'sdk-tools',
          name: 'GlobInput',
          kind: 'ours-accepts-theirs',
          why: 'a stale entry, for this test',
        },
        // Allowed: the in-memory edit below removes it from ours.
        {
          subpath: 'sdk-tools',
          name: 'WebFetchInput',
          kind: 'missing',
          why: 'a missing name, for this test',
        },
      ],
    });
    const file = join(COMPAT_DIR, 'src', 'generated', '__mutant-checklist-sdk-tools.ts');
    const augment =
      "declare module '@anthropic-ai/claude-agent-sdk/sdk-tools' { export interface NewToolInput { a: 1 } }";
    const errors = typeCheck(
      [file],
      {},
      new Map([
        [file, `${mutant}\n${augment}\n`],
        edit(OURS_SUBPATH_ENTRIES['sdk-tools'], '  WebFetchInput,\n', ''),
      ]),
    );
    const failing = failingChecks(errors, file, mutant.split('\n'));
    expect(failing).toContain('Check_NewToolInput');
    expect(failing).toContain('Check_GlobInput');
    expect(failing.filter((name) => name.startsWith('Check_WebFetchInput'))).toEqual([]);
    expect(failing).not.toContain('Check_BashInput');
  });
});

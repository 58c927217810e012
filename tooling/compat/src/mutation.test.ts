import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChecklist } from './checklist.js';
import { COMPAT_DIR, type CompileError, typeCheck } from './compile.js';
import { readChecklistInput } from './official-input.js';
import { CHECKLIST_FILE, OURS_ENTRY } from './paths.js';

/*
 * The checklist must fail when ours drifts. Each case changes a source file of ours (or the
 * checklist's input) in memory only and names the checks that must then fail.
 */

const PACKAGES = join(COMPAT_DIR, '..', '..', 'packages');
const checklistLines = readFileSync(CHECKLIST_FILE, 'utf8').split('\n');

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

describe('the checklist catches drift', () => {
  it('should fail when a name goes missing, a message shape drifts, or an Options key changes type', () => {
    const overrides = new Map([
      edit(OURS_ENTRY, '  SDKResultSuccess,\n', ''),
      edit(
        join(PACKAGES, 'control-protocol/src/wire/messages/event-messages.ts'),
        '  suggestion: string;',
        '  suggestion: number;',
      ),
      edit(
        join(PACKAGES, 'sdk-facade/src/options/options.ts'),
        '  effort?: EffortLevel;',
        '  effort?: string;',
      ),
      edit(
        join(PACKAGES, 'control-protocol/src/wire/hooks/session-hook-inputs.ts'),
        "  source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';",
        "  source: 'startup' | 'resume';",
      ),
    ]);
    const failing = failingChecks(typeCheck([CHECKLIST_FILE], {}, overrides), CHECKLIST_FILE, checklistLines);
    for (const expected of [
      'Check_SDKResultSuccess',
      'Check_SDKResultSuccess_keys',
      'Check_SDKPromptSuggestionMessage',
      'Check_SDKMessage',
      'Check_Options__effort',
      'Check_SessionStartHookInput',
      'Check_HookInput',
    ]) {
      expect(failing).toContain(expected);
    }
  });

  it('should fail when an official type gains a key the official one lacks, even an optional one', () => {
    // Mutually assignable still (optional keys), so only the extra-keys checks can see it: the
    // drift a `keyof Options` exhaustiveness check in a user's program sees.
    const overrides = new Map([
      edit(
        join(PACKAGES, 'sdk-facade/src/options/options.ts'),
        '  verbatimPrompts?: boolean;',
        '  verbatimPrompts?: boolean;\n  ourOwnKnob?: boolean;',
      ),
      edit(
        join(PACKAGES, 'sdk-facade/src/hooks/hook-types.ts'),
        '  timeout?: number;',
        '  timeout?: number;\n  timeoutMs?: number;',
      ),
    ]);
    const failing = failingChecks(typeCheck([CHECKLIST_FILE], {}, overrides), CHECKLIST_FILE, checklistLines);
    expect(failing).toEqual(['Check_HookCallbackMatcher_extra_keys', 'Check_Options_extra_keys']);
  });

  it('should fail for a name the official index adds, and for a stale allow-list entry', () => {
    const input = readChecklistInput();
    const mutant = buildChecklist({
      ...input,
      // The official index exports a new type (declared below, in memory) that ours lacks.
      official: [...input.official, { name: 'NewOfficialThing', isType: true, requiredTypeParameters: 0 }],
      // An entry claiming a difference that does not exist (SDKStatus is the same both ways).
      allowList: [
        ...input.allowList,
        {
          name: 'SDKStatus',
          kind: 'ours-accepts-theirs',
          why: 'a stale entry, for this test',
        },
      ],
    });
    const file = join(COMPAT_DIR, 'src', 'generated', '__mutant-checklist.ts');
    const augment =
      "declare module '@anthropic-ai/claude-agent-sdk' { export type NewOfficialThing = { a: 1 }; }";
    const errors = typeCheck([file], {}, new Map([[file, `${mutant}\n${augment}\n`]]));
    const failing = failingChecks(errors, file, mutant.split('\n'));
    expect(failing).toContain('Check_NewOfficialThing');
    expect(failing).toContain('Check_SDKStatus');
    expect(failing).not.toContain('Check_SDKMessage');
  });
});

import type { SystemPromptOption } from '../cli-options.js';
import { checkBoolean, checkNonEmpty, checkString, invalidOption } from './validate.js';

const EXPECTED =
  "a string, a string array, { type: 'file', path }, { type: 'custom', prompt } or { type: 'preset', preset: 'claude_code' }";

/**
 * Flags for `systemPrompt`. Unset gives `--system-prompt ""` (an explicitly empty prompt, as the
 * peer SDKs do); a string array is joined with newlines; a preset without `append` adds no
 * prompt flag.
 */
export function systemPromptArgs(value: SystemPromptOption | undefined): string[] {
  if (value === undefined) return ['--system-prompt', ''];
  if (typeof value === 'string' || Array.isArray(value)) return ['--system-prompt', promptText(value)];
  if (typeof value !== 'object' || value === null) throw invalidOption('systemPrompt', EXPECTED, value);
  switch (value.type) {
    case 'file':
      return ['--system-prompt-file', checkNonEmpty('systemPrompt.path', value.path)];
    case 'custom':
      return ['--system-prompt', promptText(value.prompt), ...snapshotArgs(value.snapshot)];
    case 'preset': {
      if (value.preset !== 'claude_code') {
        throw invalidOption('systemPrompt.preset', '"claude_code"', value.preset);
      }
      const args: string[] = [];
      if (value.append !== undefined) {
        args.push('--append-system-prompt', checkString('systemPrompt.append', value.append));
      }
      if (value.excludeDynamicSections !== undefined) {
        if (checkBoolean('systemPrompt.excludeDynamicSections', value.excludeDynamicSections)) {
          args.push('--exclude-dynamic-system-prompt-sections');
        }
      }
      args.push(...snapshotArgs(value.snapshot));
      return args;
    }
    default:
      throw invalidOption('systemPrompt', EXPECTED, value);
  }
}

function promptText(value: unknown): string {
  if (typeof value === 'string') return checkString('systemPrompt', value);
  if (Array.isArray(value)) {
    return value.map((block, i) => checkString(`systemPrompt[${i}]`, block)).join('\n');
  }
  throw invalidOption('systemPrompt', EXPECTED, value);
}

function snapshotArgs(value: unknown): string[] {
  if (value === undefined) return [];
  return ['--system-prompt-snapshot', checkBoolean('systemPrompt.snapshot', value) ? 'on' : 'off'];
}

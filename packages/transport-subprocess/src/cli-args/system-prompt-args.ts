import type { CliOptions } from '../cli-options.js';
import { checkBoolean, checkNonEmpty, checkString, invalidOption } from './validate.js';

const EXPECTED =
  "a string, a string array, { type: 'custom', prompt } or { type: 'preset', preset: 'claude_code' }";

/**
 * Flags for `systemPrompt` and `systemPromptFile`, for a host that starts the CLI with this
 * transport and sends no `initialize` prompt of its own. Unset gives `--system-prompt ""` (an
 * explicitly empty prompt); a string array is joined with newlines; a preset without `append`
 * adds no prompt flag; `systemPromptFile` is `--system-prompt-file`. Both set, or the
 * `{ type: 'file' }` form of earlier ccsdk versions, is refused rather than dropping a prompt.
 * A flag's value is bounded by the OS (128 KiB on Linux), so `@ccsdk/sdk`'s `query()` gives the
 * transport the bare preset and sends the prompt in `initialize`, as the official SDK does.
 */
export function systemPromptArgs(options: Pick<CliOptions, 'systemPrompt' | 'systemPromptFile'>): string[] {
  const value: unknown = options.systemPrompt;
  if (options.systemPromptFile !== undefined) {
    const path = checkNonEmpty('systemPromptFile', options.systemPromptFile);
    if (value !== undefined) {
      throw new TypeError('Invalid options: systemPrompt and systemPromptFile cannot be used together');
    }
    return ['--system-prompt-file', path];
  }
  if (value === undefined) return ['--system-prompt', ''];
  if (typeof value === 'string' || Array.isArray(value)) return ['--system-prompt', promptText(value)];
  if (typeof value !== 'object' || value === null) throw invalidOption('systemPrompt', EXPECTED, value);
  const prompt = value as { type?: unknown; [key: string]: unknown };
  if (prompt.type === 'file') {
    throw invalidOption('systemPrompt', `${EXPECTED} (a file is systemPromptFile)`, value);
  }
  return typedPromptArgs(prompt);
}

function typedPromptArgs(value: { type?: unknown; [key: string]: unknown }): string[] {
  switch (value.type) {
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

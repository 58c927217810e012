import { quote } from './value-checks.js';

/** The options a system prompt is read from: the official `Options` fields, and our `systemPromptFile`. */
export interface SystemPromptOptions {
  /** The official `systemPrompt`: a string, string blocks, `{ type: 'custom' }` or `{ type: 'preset' }`. */
  readonly systemPrompt?: unknown;
  /** ccsdk's extension: the CLI reads the prompt from this file (`--system-prompt-file`). */
  readonly systemPromptFile?: unknown;
}

const EXPECTED =
  "a string, a string array, { type: 'custom', prompt } or { type: 'preset', preset: 'claude_code' }";

/**
 * A `systemPrompt` option as the `initialize` request carries it, as the official SDK sends it,
 * in place of flags: no size limit of argv, not visible in `ps`, and it reaches a CLI started
 * elsewhere (over Direct Connect). `@ccsdk/sdk` sends these; the Direct Connect server puts an
 * operator's prompt into a client's `initialize` that names none.
 */
export interface SystemPromptFields {
  /** A custom prompt, as blocks (a string is one block). Unset, `['']`: an empty prompt. */
  systemPrompt?: string[];
  /** Text appended to Claude Code's own prompt (the preset's `append`). */
  appendSystemPrompt?: string;
  /** Whether the rendered prompt is recorded once and reused (the `snapshot` of either form). */
  systemPromptSnapshot?: boolean;
  /** The preset's `excludeDynamicSections`. */
  excludeDynamicSections?: boolean;
}

function invalid(name: string, expected: string, value: unknown): TypeError {
  return new TypeError(`Invalid option ${name}: expected ${expected}, got ${quote(value)}`);
}

function promptBlocks(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) {
    return value.map((block: unknown, i) => {
      if (typeof block !== 'string') throw invalid(`systemPrompt[${i}]`, 'a string', block);
      return block;
    });
  }
  throw invalid('systemPrompt', EXPECTED, value);
}

function optionalBoolean(name: string, value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(name, 'a boolean', value);
  return value;
}

function withDefined(fields: SystemPromptFields): SystemPromptFields {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/**
 * The `initialize` fields for `options.systemPrompt`. Unset gives `systemPrompt: ['']` (an
 * explicitly empty prompt, as the official SDK sends) for a CLI started from these options
 * (`startsCli`), and none for a CLI started elsewhere, which keeps the prompt its operator gave
 * it; with `systemPromptFile` (a ccsdk extension, read by the CLI from `--system-prompt-file`) it
 * gives none either. A string array keeps its blocks; a preset without `append` names no prompt
 * (Claude Code's own). Throws a `TypeError` quoting the value for a form the official types do not
 * have (the `{ type: 'file' }` of earlier ccsdk versions included), or when both `systemPrompt`
 * and `systemPromptFile` are set.
 */
export function systemPromptFields(options: SystemPromptOptions, startsCli = true): SystemPromptFields {
  const value: unknown = options.systemPrompt;
  if (options.systemPromptFile !== undefined) {
    if (value !== undefined) {
      throw new TypeError('Invalid options: systemPrompt and systemPromptFile cannot be used together');
    }
    return {};
  }
  if (value === undefined) return startsCli ? { systemPrompt: [''] } : {};
  if (typeof value === 'string' || Array.isArray(value)) return { systemPrompt: promptBlocks(value) };
  if (typeof value !== 'object' || value === null) throw invalid('systemPrompt', EXPECTED, value);
  const prompt = value as Record<string, unknown>;
  if (prompt['type'] === 'custom') {
    return withDefined({
      systemPrompt: promptBlocks(prompt['prompt']),
      systemPromptSnapshot: optionalBoolean('systemPrompt.snapshot', prompt['snapshot']),
    });
  }
  if (prompt['type'] === 'preset') {
    if (prompt['preset'] !== 'claude_code') {
      throw invalid('systemPrompt.preset', '"claude_code"', prompt['preset']);
    }
    const append = prompt['append'];
    if (append !== undefined && typeof append !== 'string') {
      throw invalid('systemPrompt.append', 'a string', append);
    }
    return withDefined({
      appendSystemPrompt: append,
      systemPromptSnapshot: optionalBoolean('systemPrompt.snapshot', prompt['snapshot']),
      excludeDynamicSections: optionalBoolean(
        'systemPrompt.excludeDynamicSections',
        prompt['excludeDynamicSections'],
      ),
    });
  }
  const hint = prompt['type'] === 'file' ? ' (a file is systemPromptFile)' : '';
  throw invalid('systemPrompt', `${EXPECTED}${hint}`, value);
}

import type { CliOptions } from '../cli-options.js';
import { skillToolEntries } from './skills.js';
import { checkListItems, invalidOption } from './validate.js';

/**
 * Flags for `tools`, `allowedTools` (with the `Skill` entries `skills` adds, without duplicates)
 * and `disallowedTools`. `tools: []` gives `--tools ""` (no built-in tools); the preset gives
 * `--tools default`; empty allow and deny lists give no flag.
 */
export function toolArgs(options: CliOptions): string[] {
  const args: string[] = [];
  const { tools } = options;
  if (tools !== undefined) {
    if (Array.isArray(tools)) {
      args.push('--tools', checkListItems('tools', tools).join(','));
    } else if (typeof tools === 'object' && tools !== null && tools.type === 'preset') {
      if (tools.preset !== 'claude_code') throw invalidOption('tools.preset', '"claude_code"', tools.preset);
      args.push('--tools', 'default');
    } else {
      throw invalidOption(
        'tools',
        "an array of tool names or { type: 'preset', preset: 'claude_code' }",
        tools,
      );
    }
  }
  const allowed = [
    ...(options.allowedTools === undefined ? [] : checkListItems('allowedTools', options.allowedTools)),
  ];
  for (const entry of skillToolEntries(options.skills)) {
    if (!allowed.includes(entry)) allowed.push(entry);
  }
  if (allowed.length > 0) args.push('--allowedTools', allowed.join(','));
  if (options.disallowedTools !== undefined) {
    const denied = checkListItems('disallowedTools', options.disallowedTools);
    if (denied.length > 0) args.push('--disallowedTools', denied.join(','));
  }
  return args;
}

import type { CliOptions } from '../cli-options.js';
import {
  checkCount,
  checkListItems,
  checkOneOf,
  checkPositiveInteger,
  checkPositiveNumber,
  checkRecord,
  checkToken,
  invalidOption,
  toJsonText,
} from './validate.js';

const THINKING_DISPLAYS = ['summarized', 'omitted'] as const;

/**
 * Flags about the model and its limits: `model`, `fallbackModel`, `advisorModel`, `betas`,
 * `maxTurns`, `maxBudgetUsd`, `taskBudget`, `thinking` (or the deprecated `maxThinkingTokens`
 * when `thinking` is unset), `effort` and `outputFormat`.
 *
 * `thinking`: adaptive gives `--thinking adaptive`; enabled with `budgetTokens` gives
 * `--max-thinking-tokens N` (without, `--thinking adaptive`, as the official SDK sends it);
 * disabled gives `--thinking disabled`; `display` adds `--thinking-display` (not for disabled).
 * Without `thinking`, `maxThinkingTokens: 0` is `--thinking disabled`, as the official sends it.
 */
export function modelArgs(options: CliOptions): string[] {
  const args: string[] = [];
  if (options.model !== undefined) args.push('--model', checkToken('model', options.model));
  if (options.fallbackModel !== undefined) {
    args.push('--fallback-model', checkToken('fallbackModel', options.fallbackModel));
  }
  if (options.advisorModel !== undefined)
    args.push('--advisor', checkToken('advisorModel', options.advisorModel));
  if (options.betas !== undefined) {
    const betas = checkListItems('betas', options.betas);
    if (betas.length > 0) args.push('--betas', betas.join(','));
  }
  if (options.maxTurns !== undefined) args.push('--max-turns', checkCount('maxTurns', options.maxTurns));
  if (options.maxBudgetUsd !== undefined) {
    args.push('--max-budget-usd', String(checkPositiveNumber('maxBudgetUsd', options.maxBudgetUsd)));
  }
  if (options.taskBudget !== undefined) {
    const budget = checkRecord('taskBudget', options.taskBudget);
    args.push('--task-budget', String(checkPositiveInteger('taskBudget.total', budget.total)));
  }
  args.push(...thinkingArgs(options));
  // A level the CLI does not know is passed too: it warns and runs with its default effort.
  if (options.effort !== undefined) args.push('--effort', checkToken('effort', options.effort));
  if (options.outputFormat !== undefined) {
    const format = checkRecord('outputFormat', options.outputFormat);
    if (format.type !== 'json_schema') throw invalidOption('outputFormat.type', '"json_schema"', format.type);
    const schema = checkRecord('outputFormat.schema', format.schema);
    args.push('--json-schema', toJsonText('outputFormat.schema', schema));
  }
  return args;
}

function thinkingArgs(options: CliOptions): string[] {
  const { thinking } = options;
  if (thinking === undefined) {
    if (options.maxThinkingTokens === undefined) return [];
    const tokens = checkCount('maxThinkingTokens', options.maxThinkingTokens);
    return Number(tokens) === 0 ? ['--thinking', 'disabled'] : ['--max-thinking-tokens', tokens];
  }
  const record = checkRecord('thinking', thinking);
  const args: string[] = [];
  switch (record.type) {
    case 'adaptive':
      args.push('--thinking', 'adaptive');
      break;
    case 'enabled':
      if (record.budgetTokens === undefined) args.push('--thinking', 'adaptive');
      else args.push('--max-thinking-tokens', checkCount('thinking.budgetTokens', record.budgetTokens));
      break;
    case 'disabled':
      return ['--thinking', 'disabled'];
    default:
      throw invalidOption('thinking.type', '"adaptive", "enabled" or "disabled"', record.type);
  }
  if (record.display !== undefined) {
    args.push('--thinking-display', checkOneOf('thinking.display', record.display, THINKING_DISPLAYS));
  }
  return args;
}

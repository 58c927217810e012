import type { CliOptions } from '../cli-options.js';
import { checkBoolean, checkNonEmpty, checkOneOf, checkToken } from './validate.js';

/**
 * Flags about permissions and the main agent: `permissionMode`, `permissionPromptToolName`
 * (`'stdio'` routes prompts over the control channel), `permissionPrompts`,
 * `allowDangerouslySkipPermissions`, `planModeInstructions` and `agent`.
 *
 * `permissionMode` is checked for shape only (a CLI release may add modes); the CLI rejects a
 * mode it does not know.
 */
export function permissionArgs(options: CliOptions): string[] {
  const args: string[] = [];
  if (options.permissionMode !== undefined) {
    args.push('--permission-mode', checkToken('permissionMode', options.permissionMode));
  }
  if (options.permissionPromptToolName !== undefined) {
    args.push(
      '--permission-prompt-tool',
      checkToken('permissionPromptToolName', options.permissionPromptToolName),
    );
  }
  if (options.permissionPrompts !== undefined) {
    args.push(
      '--permission-prompts',
      checkOneOf('permissionPrompts', options.permissionPrompts, ['host', 'none']),
    );
  }
  if (
    options.allowDangerouslySkipPermissions !== undefined &&
    checkBoolean('allowDangerouslySkipPermissions', options.allowDangerouslySkipPermissions)
  ) {
    args.push('--allow-dangerously-skip-permissions');
  }
  if (options.planModeInstructions !== undefined) {
    args.push(
      '--plan-mode-instructions',
      checkNonEmpty('planModeInstructions', options.planModeInstructions),
    );
  }
  if (options.agent !== undefined) args.push('--agent', checkToken('agent', options.agent));
  return args;
}

import type { CliOptions } from '../cli-options.js';
import { checkBoolean, checkString, checkToken, invalidOption } from './validate.js';

/**
 * Flags that pick the conversation: `continue`, `resume`, `sessionId`, `forkSession`,
 * `resumeSessionAt`, `resumeDropsTurn`, `sessionMirror`, `persistSession`.
 *
 * Ids always use the `--flag=value` form and must not start with `-`, so no id can be read as
 * another flag. `resumeSessionAt` needs `resume`, and `resumeDropsTurn` needs `resumeSessionAt`
 * (the CLI refuses both otherwise, later and less clearly).
 */
export function sessionArgs(options: CliOptions): string[] {
  const args: string[] = [];
  if (options.continue !== undefined && checkBoolean('continue', options.continue)) args.push('--continue');
  if (options.resume !== undefined) args.push(`--resume=${checkToken('resume', options.resume)}`);
  if (options.sessionId !== undefined)
    args.push(`--session-id=${checkToken('sessionId', options.sessionId)}`);
  if (options.forkSession !== undefined && checkBoolean('forkSession', options.forkSession)) {
    args.push('--fork-session');
  }
  if (options.resumeSessionAt !== undefined) {
    const at = checkToken('resumeSessionAt', options.resumeSessionAt);
    if (options.resume === undefined) {
      throw invalidOption('resumeSessionAt', 'to be used together with resume', options.resumeSessionAt);
    }
    args.push(`--resume-session-at=${at}`);
  }
  if (options.resumeDropsTurn !== undefined) {
    const turn = checkString('resumeDropsTurn', options.resumeDropsTurn);
    if (turn.startsWith('-')) {
      throw invalidOption('resumeDropsTurn', 'a string that does not start with "-"', turn);
    }
    if (options.resumeSessionAt === undefined) {
      throw invalidOption('resumeDropsTurn', 'to be used together with resumeSessionAt', turn);
    }
    args.push(`--resume-drops-turn=${turn}`);
  }
  if (options.sessionMirror !== undefined && checkBoolean('sessionMirror', options.sessionMirror)) {
    args.push('--session-mirror');
  }
  if (options.persistSession !== undefined && !checkBoolean('persistSession', options.persistSession)) {
    args.push('--no-session-persistence');
  }
  return args;
}

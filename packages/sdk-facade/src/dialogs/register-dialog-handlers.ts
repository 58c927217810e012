import type { ControlChannel } from '@ccsdk/control-protocol';
import type { Options } from '../options/options.js';
import { createElicitationHandler } from './elicitation.js';
import { createUserDialogHandler } from './user-dialog.js';

/** Answers `elicitation` and `request_user_dialog` requests on `channel` with the options' callbacks. */
export function registerDialogHandlers(
  channel: ControlChannel,
  options: Options,
  warn: (error: Error) => void,
): void {
  channel.setHandler('elicitation', createElicitationHandler(options.onElicitation, warn));
  channel.setHandler('request_user_dialog', createUserDialogHandler(options.onUserDialog, warn));
}

/** True when a callback may be asked mid-turn, so stdin must stay open until the turn's result. */
export function answersDialogs(options: Options): boolean {
  return options.onElicitation !== undefined || options.onUserDialog !== undefined;
}

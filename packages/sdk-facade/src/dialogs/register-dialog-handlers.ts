import type { ControlChannel } from '@ccsdk/control-protocol';
import type { ExtendedOptions } from '../options/options.js';
import { createElicitationHandler } from './elicitation.js';
import { createUserDialogHandler } from './user-dialog.js';

/** Answers `elicitation` and `request_user_dialog` requests on `channel` with the options' callbacks. */
export function registerDialogHandlers(
  channel: ControlChannel,
  options: ExtendedOptions,
  warn: (error: Error) => void,
): void {
  channel.setHandler('elicitation', createElicitationHandler(options.onElicitation));
  channel.setHandler('request_user_dialog', createUserDialogHandler(options.onUserDialog, warn));
}

/**
 * True when the CLI may ask a dialog mid-turn, so stdin must stay open until the turn's result:
 * a dialog callback is given, or process MCP servers are configured (they may elicit, and the
 * elicitation must get its decline).
 */
export function answersDialogs(options: ExtendedOptions): boolean {
  if (options.onElicitation !== undefined || options.onUserDialog !== undefined) return true;
  if (options.mcpConfig !== undefined) return true;
  const servers = options.mcpServers;
  return servers !== undefined && Object.values(servers).some((config) => config.type !== 'sdk');
}

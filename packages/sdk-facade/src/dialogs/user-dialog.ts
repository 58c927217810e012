import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import type { OnUserDialog, UserDialogRequest, UserDialogResult } from '../options/dialogs.js';
import { untilAborted } from './until-aborted.js';

/**
 * Answers the CLI's `request_user_dialog` control requests with `onUserDialog`. Without a
 * callback nothing is sent (another attached client may be the one that renders it; the CLI's
 * own deadline settles it), as the official SDK does. A callback that throws answers
 * `cancelled`, and the error goes to `warn`.
 */
export function createUserDialogHandler(
  onUserDialog: OnUserDialog | undefined,
  warn: (error: Error) => void,
): ControlRequestHandler {
  return async (request, { signal, requestId }) => {
    if (onUserDialog === undefined) return untilAborted(signal);
    let result: UserDialogResult | null;
    try {
      result = await onUserDialog(userDialogRequestOf(request), { signal, requestId });
    } catch (error) {
      warn(error instanceof Error ? error : new Error(String(error)));
      return { behavior: 'cancelled' };
    }
    if (result === null) return untilAborted(signal);
    if (result?.behavior === 'completed') return { behavior: 'completed', result: result.result };
    if (result?.behavior !== 'cancelled') {
      warn(
        new TypeError(
          `onUserDialog must answer { behavior: 'completed' | 'cancelled' }, got ${JSON.stringify(result)}`,
        ),
      );
    }
    return { behavior: 'cancelled' };
  };
}

function userDialogRequestOf(wire: Record<string, unknown>): UserDialogRequest {
  const payload = wire['payload'];
  const request: UserDialogRequest = {
    dialogKind: typeof wire['dialog_kind'] === 'string' ? wire['dialog_kind'] : '',
    payload:
      typeof payload === 'object' && payload !== null && !Array.isArray(payload)
        ? (payload as Record<string, unknown>)
        : {},
  };
  if (typeof wire['tool_use_id'] === 'string') request.toolUseID = wire['tool_use_id'];
  return request;
}
